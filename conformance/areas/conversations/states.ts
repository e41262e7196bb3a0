// Spec 3 "Conversation", 4.8 and 8: assign (a member id, or null to clear; an id that names no
// member is refused) leaves the status as it was; resolve, reopen and snooze change it; a snooze
// takes `until` with an offset within the next 90 days (90 days less a minute is within them) and
// wakes the conversation when that time arrives; the list's `status` shows each state,
// the default `open` including snoozed conversations whose time is up. Each operation is tried from
// another status too (the table's From `any`, a reading: the spec also says it does not show them).
// Lists are narrowed to the check's own channel. The wake-up needs the mock's clock, and changing a
// real conversation's state would disturb a deployment's team, so the check runs on a mock only.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import {
  clientWritesIn,
  clockForward,
  listedIds,
  mockOnly,
  myMemberId,
  newChannel,
  newClient,
  readConversation,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';
import { mockNowMs } from '../../mock-control.ts';

const DAY_MS = 86_400_000;

export const conversationStates: ActiveCheck = {
  kind: 'active',
  id: 'conversations.states',
  area: 'conversations',
  title:
    'assign, resolve, reopen and snooze change a conversation as spec 3 says; a snooze within 90 days wakes up; the list shows each status',
  spec: '3, 4.8, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    mockOnly(context, "a snooze wakes on a clock only a mock can move, and a deployment's conversations belong to its team");
    await withFrozenClock(context, async () => {
      const me = await myMemberId(context);
      const channel = await newChannel(context, 'simulator');
      const { conversation_id: id } = await clientWritesIn(context, channel.id, newClient(context, 'states'), 'Please call me back.');
      const manage = (action: string, body?: unknown) =>
        context.client.send('POST', `/v1/conversations/${id}/${action}`, body === undefined ? {} : { body });
      const listedIn = async (status: string | undefined) =>
        listedIds(context, `channel=${channel.id}&limit=250${status ? `&status=${status}` : ''}`);

      const assigned = await manage('assign', { assignee_id: me });
      judgeAnswer(context, 'conversations.assign', assigned, (c) => c.assignee_id === me && c.status === 'open', `assign to ${me}`);
      context.judge(
        'conversations.assign-body',
        assigned.status !== 200 && `{assignee_id: <member id>} answered ${assigned.status}`,
        assigned,
      );
      await judgeUnknownAssignee(context, manage, id, me);
      const cleared = await manage('assign', { assignee_id: null });
      judgeAnswer(context, 'conversations.unassign', cleared, (c) => c.assignee_id === null && c.status === 'open', 'assign null');
      context.judge('conversations.assign-body', cleared.status !== 200 && `{assignee_id: null} answered ${cleared.status}`, cleared);

      judgeAnswer(context, 'conversations.resolve', await manage('resolve'), (c) => c.status === 'resolved', 'resolve');
      await judgeListed(context, 'conversations.list-status-resolved', await listedIn('resolved'), id, true, 'status=resolved, resolved');
      await judgeListed(context, 'conversations.list-default-open', await listedIn(undefined), id, false, 'the default list, resolved');
      await judgeListed(context, 'conversations.list-status-all', await listedIn('all'), id, true, 'status=all, resolved');
      judgeAnswer(context, 'conversations.reopen', await manage('reopen'), (c) => c.status === 'open', 'reopen');
      await judgeListed(context, 'conversations.list-status-resolved', await listedIn('resolved'), id, false, 'status=resolved, open');
      await judgeListed(context, 'conversations.list-default-open', await listedIn(undefined), id, true, 'the default list, open');

      await judgeSnoozeRefusals(context, manage);
      await judgeFromAnyState(context, manage, me);
      // Written in Tashkent time (+05:00): the snooze ends at that instant, not at the clock reading taken as UTC.
      const until = inTashkent((await mockNowMs(context)) + 3_600_000);
      const snoozed = await manage('snooze', { until });
      judgeAnswer(context, 'conversations.snooze', snoozed, (c) => c.status === 'snoozed', `snooze until ${until}`);
      const untilShown = snoozed.json?.snoozed_until && Date.parse(snoozed.json.snoozed_until) === Date.parse(until);
      context.judge(
        'conversations.snoozed-until',
        !untilShown && `snoozed until ${until}, but snoozed_until is ${snoozed.json?.snoozed_until}`,
        snoozed,
      );
      await judgeListed(context, 'conversations.list-status-snoozed', await listedIn('snoozed'), id, true, 'status=snoozed, snoozed');
      await judgeListed(
        context,
        'conversations.list-default-open',
        await listedIn(undefined),
        id,
        false,
        'the default list, snoozed for an hour',
      );
      await judgeListed(context, 'conversations.list-status-all', await listedIn('all'), id, true, 'status=all, snoozed');

      await clockForward(context, 3601);
      const woken = await readConversation(context, id);
      context.judge(
        'conversations.wake-up',
        woken.json.status !== 'open' && `the snooze ended, but the conversation is ${woken.json.status}`,
        woken,
      );
      await judgeListed(
        context,
        'conversations.list-open-includes-woken',
        await listedIn('open'),
        id,
        true,
        'status=open, its snooze over',
      );
      await judgeListed(
        context,
        'conversations.list-open-includes-woken',
        await listedIn(undefined),
        id,
        true,
        'the default list, its snooze over',
      );
      await judgeListed(
        context,
        'conversations.list-status-snoozed',
        await listedIn('snoozed'),
        id,
        false,
        'status=snoozed, its snooze over',
      );
    });
  },
};

/** A snooze without an offset, in the past, and past 90 days is refused, naming `until`. */
async function judgeSnoozeRefusals(context: CheckContext, manage: (action: string, body?: unknown) => Promise<Exchange>): Promise<void> {
  const nowMs = await mockNowMs(context);
  const noOffset = new Date(nowMs + DAY_MS).toISOString().replace(/Z$/, '');
  judgeRefused(context, 'conversations.snooze-until-offset', await manage('snooze', { until: noOffset }), [400, 422]);
  judgeRefused(context, 'conversations.snooze-future', await manage('snooze', { until: new Date(nowMs - DAY_MS).toISOString() }), [422]);
  judgeRefused(
    context,
    'conversations.snooze-limit',
    await manage('snooze', { until: new Date(nowMs + 91 * DAY_MS).toISOString() }),
    [422],
  );
  // A minute short of 90 days is within them (a limit counted in whole days from tomorrow refuses it); the clock is frozen.
  const inLimit = await manage('snooze', { until: new Date(nowMs + 90 * DAY_MS - 60_000).toISOString() });
  context.judge(
    'conversations.snooze-limit',
    inLimit.status !== 200 && `a snooze 90 days less a minute ahead answered ${inLimit.status}`,
    inLimit,
  );
}

/** An id shaped like a member's that names no member of the workspace is refused, and the assignee stays. */
async function judgeUnknownAssignee(
  context: CheckContext,
  manage: (action: string, body?: unknown) => Promise<Exchange>,
  id: string,
  me: string,
): Promise<void> {
  const stranger = `mb_${'0'.repeat(10)}${context.runId
    .replace(/[^0-9a-z]/g, '')
    .padEnd(16, '0')
    .slice(0, 16)}`;
  const answer = await manage('assign', { assignee_id: stranger });
  const after = await readConversation(context, id);
  const problem =
    answer.status < 400 || answer.status >= 500
      ? `assign to ${stranger}, no member of the workspace, answered ${answer.status}`
      : after.json?.assignee_id !== me && `a refused assign to ${stranger} left assignee_id ${after.json?.assignee_id}, not ${me}`;
  context.judge('conversations.assign-unknown-member', problem, answer.status < 400 || answer.status >= 500 ? answer : after);
}

/** From a snoozed conversation: assign keeps it snoozed, resolve; from resolved: snooze; from snoozed: reopen. */
async function judgeFromAnyState(
  context: CheckContext,
  manage: (action: string, body?: unknown) => Promise<Exchange>,
  me: string,
): Promise<void> {
  const steps: [string, unknown, string][] = [
    ['assign', { assignee_id: me }, 'snoozed'],
    ['resolve', undefined, 'resolved'],
    ['snooze', { until: new Date((await mockNowMs(context)) + DAY_MS).toISOString() }, 'snoozed'],
    ['reopen', undefined, 'open'],
  ];
  for (const [action, body, status] of steps) {
    const answer = await manage(action, body);
    context.judge(
      'conversations.from-any-state',
      (answer.status !== 200 || answer.json?.status !== status) &&
        `${action} answered ${answer.status} ${answer.json?.status ?? answer.json?.error?.code ?? ''}, not 200 ${status}`,
      answer,
    );
  }
  context.expectStatus(await manage('assign', { assignee_id: null }), 200);
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

function judgeAnswer(context: CheckContext, rule: string, answer: Exchange, holds: (conversation: any) => boolean, what: string): void {
  const problem =
    answer.status !== 200
      ? `${what} answered ${answer.status}`
      : !holds(answer.json) && `after ${what}: status ${answer.json.status}, assignee_id ${answer.json.assignee_id}`;
  context.judge(rule, problem, answer);
}

async function judgeListed(
  context: CheckContext,
  rule: string,
  listed: { ids: string[]; exchange: Exchange },
  id: string,
  expected: boolean,
  what: string,
): Promise<void> {
  const shown = listed.ids.includes(id);
  context.judge(rule, shown !== expected && `${what}: the conversation is ${shown ? '' : 'not '}listed`, listed.exchange);
}

/** The instant written as RFC 3339 with the offset +05:00. */
function inTashkent(ms: number): string {
  return new Date(ms + 5 * 3_600_000).toISOString().replace('Z', '+05:00');
}
