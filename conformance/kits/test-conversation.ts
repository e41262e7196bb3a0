// The inputs' test conversation (`conversation_id`, harness/inputs.ts): a conversation of a test
// client that a deployment's person lets the suite write to. A check that sends to it or changes
// its state puts its status, snooze and assignee back as they were when it ends, even when it
// fails (spec 3 "Conversation": assign, resolve, reopen and snooze are accepted from any status).
import type { TestConversation } from '../../harness/target.ts';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';

/** Why a check that changes a conversation skips on a deployment that gave none. */
export const NO_TEST_CONVERSATION =
  "a deployment offers no way to make a client write in, and a real client's conversation belongs to its team: give conversation_id (--conversation-id), a test client's conversation the suite may write to";

/** The inputs' test conversation on a deployment; none on a mock, where a simulated client writes in. */
export function givenConversation(context: CheckContext): TestConversation | undefined {
  return context.target.mock ? undefined : context.target.conversation;
}

type Kept = { status: string; snoozed_until: string | null; assignee_id: string | null };

/** Runs `steps` on the conversation, then puts its status, snooze and assignee back as they were (also after a failure). */
export async function keepingConversation(context: CheckContext, id: string, steps: () => Promise<void>): Promise<void> {
  const before = await context.client.call('getConversation', { path: { id } });
  context.expectStatus(before, 200);
  const kept: Kept = { status: before.json.status, snoozed_until: before.json.snoozed_until, assignee_id: before.json.assignee_id };
  try {
    await steps();
  } finally {
    await putBack(context, id, kept);
  }
}

async function putBack(context: CheckContext, id: string, kept: Kept): Promise<void> {
  const now = await context.client.call('getConversation', { path: { id } });
  if (now.status !== 200) return;
  // send, not call: resolve and reopen get an empty JSON object as their body, which the document gives them none of.
  const manage = (action: 'resolve' | 'reopen') => context.client.send('POST', `/v1/conversations/${id}/${action}`, { body: {} });
  if (now.json.assignee_id !== kept.assignee_id)
    await context.client.call('assignConversation', { path: { id }, body: { assignee_id: kept.assignee_id } });
  const sameSnooze = sameTime(now.json.snoozed_until, kept.snoozed_until);
  if (now.json.status === kept.status && sameSnooze) return;
  // A snooze whose time is up (or all but up) by now would have woken the conversation: it is open.
  const snoozeLeft = kept.status === 'snoozed' && kept.snoozed_until !== null && Date.parse(kept.snoozed_until) > Date.now() + 60_000;
  if (kept.status === 'resolved') await manage('resolve');
  else if (snoozeLeft) await context.client.call('snoozeConversation', { path: { id }, body: { until: kept.snoozed_until! } });
  else if (now.json.status !== 'open') await manage('reopen');
}

const sameTime = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/** The caller's own member (`is_me`), or undefined when the key acts for none (spec 2.7 ties no key to a member). */
export async function ownMember(context: CheckContext): Promise<string | undefined> {
  const members = await context.client.call('listMembers');
  if (members.status !== 200) return undefined;
  return (members.json?.data ?? []).find((member: { is_me?: boolean }) => member.is_me)?.id;
}

/**
 * A message of the conversation found in its whole history (pages of 250, newest first, at most
 * 20 of them): the messages the inputs name may lie far back after many runs. `wholeHistory`: every page was read.
 */
export async function findInHistory(
  context: CheckContext,
  conversationId: string,
  messageId: string,
): Promise<{ message: any | undefined; exchange: Exchange; wholeHistory: boolean }> {
  let cursor: string | undefined;
  let exchange: Exchange | undefined;
  for (let pages = 0; pages < 20; pages++) {
    exchange = await context.client.call('listMessages', {
      path: { id: conversationId },
      query: { limit: 250, ...(cursor ? { cursor } : {}) },
    });
    context.expectStatus(exchange, 200);
    const message = (exchange.json?.data ?? []).find((candidate: { id: string }) => candidate.id === messageId);
    cursor = exchange.json?.next_cursor ?? undefined;
    if (message || !cursor) return { message, exchange, wholeHistory: !cursor };
  }
  return { message: undefined, exchange: exchange!, wholeHistory: false };
}
