// Spec 4.8, 2.10 and 8: sending a message. `text` is required and up to 4096 characters (an emoji
// is one), `client_id` up to 64 and echoed; the answer is 201 with an outgoing, member-written message in
// status `queued`; a repeat with the same `client_id` returns the already queued message (any 2xx:
// the document's 200 for a repeat is inferred) and queues no second one. The messages list is
// newest first and pages with a cursor. A message sent to a deployment reaches a real client: there
// the check sends only to the inputs' test conversation (conversation_id) and puts its status, snooze
// and assignee back afterwards; on a mock, to a conversation a simulated client started.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { clientWritesIn, clockForward, myMemberId, newChannel, newClient, readMessages } from '../../kits/conversations-kit.ts';
import { NO_TEST_CONVERSATION, givenConversation, keepingConversation, ownMember } from '../../kits/test-conversation.ts';

export const sendMessage: ActiveCheck = {
  kind: 'active',
  id: 'conversations.send',
  area: 'conversations',
  title:
    'a send answers 201 with a queued member message; text and client_id limits; client_id makes it idempotent; messages list newest first',
  spec: '4.8, 2.10, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const given = givenConversation(context);
    if (given) {
      const me = await ownMember(context);
      return keepingConversation(context, given.id, () => sendAndJudge(context, given.id, { me }));
    }
    if (!context.target.mock) context.skip(NO_TEST_CONVERSATION);
    const me = await myMemberId(context);
    const channel = await newChannel(context, 'telegram_bot');
    const written = await clientWritesIn(context, channel.id, newClient(context, 'send'), 'Can I pay by card?');
    await sendAndJudge(context, written.conversation_id, { me, clientMessage: written.message_id });
  },
};

/** A second between sends: the mock's clock moves; a deployment's runs on (a moment keeps their order plain). */
async function pause(context: CheckContext): Promise<void> {
  if (context.target.mock) await clockForward(context, 1);
  else await new Promise((resolve) => setTimeout(resolve, 50));
}

/** `me`: the caller's member (a message's author); `clientMessage`: the client's message the conversation began with. */
async function sendAndJudge(
  context: CheckContext,
  conversationId: string,
  { me, clientMessage }: { me: string | undefined; clientMessage?: string },
): Promise<void> {
  const send = (body: OperationParameters<'sendMessage'>['body']) =>
    context.client.call('sendMessage', { path: { id: conversationId }, body });

  // Spec 4.8 states `text` is required; the answer, 422 validation_failed naming it, is crmkit's reading.
  // send, not call: a body without text is not of sendMessage's type, sent on purpose.
  const noText = await context.client.send('POST', `/v1/conversations/${conversationId}/messages`, {
    body: { client_id: `${context.runId}-no-text` },
  });
  const taken = noText.status < 400 && `a send without text answered ${noText.status}; text is required`;
  context.judge('conversations.send-text-required', taken, noText);
  if (noText.status >= 400) judgeRefused(context, 'conversations.send-text-required-answer', noText, 'text');
  judgeRefused(context, 'conversations.text-limit', await send({ text: 'x'.repeat(4097) }), 'text');
  judgeRefused(context, 'conversations.client-id-limit', await send({ text: 'Yes.', client_id: 'c'.repeat(65) }), 'client_id');

  await pause(context);
  const longest = await send({ text: 'y'.repeat(4096) });
  context.judge('conversations.text-limit', longest.status !== 201 && `a text of 4096 characters answered ${longest.status}`, longest);
  // Characters, not UTF-16 code units: 4096 emoji are 8192 units (and 16 KB of UTF-8).
  await pause(context);
  const emoji = await send({ text: '\u{1F6CB}'.repeat(4096) });
  context.judge(
    'conversations.text-limit',
    emoji.status !== 201 && `a text of 4096 characters, each an emoji outside the BMP, answered ${emoji.status}`,
    emoji,
  );
  const clientId = `${context.runId}-`.padEnd(64, 'k');
  await pause(context);
  const first = await send({ text: 'Yes, by card or cash.', client_id: clientId });
  context.judge('conversations.client-id-limit', first.status !== 201 && `a client_id of 64 characters answered ${first.status}`, first);
  context.expectStatus(first, 201);
  judgeQueued(context, first, me, clientId);

  const repeat = await send({ text: 'Yes, by card or cash!', client_id: clientId });
  const sameMessage = repeat.status < 300 && repeat.json?.id === first.json.id && repeat.json?.text === first.json.text;
  const messages = await readMessages(context, conversationId);
  const withClientId = (messages.json?.data ?? []).filter((message: any) => message.client_id === clientId);
  const idempotence =
    (!sameMessage || withClientId.length !== 1) &&
    `a repeat with the same client_id answered ${repeat.status} ${repeat.json?.id ?? ''}, not ${first.json.id}, and the conversation holds ${withClientId.length} messages with it`;
  context.judge('conversations.client-id-idempotent', idempotence, sameMessage ? messages : repeat);
  // Part 9 says it again ("message sending is idempotent by client_id"); conventions.yaml gives that rule to this check.
  context.judge('conventions.message-client-id-idempotent', idempotence, sameMessage ? messages : repeat);

  const ownIds = [clientMessage, longest.json?.id, emoji.json?.id, first.json.id].filter(Boolean);
  judgeNewestFirst(context, messages, ownIds);
  await judgePaging(context, conversationId, messages);
}

function judgeRefused(context: CheckContext, rule: string, answer: Exchange, field: string): void {
  const refused = answer.status === 422 && answer.json?.error?.code === 'validation_failed' && field in (answer.json.error.fields ?? {});
  context.judge(
    rule,
    !refused && `answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 422 validation_failed naming ${field}`,
    answer,
  );
}

function judgeQueued(context: CheckContext, answer: Exchange, me: string | undefined, clientId: string): void {
  const message = answer.json;
  context.judge(
    'conversations.send-answers-201',
    message.status !== 'queued' && `the new message is in status ${message.status}, not queued`,
    answer,
  );
  context.judge(
    'conversations.send-queued',
    message.status !== 'queued' && `the new message is in status ${message.status}, not queued`,
    answer,
  );
  context.judge(
    'conversations.author-type-member',
    (message.author_type !== 'member' || message.direction !== 'out') &&
      `a member's message has author_type ${message.author_type}, direction ${message.direction}`,
    answer,
  );
  if (me)
    context.judge(
      'conversations.author-id',
      message.author_id !== me && `a message sent with the key of member ${me} has author_id ${message.author_id}`,
      answer,
    );
  else context.skipRule('conversations.author-id', "needs the caller's own member (is_me): GET /v1/members shows none for this key");
  context.judge(
    'conversations.client-id-field',
    message.client_id !== clientId && `client_id ${JSON.stringify(message.client_id)} is not the one sent`,
    answer,
  );
}

/** The messages the check made, in the list, newest first (created later, listed earlier). */
function judgeNewestFirst(context: CheckContext, messages: Exchange, madeOldestFirst: string[]): void {
  const listed: string[] = (messages.json?.data ?? [])
    .map((message: { id: string }) => message.id)
    .filter((id: string) => madeOldestFirst.includes(id));
  const expected = [...madeOldestFirst].reverse();
  context.judge(
    'conversations.messages-newest-first',
    listed.join() !== expected.join() && `the messages list shows ${listed.join(', ')}; newest first is ${expected.join(', ')}`,
    messages,
  );
}

/** Pages walked of a long history (a deployment's test conversation grows with each run). */
const PAGED = 20;

/** Pages of one message each, walked by cursor, give the whole list (its newest PAGED of a longer one) in the same order. */
async function judgePaging(context: CheckContext, conversationId: string, whole: Exchange): Promise<void> {
  const all: string[] = (whole.json?.data ?? []).map((message: { id: string }) => message.id);
  const partial = all.length > PAGED || Boolean(whole.json?.next_cursor);
  const expected = all.slice(0, PAGED);
  const walked: string[] = [];
  let cursor: string | null = null;
  let page: Exchange | undefined;
  for (let pages = 0; pages <= expected.length + 1; pages++) {
    page = await context.client.call('listMessages', {
      path: { id: conversationId },
      query: { limit: 1, ...(cursor ? { cursor } : {}) },
    });
    if (page.status !== 200 || (page.json?.data?.length ?? 0) > 1)
      return context.judge(
        'conversations.messages-paging',
        `a page of limit=1 answered ${page.status} with ${page.json?.data?.length} messages`,
        page,
      );
    walked.push(...page.json.data.map((message: { id: string }) => message.id));
    cursor = page.json.next_cursor ?? null;
    if (!cursor || (partial && walked.length >= expected.length)) break;
  }
  const compared = partial ? walked.slice(0, expected.length) : walked;
  context.judge(
    'conversations.messages-paging',
    compared.join() !== expected.join() && `walking pages of one gave ${compared.join(', ')}, not ${expected.join(', ')}`,
    page,
  );
}
