// Spec 3 "Conversation", 4.8 and 8: assign (a member id, or null to clear; an id that names no
// member is refused) leaves the status as it was; resolve, reopen and snooze change it; a snooze
// takes `until` with an offset within the next 90 days (90 days less a minute is within them) and
// wakes the conversation when that time arrives; the list's `status` shows each state,
// the default `open` including snoozed conversations whose time is up. Each operation is tried from
// another status too (the table's From `any`, a reading: the spec also says it does not show them).
// Lists are narrowed to the check's own channel. A real conversation's state belongs to a
// deployment's team: there the check changes only the inputs' test conversation (states-given.ts),
// and puts it back as it was.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import {
  clientWritesIn,
  clockForward,
  listedIds,
  myMemberId,
  newChannel,
  newClient,
  readConversation,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';
import { NO_TEST_CONVERSATION, givenConversation } from '../../kits/test-conversation.ts';
import { mockNowMs } from '../../mock-control.ts';
import {
  judgeAnswer,
  judgeFromAnyState,
  judgeSnoozeForAnHour,
  judgeSnoozeRefusals,
  judgeUnknownAssignee,
  managerOf,
  type TargetNow,
} from './state-changes.ts';
import { judgeStatesOnGiven } from './states-given.ts';

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
    const given = givenConversation(context);
    if (given) return judgeStatesOnGiven(context, given.id);
    if (!context.target.mock) context.skip(NO_TEST_CONVERSATION);
    await judgeStatesOnMock(context);
  },
};

async function judgeStatesOnMock(context: CheckContext): Promise<void> {
  const now: TargetNow = { nowMs: () => mockNowMs(context), marginMs: 0 };
  await withFrozenClock(context, async () => {
    const me = await myMemberId(context);
    const channel = await newChannel(context, 'simulator');
    const { conversation_id: id } = await clientWritesIn(context, channel.id, newClient(context, 'states'), 'Please call me back.');
    const manage = managerOf(context, id);
    const listedIn = async (status: 'open' | 'snoozed' | 'resolved' | 'all' | undefined) =>
      listedIds(context, { channel: channel.id, limit: 250, ...(status ? { status } : {}) });

    const assigned = await manage('assignConversation', { assignee_id: me });
    judgeAnswer(context, 'conversations.assign', assigned, (c) => c.assignee_id === me && c.status === 'open', `assign to ${me}`);
    context.judge(
      'conversations.assign-body',
      assigned.status !== 200 && `{assignee_id: <member id>} answered ${assigned.status}`,
      assigned,
    );
    await judgeUnknownAssignee(context, manage, id, me);
    const cleared = await manage('assignConversation', { assignee_id: null });
    judgeAnswer(context, 'conversations.unassign', cleared, (c) => c.assignee_id === null && c.status === 'open', 'assign null');
    context.judge('conversations.assign-body', cleared.status !== 200 && `{assignee_id: null} answered ${cleared.status}`, cleared);

    judgeAnswer(context, 'conversations.resolve', await manage('resolveConversation'), (c) => c.status === 'resolved', 'resolve');
    await judgeListed(context, 'conversations.list-status-resolved', await listedIn('resolved'), id, true, 'status=resolved, resolved');
    await judgeListed(context, 'conversations.list-default-open', await listedIn(undefined), id, false, 'the default list, resolved');
    await judgeListed(context, 'conversations.list-status-all', await listedIn('all'), id, true, 'status=all, resolved');
    judgeAnswer(context, 'conversations.reopen', await manage('reopenConversation'), (c) => c.status === 'open', 'reopen');
    await judgeListed(context, 'conversations.list-status-resolved', await listedIn('resolved'), id, false, 'status=resolved, open');
    await judgeListed(context, 'conversations.list-default-open', await listedIn(undefined), id, true, 'the default list, open');

    await judgeSnoozeRefusals(context, manage, now);
    await judgeFromAnyState(context, manage, me, now);
    await judgeSnoozeForAnHour(context, manage, now);
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
    await judgeListed(context, 'conversations.list-open-includes-woken', await listedIn('open'), id, true, 'status=open, its snooze over');
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
