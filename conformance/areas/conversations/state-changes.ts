// What the states check judges on a mock and on a deployment's test conversation alike (spec 3
// "Conversation", 4.8, 8): the answer of each operation, a refused assign to no member, the
// refused snoozes, and each operation from another status. `nowMs` is the target's now: the mock's
// clock, or this machine's against a deployment (whose clock may differ by a little: `marginMs`).
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { readConversation } from '../../kits/conversations-kit.ts';

const DAY_MS = 86_400_000;

type ManageOperation = 'assignConversation' | 'resolveConversation' | 'reopenConversation' | 'snoozeConversation';
export type Manage = <Id extends ManageOperation>(operation: Id, body?: OperationParameters<Id>['body']) => Promise<Exchange>;

/** The target's now, and how far its clock may be from it. */
export type TargetNow = { nowMs: () => Promise<number>; marginMs: number };

/** The conversation's manage routes (POST /v1/conversations/{id}/{action}), by operationId. */
export function managerOf(context: CheckContext, id: string): Manage {
  return (operation, body) => context.client.call<ManageOperation>(operation, { path: { id }, body });
}

/** A snooze without an offset, in the past, and past 90 days is refused, naming `until`. */
export async function judgeSnoozeRefusals(context: CheckContext, manage: Manage, now: TargetNow): Promise<void> {
  const nowMs = await now.nowMs();
  const noOffset = new Date(nowMs + DAY_MS).toISOString().replace(/Z$/, '');
  judgeRefused(context, 'conversations.snooze-until-offset', await manage('snoozeConversation', { until: noOffset }), [400, 422]);
  judgeRefused(
    context,
    'conversations.snooze-future',
    await manage('snoozeConversation', { until: new Date(nowMs - DAY_MS).toISOString() }),
    [422],
  );
  judgeRefused(
    context,
    'conversations.snooze-limit',
    await manage('snoozeConversation', { until: new Date(nowMs + 91 * DAY_MS).toISOString() }),
    [422],
  );
  // Short of 90 days by a minute and the margin is within them (a limit counted in whole days from tomorrow refuses it).
  const short = 60_000 + now.marginMs;
  const inLimit = await manage('snoozeConversation', { until: new Date(nowMs + 90 * DAY_MS - short).toISOString() });
  context.judge(
    'conversations.snooze-limit',
    inLimit.status !== 200 && `a snooze 90 days less ${short / 60_000} minutes ahead answered ${inLimit.status}`,
    inLimit,
  );
}

/** An id shaped like a member's that names no member of the workspace is refused, and the assignee stays. */
export async function judgeUnknownAssignee(context: CheckContext, manage: Manage, id: string, me: string): Promise<void> {
  const stranger = `mb_${'0'.repeat(10)}${context.runId
    .replace(/[^0-9a-z]/g, '')
    .padEnd(16, '0')
    .slice(0, 16)}`;
  const answer = await manage('assignConversation', { assignee_id: stranger });
  const after = await readConversation(context, id);
  const problem =
    answer.status < 400 || answer.status >= 500
      ? `assign to ${stranger}, no member of the workspace, answered ${answer.status}`
      : after.json?.assignee_id !== me && `a refused assign to ${stranger} left assignee_id ${after.json?.assignee_id}, not ${me}`;
  context.judge('conversations.assign-unknown-member', problem, answer.status < 400 || answer.status >= 500 ? answer : after);
}

/** From a snoozed conversation: assign keeps it snoozed, resolve; from resolved: snooze; from snoozed: reopen. */
export async function judgeFromAnyState(context: CheckContext, manage: Manage, me: string, now: TargetNow): Promise<void> {
  const until = new Date((await now.nowMs()) + DAY_MS).toISOString();
  const steps: [string, () => Promise<Exchange>, string][] = [
    ['assign', () => manage('assignConversation', { assignee_id: me }), 'snoozed'],
    ['resolve', () => manage('resolveConversation'), 'resolved'],
    ['snooze', () => manage('snoozeConversation', { until }), 'snoozed'],
    ['reopen', () => manage('reopenConversation'), 'open'],
  ];
  for (const [action, step, status] of steps) {
    const answer = await step();
    context.judge(
      'conversations.from-any-state',
      (answer.status !== 200 || answer.json?.status !== status) &&
        `${action} answered ${answer.status} ${answer.json?.status ?? answer.json?.error?.code ?? ''}, not 200 ${status}`,
      answer,
    );
  }
  context.expectStatus(await manage('assignConversation', { assignee_id: null }), 200);
}

function judgeRefused(context: CheckContext, rule: string, answer: Exchange, statuses: number[]): void {
  const named = answer.json?.error?.fields && 'until' in answer.json.error.fields;
  const refused =
    statuses.includes(answer.status) && (answer.status !== 422 || (answer.json?.error?.code === 'validation_failed' && named));
  context.judge(
    rule,
    !refused &&
      `answered ${answer.status} ${answer.json?.error?.code ?? answer.json?.status ?? ''}, not ${statuses.join(' or ')} naming until`,
    answer,
  );
}

export function judgeAnswer(
  context: CheckContext,
  rule: string,
  answer: Exchange,
  holds: (conversation: any) => boolean,
  what: string,
): void {
  const problem =
    answer.status !== 200
      ? `${what} answered ${answer.status}`
      : !holds(answer.json) && `after ${what}: status ${answer.json.status}, assignee_id ${answer.json.assignee_id}`;
  context.judge(rule, problem, answer);
}

/**
 * A snooze for an hour, written in Tashkent time (+05:00): the snooze ends at that instant, not at the
 * clock reading taken as UTC. A whole second, which any number of fractional digits shows exactly (spec 2.1).
 */
export async function judgeSnoozeForAnHour(context: CheckContext, manage: Manage, now: TargetNow): Promise<void> {
  const until = inTashkent(Math.floor(((await now.nowMs()) + 3_600_000) / 1000) * 1000);
  const snoozed = await manage('snoozeConversation', { until });
  judgeAnswer(context, 'conversations.snooze', snoozed, (c) => c.status === 'snoozed', `snooze until ${until}`);
  const untilShown = snoozed.json?.snoozed_until && Date.parse(snoozed.json.snoozed_until) === Date.parse(until);
  context.judge(
    'conversations.snoozed-until',
    !untilShown && `snoozed until ${until}, but snoozed_until is ${snoozed.json?.snoozed_until}`,
    snoozed,
  );
}

/** The instant written as RFC 3339 with the offset +05:00. */
function inTashkent(ms: number): string {
  return new Date(ms + 5 * 3_600_000).toISOString().replace('Z', '+05:00');
}
