// The states of a conversation (spec 3): assign, resolve, reopen and snooze from any state, and
// the automatic wake-up of a snoozed conversation when its time comes, on the workspace clock.
//
// Choices where the spec is silent: resolve and reopen of a conversation already in that state
// change nothing and send no event; a snooze always does (it sets a new time). Resolving ends the
// wait for an answer (`sla_due_at` null). Every status change sends `conversation.status_changed`,
// the automatic ones (wake-up, a client writing into a resolved or snoozed conversation) with the
// `system` actor, so that a receiver mirroring the status never misses one.
import { ApiError } from '../../errors/api-error.ts';
import type { MockState } from '../../mock-state.ts';
import { scheduleChange } from '../../workspaces/scheduled-change.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { memberIdFrom } from '../records/members.ts';
import { systemContext, type RecordContext } from '../records/record-context.ts';
import type { ConversationStatus, StoredConversation } from './conversation-record.ts';
import { conversationSummary, statusChange } from './event-summaries.ts';

/** Spec 4.8 and 8: a snooze ends within the next 90 days. */
const MAX_SNOOZE_MS = 90 * 24 * 60 * 60 * 1000;

export async function assign(
  context: RecordContext,
  conversation: StoredConversation,
  assigneeId: string | null,
): Promise<StoredConversation> {
  const assignee_id = memberIdFrom(context.workspace, assigneeId, 'assignee_id');
  const updated = await context.tables.conversations.update(conversation.id, (draft) => void (draft.assignee_id = assignee_id));
  await context.emit('conversation.assigned', conversationSummary(context.tables, updated));
  return updated;
}

export async function resolve(context: RecordContext, conversation: StoredConversation): Promise<StoredConversation> {
  if (conversation.status === 'resolved') return conversation;
  return changeStatus(context, conversation, (draft) => {
    draft.status = 'resolved';
    draft.snoozed_until = null;
    draft.sla_due_at = null;
  });
}

export async function reopen(context: RecordContext, conversation: StoredConversation): Promise<StoredConversation> {
  if (conversation.status === 'open') return conversation;
  return changeStatus(context, conversation, open);
}

export async function snooze(context: RecordContext, conversation: StoredConversation, until: string): Promise<StoredConversation> {
  const untilMs = Date.parse(until);
  const nowMs = context.workspace.now();
  // A time the schema's date-time takes but Date cannot hold (a leap second) is no time within the window either.
  if (Number.isNaN(untilMs) || untilMs <= nowMs || untilMs > nowMs + MAX_SNOOZE_MS) {
    throw new ApiError('validation_failed', { fields: { until: 'must be a time within the next 90 days' } });
  }
  const snoozedUntil = new Date(untilMs).toISOString();
  const updated = await changeStatus(context, conversation, (draft) => {
    draft.status = 'snoozed';
    draft.snoozed_until = snoozedUntil;
  });
  scheduleWakeUp(context.state, context.workspace, updated.id, snoozedUntil);
  return updated;
}

/** A client wrote in: a resolved or snoozed conversation is open again (the `system` acts). */
export async function reopenOnInbound(context: RecordContext, conversation: StoredConversation): Promise<StoredConversation> {
  return conversation.status === 'open' ? conversation : changeStatus(context, conversation, open);
}

function open(draft: StoredConversation): void {
  draft.status = 'open';
  draft.snoozed_until = null;
}

async function changeStatus(
  context: RecordContext,
  conversation: StoredConversation,
  change: (draft: StoredConversation) => void,
): Promise<StoredConversation> {
  const from: ConversationStatus = conversation.status;
  const updated = await context.tables.conversations.update(conversation.id, change);
  await context.emit('conversation.status_changed', statusChange(context.tables, updated, from));
  return updated;
}

/** The wake-ups of a workspace restored from a snapshot, which holds no clock work. */
export function resumeWakeUps(state: MockState, workspace: Workspace): void {
  for (const conversation of workspace.tables.conversations.values()) {
    if (conversation.status === 'snoozed' && conversation.snoozed_until)
      scheduleWakeUp(state, workspace, conversation.id, conversation.snoozed_until);
  }
}

/** Once the snooze commits, its end waits on the workspace clock; a later change of state makes it do nothing. */
function scheduleWakeUp(state: MockState, workspace: Workspace, conversationId: string, snoozedUntil: string): void {
  workspace.transactions.afterCommit(() => {
    scheduleChange(state, workspace, Date.parse(snoozedUntil), () => wakeUp(state, workspace, conversationId, snoozedUntil));
  });
}

/** The wake-up of a snooze, in its own transaction of the workspace (scheduleChange). */
async function wakeUp(state: MockState, workspace: Workspace, conversationId: string, snoozedUntil: string): Promise<void> {
  const conversation = workspace.tables.conversations.get(conversationId);
  if (conversation?.status !== 'snoozed' || conversation.snoozed_until !== snoozedUntil) return;
  await changeStatus(systemContext(state, workspace), conversation, open);
}

/**
 * Whether the conversation counts as open (spec 4.8: `open` includes snoozed ones whose time is
 * up), read from the clock rather than from the wake-up having run: a snapshot put back, or a
 * clock that follows real time between timer ticks, still lists it right.
 */
export function isEffectivelyOpen(conversation: StoredConversation, nowMs: number): boolean {
  if (conversation.status === 'open') return true;
  return conversation.status === 'snoozed' && conversation.snoozed_until !== null && Date.parse(conversation.snoozed_until) <= nowMs;
}
