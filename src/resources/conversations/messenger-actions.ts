// What happens in the messenger itself (spec 2.10), simulated through the control API: the client
// edits a message; in `telegram_business` chats the account owner edits theirs, either side
// deletes one (it stays in history, marked), and the owner writes from their own app (`external`).
import { ApiError } from '../../errors/api-error.ts';
import type { RecordContext } from '../records/record-context.ts';
import { recordMessage } from './message-timeline.ts';
import { noteOutbound } from './conversation-activity.ts';
import type { StoredConversation } from './conversation-record.ts';
import { messageSummary } from './event-summaries.ts';
import type { StoredMessage } from './message-record.ts';

export async function editInMessenger(context: RecordContext, message: StoredMessage, text: string): Promise<StoredMessage> {
  const { tables } = context;
  const conversation = tables.conversations.get(message.conversation_id)!;
  // Clients edit their messages in any messenger; only a business account's owner edits outgoing ones.
  if (message.direction === 'out' && !isBusinessChat(context, conversation))
    refuse('message_id', 'outgoing messages are edited only in telegram_business chats');
  if (message.deleted_at !== null) refuse('message_id', 'the message was deleted');
  const now = context.nowIso();
  const updated = await tables.messages.update(message.id, (draft) => {
    draft.text = text;
    draft.edited_at = now;
  });
  // The preview is the last message in short: it shows the new version of it.
  if (tables.messages.findBy('conversation', conversation.id).at(-1)?.id === message.id) {
    await tables.conversations.update(conversation.id, (draft) => void (draft.preview = { text, direction: message.direction }));
  }
  await context.emit('message.edited', messageSummary(tables, updated));
  return updated;
}

/** Deleting twice changes nothing more and sends no second event. */
export async function deleteInMessenger(context: RecordContext, message: StoredMessage): Promise<StoredMessage> {
  const conversation = context.tables.conversations.get(message.conversation_id)!;
  if (!isBusinessChat(context, conversation)) refuse('message_id', 'messages are deleted only in telegram_business chats');
  if (message.deleted_at !== null) return message;
  const updated = await context.tables.messages.update(message.id, (draft) => void (draft.deleted_at = context.nowIso()));
  await context.emit('message.deleted', messageSummary(context.tables, updated));
  return updated;
}

/** The owner answers from their phone: an outgoing message already `sent`, without author. */
export async function externalMessage(context: RecordContext, conversation: StoredConversation, text: string): Promise<StoredMessage> {
  if (!isBusinessChat(context, conversation)) refuse('conversation_id', 'external messages exist only in telegram_business chats');
  const { tables } = context;
  const now = context.nowIso();
  const message = await tables.messages.insert({
    id: context.workspace.newId('message'),
    conversation_id: conversation.id,
    direction: 'out',
    author_type: 'member',
    author_id: null,
    text,
    attachments: [],
    status: 'sent',
    error: null,
    client_id: null,
    created_at: now,
    edited_at: null,
    deleted_at: null,
    external: true,
    delivery_seq: 0,
    queued_at: null,
  });
  await tables.conversations.update(conversation.id, (draft) => noteOutbound(draft, text, now));
  await recordMessage(context, conversation, message);
  // Spec 6.4 sends an event for each outgoing status; this message starts out `sent`.
  await context.emit('message.sent', messageSummary(tables, message));
  return message;
}

function isBusinessChat(context: RecordContext, conversation: StoredConversation): boolean {
  return context.tables.channels.get(conversation.channel_id)?.type === 'telegram_business';
}

function refuse(field: string, reason: string): never {
  throw new ApiError('validation_failed', { fields: { [field]: reason } });
}
