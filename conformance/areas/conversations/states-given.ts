// The states check on a deployment (spec 3 "Conversation", 4.8, 8): on the inputs' test
// conversation (conversation_id) assign sets and clears the assignee leaving the status as it was,
// resolve and reopen change it, snoozes without an offset, in the past or past 90 days are
// refused, each operation is tried from another status, and a snooze for an hour shows its end.
// This machine's clock stands for the deployment's, give or take ten minutes. What needs the lists
// of a channel of the check's own, or a snooze's end waited out, is judged on a mock only. The
// conversation's status, snooze and assignee are put back as they were (kits/test-conversation.ts).
import type { CheckContext } from '../../context.ts';
import { readConversation } from '../../kits/conversations-kit.ts';
import { keepingConversation, ownMember } from '../../kits/test-conversation.ts';
import {
  judgeAnswer,
  judgeFromAnyState,
  judgeSnoozeForAnHour,
  judgeSnoozeRefusals,
  judgeUnknownAssignee,
  managerOf,
  type TargetNow,
} from './state-changes.ts';

const ON_A_MOCK: [string, string][] = [
  ['conversations.wake-up', "a snooze's end is waited out on a clock only a mock can move"],
  ['conversations.list-open-includes-woken', "a snooze's end is waited out on a clock only a mock can move"],
  ...[
    'conversations.list-default-open',
    'conversations.list-status-snoozed',
    'conversations.list-status-resolved',
    'conversations.list-status-all',
  ].map((rule): [string, string] => [
    rule,
    "the status lists are judged on a channel of the check's own, which only a mock's control API connects",
  ]),
];

const NEEDS_ME = ['conversations.assign', 'conversations.unassign', 'conversations.assign-body', 'conversations.assign-unknown-member'];

export async function judgeStatesOnGiven(context: CheckContext, id: string): Promise<void> {
  for (const [rule, reason] of ON_A_MOCK) context.skipRule(rule, reason);
  const now: TargetNow = { nowMs: async () => Date.now(), marginMs: 10 * 60_000 };
  const me = await ownMember(context);
  await keepingConversation(context, id, async () => {
    const manage = managerOf(context, id);
    if (me) await judgeAssign(context, id, me);
    else for (const rule of [...NEEDS_ME, 'conversations.from-any-state']) context.skipRule(rule, NO_MEMBER);
    judgeAnswer(context, 'conversations.resolve', await manage('resolveConversation'), (c) => c.status === 'resolved', 'resolve');
    judgeAnswer(context, 'conversations.reopen', await manage('reopenConversation'), (c) => c.status === 'open', 'reopen');
    await judgeSnoozeRefusals(context, manage, now);
    if (me) await judgeFromAnyState(context, manage, me, now);
    await judgeSnoozeForAnHour(context, manage, now);
  });
}

const NO_MEMBER = "needs the caller's own member (is_me): GET /v1/members shows none for this key";

/** Assign to the caller's member, to no member, and to null: the status stays what it was. */
async function judgeAssign(context: CheckContext, id: string, me: string): Promise<void> {
  const manage = managerOf(context, id);
  const { status } = (await readConversation(context, id)).json;
  const assigned = await manage('assignConversation', { assignee_id: me });
  judgeAnswer(context, 'conversations.assign', assigned, (c) => c.assignee_id === me && c.status === status, `assign to ${me}`);
  context.judge('conversations.assign-body', assigned.status !== 200 && `{assignee_id: <member id>} answered ${assigned.status}`, assigned);
  await judgeUnknownAssignee(context, manage, id, me);
  const cleared = await manage('assignConversation', { assignee_id: null });
  judgeAnswer(context, 'conversations.unassign', cleared, (c) => c.assignee_id === null && c.status === status, 'assign null');
  context.judge('conversations.assign-body', cleared.status !== 200 && `{assignee_id: null} answered ${cleared.status}`, cleared);
}
