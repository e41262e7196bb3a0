// The simulated channel takes a queued message and walks it on the workspace clock (spec 3
// "Message (outgoing)"): `sent` 1 s after it was queued, `delivered` at 2 s, `read` at 5 s, each
// change an event, unless the channel's rules or its outcome (channel-outcome.ts) stop it earlier
// or fail it. Small delays keep tests short; a frozen clock is walked by advancing it.
import type { MockState } from '../../mock-state.ts';
import { scheduleChange } from '../../workspaces/scheduled-change.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { systemContext, type RecordContext } from '../records/record-context.ts';
import { channelOutcome, DEFAULT_FAILURE, type ChannelOutcome } from './channel-outcome.ts';
import { channelRefusal } from './channel-rules.ts';
import { messageSummary } from './event-summaries.ts';
import type { MessageStatus, StoredMessage } from './message-record.ts';

type Step = { status: 'sent' | 'delivered' | 'read'; afterMs: number; from: MessageStatus };

export const WALK: readonly Step[] = [
  { status: 'sent', afterMs: 1000, from: 'queued' },
  { status: 'delivered', afterMs: 2000, from: 'sent' },
  { status: 'read', afterMs: 5000, from: 'delivered' },
];

const REACHED: Record<ChannelOutcome['status'], number> = { failed: 0, sent: 1, delivered: 2, read: 3 };

/**
 * Starts the walk of a message just queued, once the change that queued it commits. The
 * channel's outcome is read now: a change of outcome applies to messages queued after it.
 */
export function startWalk(context: RecordContext, message: StoredMessage): void {
  const { state, workspace } = context;
  const walk = walkOf(workspace, message);
  workspace.transactions.afterCommit(() => schedule(state, workspace, walk, 0));
}

/**
 * The walks of a workspace restored from a snapshot, which holds no clock work: each message
 * still on its way takes its next step when it would have. The channel's outcome is read now.
 */
export function resumeWalks(state: MockState, workspace: Workspace): void {
  for (const message of workspace.tables.messages.values()) {
    const next = WALK.findIndex((step) => step.from === message.status);
    if (message.queued_at && next !== -1) schedule(state, workspace, walkOf(workspace, message), next);
  }
}

function walkOf(workspace: Workspace, message: StoredMessage): Walk {
  const conversation = workspace.tables.conversations.get(message.conversation_id)!;
  return {
    messageId: message.id,
    seq: message.delivery_seq,
    queuedAtMs: Date.parse(message.queued_at!),
    outcome: channelOutcome(workspace.tables, conversation.channel_id),
  };
}

type Walk = { messageId: string; seq: number; queuedAtMs: number; outcome: ChannelOutcome };

function schedule(state: MockState, workspace: Workspace, walk: Walk, index: number): void {
  const step = WALK[index];
  if (!step) return;
  scheduleChange(state, workspace, walk.queuedAtMs + step.afterMs, () => takeStep(state, workspace, walk, index));
}

/** One step of the walk, in its own transaction of the workspace (scheduleChange). */
async function takeStep(state: MockState, workspace: Workspace, walk: Walk, index: number): Promise<void> {
  const { tables } = workspace;
  const message = tables.messages.get(walk.messageId);
  const step = WALK[index]!;
  // A retry started a new walk, or the message moved on otherwise: this step is stale.
  if (!message || message.delivery_seq !== walk.seq || message.status !== step.from) return;
  const failure = failureAt(workspace, walk, message, index);
  if (failure !== null) return void (await changeStatus(state, workspace, message, 'failed', failure));
  if (walk.outcome.status !== 'failed' && REACHED[walk.outcome.status] < index + 1) return;
  await changeStatus(state, workspace, message, step.status, null);
  workspace.transactions.afterCommit(() => schedule(state, workspace, walk, index + 1));
}

/** Why the message fails at this step: the channel's rules when it is sent, then the outcome set for the channel. */
function failureAt(workspace: Workspace, walk: Walk, message: StoredMessage, index: number): string | null {
  const { tables } = workspace;
  const conversation = tables.conversations.get(message.conversation_id)!;
  const channel = tables.channels.get(conversation.channel_id)!;
  const { outcome } = walk;
  if (index === 0) {
    // The owner's permission is the messenger's state when the message goes out, not when it was queued.
    const refusal = channelRefusal(channel.type, conversation, channelOutcome(tables, channel.id), workspace.clock.now());
    if (refusal !== null) return refusal;
  }
  const failsHere = outcome.status === 'failed' && WALK[index]!.from === outcome.failed_from;
  return failsHere ? (outcome.error ?? DEFAULT_FAILURE) : null;
}

async function changeStatus(
  state: MockState,
  workspace: Workspace,
  message: StoredMessage,
  status: Step['status'] | 'failed',
  error: string | null,
): Promise<void> {
  const updated = await workspace.tables.messages.update(message.id, (draft) => {
    draft.status = status;
    draft.error = error;
  });
  await systemContext(state, workspace).emit(`message.${status}`, messageSummary(workspace.tables, updated));
}
