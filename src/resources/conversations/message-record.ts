// A message as stored (spec 2.10): the document's Message plus `delivery_seq`, bumped whenever the
// message is queued again (retry), so that steps of an earlier walk that are still on the clock
// do nothing, and `queued_at`, when its current walk began (null for messages that never walk:
// inbound and external ones), from which a restored workspace resumes the walk. Lookups: the
// messages of a conversation, and a conversation's `client_id`s.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Message = components['schemas']['Message'];
export type MessageStatus = components['schemas']['MessageStatus'];
export type StoredMessage = Message & { delivery_seq: number; queued_at: string | null };

export const messageTable: TableDefinition<StoredMessage> = {
  document: 'crm',
  schema: 'Message',
  lookups: {
    conversation: (message) => message.conversation_id,
    clientId: (message) => (message.client_id === null ? null : clientIdKey(message.conversation_id, message.client_id)),
  },
};

/** `client_id` makes sending idempotent within its conversation (the document's 200 answer says so). */
export function clientIdKey(conversationId: string, clientId: string): string {
  return `${conversationId} ${clientId}`;
}
