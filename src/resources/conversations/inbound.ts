// A client writes in on a channel (the control API's inbound route): one conversation per client
// per channel (spec 2.9), found by the client's handle, else phone, else (with neither) name.
import { ApiError } from '../../errors/api-error.ts';
import type { Channel } from '../channels/channel-record.ts';
import { InvalidPhone, normalizePhone } from '../../records/phones-and-emails.ts';
import type { RecordContext } from '../records/record-context.ts';
import { recordMessage } from './message-timeline.ts';
import { clientLink } from './client-link.ts';
import { noteInbound } from './conversation-activity.ts';
import { clientKey, type StoredConversation } from './conversation-record.ts';
import { reopenOnInbound } from './conversation-states.ts';
import type { StoredMessage } from './message-record.ts';

export type Inbound = { text: string; name?: string; handle?: string; phone?: string };

export type Client = { name: string; handle: string; phone: string };

export async function receiveInbound(
  context: RecordContext,
  channel: Channel,
  inbound: Inbound,
): Promise<{ conversation: StoredConversation; message: StoredMessage }> {
  const { tables } = context;
  const client = clientOf(inbound);
  const now = context.nowIso();
  const known = findClient(context, channel.id, client);
  let conversation = known
    ? await learnAbout(context, known, client, inbound.name?.trim() ?? '', channel)
    : await startConversation(context, channel, client, now);
  const message = await tables.messages.insert({
    id: context.workspace.newId('message'),
    conversation_id: conversation.id,
    direction: 'in',
    author_type: 'client',
    author_id: null,
    text: inbound.text,
    attachments: [],
    status: 'received',
    error: null,
    client_id: null,
    created_at: now,
    edited_at: null,
    deleted_at: null,
    external: false,
    delivery_seq: 0,
    queued_at: null,
  });
  conversation = await tables.conversations.update(conversation.id, (draft) => noteInbound(draft, inbound.text, now));
  conversation = await reopenOnInbound(context, conversation);
  await recordMessage(context, conversation, message);
  return { conversation, message };
}

function clientOf(inbound: Inbound): Client {
  const handle = inbound.handle?.trim() ?? '';
  let phone = '';
  if (inbound.phone?.trim()) {
    try {
      phone = normalizePhone(inbound.phone);
    } catch (error) {
      if (error instanceof InvalidPhone) throw new ApiError('validation_failed', { fields: { phone: 'is not a phone number' } });
      throw error;
    }
  }
  // A messenger always shows the client somehow: without a name, by handle or phone.
  const name = inbound.name?.trim() || handle || phone;
  return { name, handle, phone };
}

/** The client's conversation: by handle; else by phone, among conversations that know no other handle; else by name. */
function findClient(context: RecordContext, channelId: string, client: Client): StoredConversation | undefined {
  const { conversations } = context.tables;
  const byPhone = () =>
    conversations
      .findBy('client', clientKey(channelId, 'phone', client.phone))
      .find((conversation) => !client.handle || !conversation.handle);
  if (client.handle)
    return conversations.firstBy('client', clientKey(channelId, 'handle', client.handle)) ?? (client.phone ? byPhone() : undefined);
  if (client.phone) return byPhone();
  return conversations.firstBy('client', clientKey(channelId, 'name', client.name));
}

async function startConversation(context: RecordContext, channel: Channel, client: Client, now: string): Promise<StoredConversation> {
  return context.tables.conversations.insert({
    id: context.workspace.newId('conversation'),
    channel_id: channel.id,
    ...client,
    ...clientLink(context.tables, channel.type, client.phone, client.handle),
    status: 'open',
    snoozed_until: null,
    assignee_id: null,
    do_not_contact: false,
    last_message_at: null,
    last_inbound_at: null,
    last_outbound_at: null,
    unread_count: 0,
    sla_due_at: null,
    preview: { text: '', direction: 'in' },
    created_at: now,
  });
}

/** What the message tells of the client: a handle or phone the conversation lacked, a new name; a contact found since. */
async function learnAbout(
  context: RecordContext,
  conversation: StoredConversation,
  client: Client,
  sentName: string,
  channel: Channel,
): Promise<StoredConversation> {
  const handle = conversation.handle || client.handle;
  const phone = conversation.phone || client.phone;
  const link = conversation.contact_id === null ? clientLink(context.tables, channel.type, phone, handle) : undefined;
  return context.tables.conversations.update(conversation.id, (draft) => {
    draft.handle = handle;
    draft.phone = phone;
    if (sentName) draft.name = sentName;
    if (link?.contact_id) Object.assign(draft, link);
  });
}
