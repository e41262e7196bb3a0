// Where webhook deliveries meet the named faults. A delivery is sent by the mock's queue, not
// answered to a request, so the faults that break delivery rules cannot wrap the request handle:
// the queue passes each attempt through here before it is signed and sent (webhook-attempt.ts,
// prepareWebhookAttempt), each failed attempt's next time (nextWebhookAttemptAt), the webhooks an event goes
// to (fan-out.ts), and asks here whether a rule of the queue is kept (disabling on a 410,
// failing queued deliveries on disabling, what enable resends and in which order, a success
// ending a failure streak). With no fault switched on, the attempt goes out, and is retried, as
// the spec has it; the webhook faults' module is loaded only once one of them is on (index.ts).
import type { EventEnvelope } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import type { StoredWebhook } from '../resources/webhooks/webhook-record.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { AttemptInfo, Fault, NextAttemptInfo } from './fault.ts';
import { faultsOn } from './index.ts';

/** Rules of the delivery queue a named fault may break (`breaks` of a webhook fault). */
export type QueueRule =
  /** Spec 3: an endpoint answering 410 disables the webhook. */
  | 'disable-on-gone'
  /** Spec 3: deliveries still queued when a webhook is disabled are marked `failed`. */
  | 'fail-queued-on-disable'
  /** Spec 4.11: enable with `resend_failed` skips test pings. */
  | 'skip-pings-on-resend'
  /** Spec 4.11: enable with `resend_failed` looks back 3 days. */
  | 'resend-last-3-days'
  /** Spec 4.11: enable with `resend_failed` queues oldest first. */
  | 'resend-oldest-first'
  /** Spec 6.3: a success resets the failure count. */
  | 'reset-failures-on-success';

/** What a fault that changes which webhooks an event goes to is given. */
export type RecipientsInfo = { state: MockState; workspace: Workspace; event: EventEnvelope; active: StoredWebhook[] };

/**
 * A fault of webhooks (webhook-faults.ts): besides the request handle and the attempts (fault.ts),
 * it may change which webhooks an event goes to, or break a rule of the delivery queue.
 */
export type DeliveryFault = Fault & {
  alterRecipients?(recipients: StoredWebhook[], info: RecipientsInfo): StoredWebhook[];
  breaks?: QueueRule[];
};

export async function attemptWithFaults(attempt: UnsignedAttempt, info: AttemptInfo): Promise<UnsignedAttempt> {
  if (info.state.faults.size === 0) return attempt;
  let changed = attempt;
  // An attempt carries the event: faults of the events family may change it too.
  for (const fault of [...faultsOn<DeliveryFault>(info.state, 'webhook-faults'), ...faultsOn(info.state, 'events-faults')]) {
    if (fault.alterAttempt) changed = await fault.alterAttempt({ ...changed, headers: { ...changed.headers } }, info);
  }
  return changed;
}

/** The next attempt after a failed one (the schedule's, unless a fault in the schedule is on). */
export function nextAttemptWithFaults(scheduled: number | null, info: NextAttemptInfo & { state: MockState }): number | null {
  if (info.state.faults.size === 0) return scheduled;
  let next = scheduled;
  for (const fault of faultsOn<DeliveryFault>(info.state, 'webhook-faults')) if (fault.alterNextAttempt) next = fault.alterNextAttempt(next, info);
  return next;
}

/** The webhooks an event goes to (the patterns' and filters' choice, unless a fault in matching is on). */
export function recipientsWithFaults(recipients: StoredWebhook[], info: RecipientsInfo): StoredWebhook[] {
  if (info.state.faults.size === 0) return recipients;
  let chosen = recipients;
  for (const fault of faultsOn<DeliveryFault>(info.state, 'webhook-faults')) if (fault.alterRecipients) chosen = fault.alterRecipients(chosen, info);
  return chosen;
}

/** Whether the queue keeps `rule` (true unless a fault switched on breaks it). */
export function queueKeeps(state: MockState, rule: QueueRule): boolean {
  if (state.faults.size === 0) return true;
  return !faultsOn<DeliveryFault>(state, 'webhook-faults').some((fault) => fault.breaks?.includes(rule));
}
