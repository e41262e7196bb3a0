// Sending (spec 4.8, 9): a member's message is `queued` and the simulated channel walks it
// (delivery-walk.ts). `client_id` makes sending idempotent within the conversation: a repeat
// answers the message the first request queued. Requests of a workspace run one at a time
// (transactions.ts), so two concurrent sends with one `client_id` queue one message.
import { ApiError } from '../../errors/api-error.ts';
import type { RecordContext } from '../records/record-context.ts';
import { recordMessage } from './message-timeline.ts';
import { noteOutbound } from './conversation-activity.ts';
import type { StoredConversation } from './conversation-record.ts';
import { startWalk } from './delivery-walk.ts';
import { messageSummary } from './event-summaries.ts';
import { clientIdKey, type StoredMessage } from './message-record.ts';

export type MessageSend = { text: string; client_id?: string; force?: boolean };

export async function sendMessage(
  context: RecordContext,
  conversation: StoredConversation,
  body: MessageSend,
): Promise<{ message: StoredMessage; repeated: boolean }> {
  const { tables } = context;
  if (body.client_id !== undefined) {
    const queued = tables.messages.firstBy('clientId', clientIdKey(conversation.id, body.client_id));
    if (queued) return { message: queued, repeated: true };
  }
  if (conversation.do_not_contact && body.force !== true) throw new ApiError('opted_out');
  const now = context.nowIso();
  const message = await tables.messages.insert({
    id: context.workspace.newId('message'),
    conversation_id: conversation.id,
    direction: 'out',
    author_type: 'member',
    author_id: context.memberId,
    text: body.text,
    attachments: [],
    status: 'queued',
    error: null,
    client_id: body.client_id ?? null,
    created_at: now,
    edited_at: null,
    deleted_at: null,
    external: false,
    delivery_seq: 0,
    queued_at: now,
  });
  await tables.conversations.update(conversation.id, (draft) => noteOutbound(draft, body.text, now));
  await recordMessage(context, conversation, message);
  await queued(context, message);
  return { message, repeated: false };
}

/** Spec 3: a failed message is sent again; the document answers it back in `queued`, its error cleared. */
export async function retryMessage(context: RecordContext, message: StoredMessage): Promise<StoredMessage> {
  if (message.status !== 'failed') throw new ApiError('not_failed');
  const updated = await context.tables.messages.update(message.id, (draft) => {
    draft.status = 'queued';
    draft.error = null;
    draft.delivery_seq += 1;
    draft.queued_at = context.nowIso();
  });
  await queued(context, updated);
  return updated;
}

async function queued(context: RecordContext, message: StoredMessage): Promise<void> {
  await context.emit('message.queued', messageSummary(context.tables, message));
  startWalk(context, message);
}
