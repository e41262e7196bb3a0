// Spec 2.9 and 2.10: the fields of conversations and messages, as the list, the read and the
// messages list show them. On a mock a client writes in first on a channel of the check's own, so
// there is something to judge; against a deployment the check judges the conversations the
// workspace already holds (the first page of `status=all`, and the messages of the first three),
// and skips when it holds none: a deployment offers no way to start one. The inputs' test
// conversation is judged too, with what its person knows from the messenger (given-messenger.ts).
// The last message's time and the preview's direction are judged against the last times from and to the client.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import {
  CHANNEL_TYPES,
  RuleJudge,
  clientWritesIn,
  isIdOf,
  isTime,
  isTimeOrNull,
  newChannel,
  newClient,
  readConversation,
  readMessages,
} from '../../kits/conversations-kit.ts';
import { givenConversation } from '../../kits/test-conversation.ts';
import { judgeGivenMessenger } from './given-messenger.ts';

const OUTBOUND_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'];

export const conversationFields: ActiveCheck = {
  kind: 'active',
  id: 'conversations.fields',
  area: 'conversations',
  title: 'conversations and messages show the fields of spec 2.9 and 2.10 with their types and values',
  spec: '2.9, 2.10',
  basis: 'documented',
  writes: false,
  async run(context) {
    const judge = new RuleJudge(context);
    const own = context.target.mock && !context.target.readOnly ? await startOwnConversation(context, judge) : undefined;
    const list = await context.client.call('listConversations', { query: { status: 'all', limit: 50 } });
    context.expectStatus(list, 200);
    const conversations: any[] = list.json?.data ?? [];
    const given = givenConversation(context);
    if (!conversations.length && !given)
      context.skip('the workspace holds no conversation to judge, and a deployment offers no way to start one');
    for (const conversation of conversations) judgeConversation(judge, conversation, list);
    // The test conversation is judged apart: it does not push one of the workspace's own out of the three.
    const others = conversations.filter((conversation) => conversation.id !== given?.id);
    const sample = own ? conversations.filter((conversation) => conversation.id === own) : others.slice(0, 3);
    if (own && !sample.length)
      context.fail(
        `the conversation ${own} a client just started is not in the list with status=all`,
        list,
        'conversations.conversation-id',
      );
    for (const listed of sample) {
      const read = await readConversation(context, listed.id);
      judgeConversation(judge, read.json, read);
      const messages = await readMessages(context, listed.id);
      for (const message of messages.json?.data ?? []) judgeMessage(judge, message, listed.id, messages);
    }
    if (given) {
      const read = await readConversation(context, given.id);
      judgeConversation(judge, read.json, read);
      const messages = await readMessages(context, given.id);
      for (const message of messages.json?.data ?? []) judgeMessage(judge, message, given.id, messages);
      await judgeGivenMessenger(context, judge, given, read);
    }
    judge.judgeAll();
  },
};

/** A client writes in on a new channel; judges what only a fresh conversation shows. */
async function startOwnConversation(context: CheckContext, judge: RuleJudge): Promise<string> {
  const channel = await newChannel(context, 'telegram_bot');
  const client = newClient(context, 'fields');
  const written = await clientWritesIn(context, channel.id, client, 'Is the grey sofa still available?');
  const read = await readConversation(context, written.conversation_id);
  const conversation = read.json;
  const known = conversation.name === client.name && conversation.handle === client.handle && conversation.phone === client.phone;
  judge.expect(
    'conversations.client-fields',
    known,
    `the client wrote as ${JSON.stringify(client)}, the conversation shows ${JSON.stringify({ name: conversation.name, handle: conversation.handle, phone: conversation.phone })}`,
    read,
  );
  judge.expect(
    'conversations.channel-status-active',
    conversation.channel?.status === 'active',
    `a channel just connected shows status ${JSON.stringify(conversation.channel?.status)}, not active`,
    read,
  );
  judge.expect(
    'conversations.sla-due-while-waiting',
    isTime(conversation.sla_due_at),
    `a client waiting for an answer, but sla_due_at is ${JSON.stringify(conversation.sla_due_at)}`,
    read,
  );
  judge.expect(
    'conversations.unread-count',
    conversation.unread_count === 1,
    `unread_count is ${conversation.unread_count} after the client's first message`,
    read,
  );
  judge.expect(
    'conversations.preview',
    conversation.preview?.direction === 'in' && conversation.preview?.text === 'Is the grey sofa still available?',
    `preview ${JSON.stringify(conversation.preview)} is not the client's message`,
    read,
  );
  return written.conversation_id;
}

function judgeConversation(judge: RuleJudge, c: any, exchange: Exchange): void {
  const where = `conversation ${c?.id}`;
  judge.expect('conversations.conversation-id', isIdOf('cv', c.id), `${where}: id is not cv_...`, exchange);
  const channel = c.channel;
  const summary =
    channel &&
    typeof channel === 'object' &&
    isIdOf('ch', channel.id) &&
    typeof channel.name === 'string' &&
    typeof channel.status === 'string' &&
    'type' in channel;
  judge.expect(
    'conversations.channel-summary',
    Boolean(summary),
    `${where}: channel ${JSON.stringify(channel)} is not {id: ch_..., type, name, status}`,
    exchange,
  );
  judge.expect(
    'conversations.channel-type',
    (CHANNEL_TYPES as readonly string[]).includes(channel?.type),
    `${where}: channel type ${JSON.stringify(channel?.type)} is none of the spec's`,
    exchange,
  );
  judge.expect(
    'conversations.client-fields',
    ['name', 'handle', 'phone'].every((field) => typeof c[field] === 'string'),
    `${where}: name, handle and phone are not all strings`,
    exchange,
  );
  const ref = (prefix: string, value: unknown) => value === null || isIdOf(prefix, value);
  judge.expect(
    'conversations.contact-and-lead',
    ref('ct', c.contact_id) && ref('ld', c.lead_id),
    `${where}: contact_id ${JSON.stringify(c.contact_id)} or lead_id ${JSON.stringify(c.lead_id)} is no id or null`,
    exchange,
  );
  judge.expect(
    'conversations.status-values',
    ['open', 'snoozed', 'resolved'].includes(c.status),
    `${where}: status ${JSON.stringify(c.status)}`,
    exchange,
  );
  const snoozeShown = isTimeOrNull(c.snoozed_until) && (c.status !== 'snoozed' || isTime(c.snoozed_until));
  judge.expect(
    'conversations.snoozed-until',
    snoozeShown,
    `${where}: status ${c.status} with snoozed_until ${JSON.stringify(c.snoozed_until)}`,
    exchange,
  );
  judge.expect(
    'conversations.assignee-id',
    c.assignee_id === null || isIdOf('mb', c.assignee_id),
    `${where}: assignee_id ${JSON.stringify(c.assignee_id)} is no member id or null`,
    exchange,
  );
  judge.expect(
    'conversations.do-not-contact-field',
    typeof c.do_not_contact === 'boolean',
    `${where}: do_not_contact ${JSON.stringify(c.do_not_contact)} is no boolean`,
    exchange,
  );
  const times = ['last_message_at', 'last_inbound_at', 'last_outbound_at'].every((field) => isTimeOrNull(c[field]));
  judge.expect(
    'conversations.last-times',
    times,
    `${where}: last_message_at, last_inbound_at or last_outbound_at is no time or null`,
    exchange,
  );
  if (times) judgeLastMessage(judge, c, where, exchange);
  judge.expect(
    'conversations.unread-count',
    Number.isInteger(c.unread_count) && c.unread_count >= 0,
    `${where}: unread_count ${JSON.stringify(c.unread_count)}`,
    exchange,
  );
  judge.expect(
    'conversations.sla-due-while-waiting',
    isTimeOrNull(c.sla_due_at),
    `${where}: sla_due_at ${JSON.stringify(c.sla_due_at)} is no time or null`,
    exchange,
  );
  // Spec 2.9: set while the client waits for an answer, as an open conversation whose last message is the client's shows.
  if (times && c.status === 'open' && waitsForAnswer(c))
    judge.expect(
      'conversations.sla-due-while-waiting',
      isTime(c.sla_due_at),
      `${where}: open, the client's message (${c.last_inbound_at}) after the last answer (${c.last_outbound_at}), but sla_due_at is ${JSON.stringify(c.sla_due_at)}`,
      exchange,
    );
  const preview = c.preview && typeof c.preview.text === 'string' && ['in', 'out'].includes(c.preview.direction);
  judge.expect(
    'conversations.preview',
    Boolean(preview),
    `${where}: preview ${JSON.stringify(c.preview)} is not {text, direction: in|out}`,
    exchange,
  );
  judge.expect(
    'conversations.created-at',
    isTime(c.created_at),
    `${where}: created_at ${JSON.stringify(c.created_at)} is no time`,
    exchange,
  );
}

/** The client's last message came after the last one to them (or none was sent to them). */
const waitsForAnswer = (c: any) =>
  c.last_inbound_at !== null && (c.last_outbound_at === null || Date.parse(c.last_inbound_at) > Date.parse(c.last_outbound_at));

/**
 * Spec 2.9: each message is from the client or to them, so the last message is the later of the
 * last from the client and the last to them, and the preview's direction is that one's.
 */
function judgeLastMessage(judge: RuleJudge, c: any, where: string, exchange: Exchange): void {
  const [inMs, outMs] = [c.last_inbound_at, c.last_outbound_at].map((time) => (time === null ? null : Date.parse(time)));
  if (inMs === null && outMs === null) return;
  const latest = Math.max(inMs ?? -Infinity, outMs ?? -Infinity);
  judge.expect(
    'conversations.last-times',
    c.last_message_at !== null && Date.parse(c.last_message_at) === latest,
    `${where}: last_message_at ${c.last_message_at} is not the later of last_inbound_at ${c.last_inbound_at} and last_outbound_at ${c.last_outbound_at}`,
    exchange,
  );
  if (inMs === outMs) return;
  const direction = (outMs ?? -Infinity) > (inMs ?? -Infinity) ? 'out' : 'in';
  judge.expect(
    'conversations.preview',
    c.preview?.direction === direction,
    `${where}: the last message is ${direction === 'out' ? 'to' : 'from'} the client, but the preview's direction is ${JSON.stringify(c.preview?.direction)}`,
    exchange,
  );
}

function judgeMessage(judge: RuleJudge, m: any, conversationId: string, exchange: Exchange): void {
  const where = `message ${m?.id}`;
  judge.expect(
    'conversations.message-id',
    isIdOf('msg', m.id) && m.conversation_id === conversationId,
    `${where}: id is not msg_... or conversation_id is not ${conversationId}`,
    exchange,
  );
  judge.expect(
    'conversations.message-direction',
    ['in', 'out'].includes(m.direction),
    `${where}: direction ${JSON.stringify(m.direction)}`,
    exchange,
  );
  if (m.direction === 'in') {
    judge.expect(
      'conversations.author-type-client',
      m.author_type === 'client',
      `${where}: an inbound message with author_type ${JSON.stringify(m.author_type)}`,
      exchange,
    );
    judge.expect(
      'conversations.status-inbound',
      m.status === 'received',
      `${where}: an inbound message in status ${JSON.stringify(m.status)}`,
      exchange,
    );
  }
  if (m.direction === 'out')
    judge.expect(
      'conversations.status-outbound',
      OUTBOUND_STATUSES.includes(m.status),
      `${where}: an outbound message in status ${JSON.stringify(m.status)}`,
      exchange,
    );
  judge.expect(
    'conversations.author-id',
    m.author_id === null || typeof m.author_id === 'string',
    `${where}: author_id ${JSON.stringify(m.author_id)}`,
    exchange,
  );
  judge.expect(
    'conversations.message-text-attachments',
    typeof m.text === 'string' && Array.isArray(m.attachments),
    `${where}: text is no string or attachments no array`,
    exchange,
  );
  const errorShown = m.status === 'failed' ? typeof m.error === 'string' && m.error.length > 0 : m.error === null;
  judge.expect(
    'conversations.error-when-failed',
    errorShown,
    `${where}: status ${m.status} with error ${JSON.stringify(m.error)}`,
    exchange,
  );
  judge.expect(
    'conversations.client-id-field',
    m.client_id === null || (typeof m.client_id === 'string' && m.client_id.length <= 64),
    `${where}: client_id ${JSON.stringify(m.client_id)}`,
    exchange,
  );
  judge.expect(
    'conversations.message-created-at',
    isTime(m.created_at),
    `${where}: created_at ${JSON.stringify(m.created_at)} is no time`,
    exchange,
  );
  judge.expect(
    'conversations.edited-at',
    isTimeOrNull(m.edited_at),
    `${where}: edited_at ${JSON.stringify(m.edited_at)} is no time or null`,
    exchange,
  );
  judge.expect(
    'conversations.deleted-at',
    isTimeOrNull(m.deleted_at),
    `${where}: deleted_at ${JSON.stringify(m.deleted_at)} is no time or null`,
    exchange,
  );
}
