// Conversations and messages as the API shows them (spec 2.9, 2.10): the channel summary read
// from its record, and nothing of what only the mock keeps.
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { Conversation, StoredConversation } from './conversation-record.ts';
import type { Message, StoredMessage } from './message-record.ts';

export function presentConversation(tables: WorkspaceTables, conversation: StoredConversation): Conversation {
  const { channel_id, ...shown } = conversation;
  const channel = tables.channels.get(channel_id);
  if (!channel) throw new Error(`conversation ${conversation.id} has no channel ${channel_id}`);
  return { ...shown, channel: { id: channel.id, type: channel.type, name: channel.name, status: channel.status } };
}

export function presentMessage(message: StoredMessage): Message {
  const { delivery_seq: _seq, queued_at: _queuedAt, ...shown } = message;
  return shown;
}
