// GET /_mock/workspaces/{ws}/clock/scheduled (openapi/control/inspector.yaml): what the clock
// will run as it moves, read from the records that put it there (the clock's own entries are
// bare callbacks): delivery attempts waiting (spec 6.3, 6.5), snoozed conversations (spec 3) and
// outgoing messages on their way through the simulated channel (spec 3, delivery-walk.ts).
import { channelOutcome } from '../resources/conversations/channel-outcome.ts';
import { WALK } from '../resources/conversations/delivery-walk.ts';
import type { StoredMessage } from '../resources/conversations/message-record.ts';
import { toWebhook } from '../resources/webhooks/delivery-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export type ScheduledWork = { at: string; kind: 'delivery_attempt' | 'conversation_wake_up' | 'message_step'; id: string; detail: string };

export function scheduledWork(workspace: Workspace): ScheduledWork[] {
  const { deliveries, conversations, messages } = workspace.tables;
  const work: ScheduledWork[] = [];
  // Webhook deliveries and app lifecycle deliveries (spec 6.5) wait on the same queue.
  for (const delivery of deliveries.values()) {
    if (delivery.next_attempt_at === null || (delivery.status !== 'pending' && delivery.status !== 'retrying')) continue;
    const target = toWebhook(delivery) ? delivery.webhook_id : `app ${delivery.app_id}`;
    const detail = `${delivery.event_type} to ${target} (attempt ${delivery.attempts + 1})`;
    work.push({ at: delivery.next_attempt_at, kind: 'delivery_attempt', id: delivery.id, detail });
  }
  for (const conversation of conversations.values()) {
    if (conversation.status !== 'snoozed' || !conversation.snoozed_until) continue;
    work.push({
      at: new Date(conversation.snoozed_until).toISOString(),
      kind: 'conversation_wake_up',
      id: conversation.id,
      detail: 'snoozed conversation opens again',
    });
  }
  for (const message of messages.values()) {
    const step = messageStep(workspace, message);
    if (step) work.push(step);
  }
  return work.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** How far the channel's outcome lets a message go (channel-outcome.ts): a walk stops there. */
const REACHED = { failed: 0, sent: 1, delivered: 2, read: 3 } as const;

/** The next step of an outgoing message's walk, or null when it has none (delivery-walk.ts). */
function messageStep(workspace: Workspace, message: StoredMessage): ScheduledWork | null {
  const index = WALK.findIndex((candidate) => candidate.from === message.status);
  const conversation = workspace.tables.conversations.get(message.conversation_id);
  if (!message.queued_at || index === -1 || !conversation) return null;
  // The outcome as set now. The walk follows the one set when the message was queued: after a
  // change of outcome, a message queued before it is predicted with the new one until its step's time.
  const outcome = channelOutcome(workspace.tables, conversation.channel_id);
  const step = WALK[index]!;
  const fails = outcome.status === 'failed' && outcome.failed_from === step.from;
  // As delivery-walk.ts: a walk stops where a non-failing outcome ends; a failing one goes on to its step.
  if (!fails && outcome.status !== 'failed' && REACHED[outcome.status] < index + 1) return null;
  const atMs = Date.parse(message.queued_at) + step.afterMs;
  // Due work runs as soon as it is due: a step whose time has passed is one the walk did not take.
  if (atMs <= workspace.clock.now()) return null;
  const at = new Date(atMs).toISOString();
  return { at, kind: 'message_step', id: message.id, detail: `message ${message.status} → ${fails ? 'failed' : step.status}` };
}
