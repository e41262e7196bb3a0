// A conversation as stored (spec 2.9): `channel {id, type, name, status}` is read from the channel
// when shown (a renamed channel shows its new name everywhere). Lookups find the one conversation
// of a client on a channel (by handle, phone or name) and the conversations of a channel, contact or lead.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Conversation = components['schemas']['Conversation'];
export type ConversationStatus = components['schemas']['ConversationStatus'];
export type StoredConversation = Omit<Conversation, 'channel'> & { channel_id: string };

export const conversationTable: TableDefinition<StoredConversation> = {
  document: 'crm',
  schema: 'Conversation',
  computed: ['channel'],
  lookups: {
    channel: (conversation) => conversation.channel_id,
    client: clientKeys,
    contact: (conversation) => conversation.contact_id,
    lead: (conversation) => conversation.lead_id,
  },
};

/** The keys a client is known by on its channel: handle and phone, or, without both, the name. */
function clientKeys(conversation: StoredConversation): string[] {
  const { channel_id, handle, phone, name } = conversation;
  const keys: string[] = [];
  if (handle) keys.push(clientKey(channel_id, 'handle', handle));
  if (phone) keys.push(clientKey(channel_id, 'phone', phone));
  if (!handle && !phone) keys.push(clientKey(channel_id, 'name', name));
  return keys;
}

export function clientKey(channelId: string, kind: 'handle' | 'phone' | 'name', value: string): string {
  return `${channelId} ${kind}:${value}`;
}
