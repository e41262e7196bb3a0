// The `data.object` summaries of message.* and conversation.* events (spec 6.1, 6.4; the
// document's MessageEventObject and ConversationEventObject). `channel` is the channel's type,
// which webhook `channels` filters match.
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { ConversationStatus, StoredConversation } from './conversation-record.ts';
import type { StoredMessage } from './message-record.ts';

export function messageSummary(tables: WorkspaceTables, message: StoredMessage) {
  const conversation = tables.conversations.get(message.conversation_id)!;
  const { id, conversation_id, direction, status, text, error, client_id, edited_at, deleted_at } = message;
  return {
    id,
    object: 'message' as const,
    conversation_id,
    channel_id: conversation.channel_id,
    channel: channelType(tables, conversation),
    direction,
    status,
    text,
    error,
    client_id,
    edited_at,
    deleted_at,
  };
}

export function conversationSummary(tables: WorkspaceTables, conversation: StoredConversation) {
  const { id, channel_id, status, assignee_id, contact_id, lead_id, snoozed_until } = conversation;
  return {
    id,
    object: 'conversation' as const,
    channel_id,
    channel: channelType(tables, conversation),
    status,
    assignee_id,
    contact_id,
    lead_id,
    snoozed_until,
  };
}

export function statusChange(tables: WorkspaceTables, conversation: StoredConversation, from: ConversationStatus) {
  return { ...conversationSummary(tables, conversation), from, to: conversation.status };
}

function channelType(tables: WorkspaceTables, conversation: StoredConversation) {
  return tables.channels.get(conversation.channel_id)!.type;
}
