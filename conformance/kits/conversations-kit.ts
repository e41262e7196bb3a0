// What the conversations checks share (spec 2.9, 2.10, 3, 4.8): the simulated channels of a crmkit
// mock (openapi/control/channels.yaml), reads of a conversation and its messages, and a judge that
// gathers problems per catalog rule and judges each rule once.
//
// A deployment offers no way to make a client write in, and a message sent there reaches a real
// client: checks that need either skip against a deployment (`mockOnly`). Each check makes a
// channel of its own, so what other checks (or other runs) left in the workspace never counts.
// Conversations have no delete route: a check resolves the ones it started when the run ends.
import { advanceMockClock, controlCall, withFrozenMockClock } from '../mock-control.ts';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import type { OperationParameters } from '../operation-call.ts';

export const CHANNEL_TYPES = [
  'telegram_bot',
  'telegram_business',
  'telegram_account',
  'whatsapp',
  'instagram',
  'email',
  'webchat',
  'simulator',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** The mock's workspace, or a skip saying why a deployment cannot be checked for this. */
export function mockOnly(context: CheckContext, why: string): string {
  if (!context.target.mock) context.skip(`needs the control API of a crmkit mock: ${why}`);
  return context.target.mock.workspaceId;
}

/** Sending to a deployment's conversation would reach a real client. */
export const SENDS_REACH_CLIENTS =
  'a deployment offers no way to make a client write in, and a message sent there would reach a real client';

/** A new connected channel of this type in the mock workspace, named with the run id. */
export async function newChannel(
  context: CheckContext,
  type: ChannelType,
): Promise<{ id: string; type: string; name: string; status: string }> {
  const workspaceId = mockOnly(context, 'only the web app connects channels');
  return controlCall(context, 'POST', `/_mock/workspaces/${workspaceId}/channels`, { type, name: `conformance ${context.runId} ${type}` });
}

export type Client = { name: string; handle: string; phone: string };

let clientNumber = 0;

/** A client no other check writes as: a unique name, handle and phone (+998 90 and seven digits). */
export function newClient(context: CheckContext, label: string): Client {
  clientNumber += 1;
  const digits = String((Date.now() * 7 + clientNumber * 7919) % 10_000_000).padStart(7, '0');
  const tag = `${context.runId}-${label}-${clientNumber}`;
  return { name: `Client ${tag}`, handle: `@conf_${tag.replace(/[^a-z0-9]/gi, '_')}`, phone: `+99890${digits}` };
}

/** The client writes in on the channel; answers the conversation's and the message's ids. Resolves the conversation at the end of the run. */
export async function clientWritesIn(
  context: CheckContext,
  channelId: string,
  client: Partial<Client>,
  text: string,
): Promise<{ conversation_id: string; message_id: string }> {
  const workspaceId = mockOnly(context, 'only a messenger can make a client write in');
  const written = await controlCall(context, 'POST', `/_mock/workspaces/${workspaceId}/channels/${channelId}/inbound`, { text, ...client });
  context.cleanup(() => context.client.call('resolveConversation', { path: { id: written.conversation_id } }));
  return written;
}

/** What the channel does with the messages it takes from now on (control/channels.yaml ChannelOutcome). */
export async function setChannelOutcome(context: CheckContext, channelId: string, outcome: Record<string, unknown>): Promise<void> {
  const workspaceId = mockOnly(context, 'only the messenger decides what happens to a message');
  await controlCall(context, 'PUT', `/_mock/workspaces/${workspaceId}/channels/${channelId}/outcome`, outcome);
}

/** The client opts out on the channel (or back in). */
export async function setDoNotContact(context: CheckContext, conversationId: string, doNotContact: boolean): Promise<void> {
  const workspaceId = mockOnly(context, 'only the client opts out, in the messenger');
  await controlCall(context, 'PUT', `/_mock/workspaces/${workspaceId}/conversations/${conversationId}/do-not-contact`, {
    do_not_contact: doNotContact,
  });
}

/** Moves the mock's clock (what fell due runs before it answers). */
export async function clockForward(context: CheckContext, seconds: number): Promise<void> {
  mockOnly(context, 'the spec times its rules on a clock only a mock can move');
  await advanceMockClock(context, seconds);
}

/** Runs `steps` with the mock's clock frozen (a channel's reports come 1 s apart on it). */
export async function withFrozenClock(context: CheckContext, steps: () => Promise<void>): Promise<void> {
  mockOnly(context, 'the spec times its rules on a clock only a mock can move');
  await withFrozenMockClock(context, steps);
}

/** GET one conversation; fails the check unless it answers 200. */
export async function readConversation(context: CheckContext, id: string): Promise<Exchange> {
  const read = await context.client.call('getConversation', { path: { id } });
  context.expectStatus(read, 200);
  return read;
}

/** The newest messages of a conversation (one page of 250); fails the check unless it answers 200. */
export async function readMessages(context: CheckContext, conversationId: string): Promise<Exchange> {
  const read = await context.client.call('listMessages', { path: { id: conversationId }, query: { limit: 250 } });
  context.expectStatus(read, 200);
  return read;
}

/** One message as the messages list shows it, with the exchange it came from. */
export async function readMessage(
  context: CheckContext,
  conversationId: string,
  messageId: string,
): Promise<{ message: any; exchange: Exchange }> {
  const exchange = await readMessages(context, conversationId);
  const message = exchange.json?.data?.find((candidate: { id: string }) => candidate.id === messageId);
  if (!message) context.fail(`message ${messageId} is not in its conversation's messages list`, exchange);
  return { message, exchange };
}

/** The ids a conversation list answers (one page), failing the check unless it answers 200. */
export async function listedIds(
  context: CheckContext,
  query: OperationParameters<'listConversations'>['query'],
): Promise<{ ids: string[]; exchange: Exchange }> {
  const exchange = await context.client.call('listConversations', { query });
  context.expectStatus(exchange, 200);
  return { ids: (exchange.json?.data ?? []).map((conversation: { id: string }) => conversation.id), exchange };
}

/** The caller's own member (`is_me`), for assignments and the `mine` count. */
export async function myMemberId(context: CheckContext): Promise<string> {
  const members = await context.client.call('listMembers');
  if (members.status !== 200) context.skip(`needs the caller's own member (is_me): GET /v1/members answered ${members.status}`);
  const listed: { is_me?: boolean; id: string }[] = members.json?.data ?? [];
  const me = listed.find((member) => member.is_me);
  // Spec 2.7 gives is_me but ties no key to a member: members listed, none the caller's, is the cause to name.
  if (!me)
    context.skip(`needs the caller's own member: GET /v1/members lists ${listed.length}, none with is_me (the key acts for no member)`);
  return me.id;
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const isTime = (value: unknown): boolean => typeof value === 'string' && TIME.test(value) && !Number.isNaN(Date.parse(value));
export const isTimeOrNull = (value: unknown): boolean => value === null || isTime(value);
export const isIdOf = (prefix: string, value: unknown): boolean =>
  typeof value === 'string' && new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(value);

/**
 * Gathers problems per rule while a check walks many records, then judges each rule once: the
 * first problem of a rule (with its exchange) fails it, a rule with none passes.
 */
export class RuleJudge {
  readonly #problems = new Map<string, { problem: string; exchange: Exchange | undefined }>();
  readonly #seen = new Set<string>();
  readonly #context: CheckContext;

  constructor(context: CheckContext) {
    this.#context = context;
  }

  /** Notes that `rule` was looked at, and its problem unless `holds`. */
  expect(rule: string, holds: boolean, problem: string, exchange?: Exchange): void {
    this.#seen.add(rule);
    if (!holds && !this.#problems.has(rule)) this.#problems.set(rule, { problem, exchange });
  }

  /** Judges every rule looked at, in the order first seen. */
  judgeAll(): void {
    for (const rule of this.#seen) {
      const found = this.#problems.get(rule);
      this.#context.judge(rule, found?.problem, found?.exchange);
    }
  }
}
