// The extension points the core owns in its delivery queue (issue 23, item 1). An event is emitted
// inside a change and sent by the queue, not answered to a request, so what changes it cannot wrap
// the request handle: the queue passes each event, its recipients, each attempt and each next
// attempt's time through the seams a mock was given, and asks them whether a rule of the queue is
// kept. The core names the points and imports nothing of what fills them: the named faults
// (faults/fault-seam.ts) and the other readings (other-readings/delivery-hook.ts) register here.
// With no seam, the event goes out, and is retried, as the spec has it.
import type { EventEnvelope, LifecycleEvent } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import type { StoredDelivery, StoredWebhook } from '../resources/webhooks/webhook-record.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { Workspace } from '../workspaces/workspace.ts';

/** Rules of the delivery queue a seam may break. */
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

/** What an event is sent from: its workspace. */
export type EventInfo = { state: MockState; workspace: Workspace };
/** What the webhooks an event goes to are chosen from: the active ones the patterns and filters did not already drop. */
export type RecipientsInfo = EventInfo & { event: EventEnvelope; active: StoredWebhook[] };
/** What an attempt of a delivery is made from, as the queue read it. */
export type AttemptInfo = EventInfo & { webhook: StoredWebhook; delivery: StoredDelivery; attemptAtMs: number };
/** What the next attempt of a delivery is worked out from: its window (the event), the failed attempt, and how many were made. */
export type NextAttemptInfo = { windowStartMs: number; attemptAtMs: number; attempts: number };
/** What an app lifecycle attempt is made from: the event, and how many attempts went before it. */
export type LifecycleAttemptInfo = EventInfo & { event: LifecycleEvent; attempts: number };

/** One filler of the queue's extension points; every point is optional. */
export type DeliverySeam = {
  /** The payload a deployment of another design writes (every attempt, first, before the others see it). */
  deliveredBody?(body: unknown, state: MockState): unknown;
  /** The events the webhooks hear of instead of `event`: itself, changed, several, or none. */
  events?(event: EventEnvelope, info: EventInfo): EventEnvelope[];
  /** The webhooks an event goes to. */
  recipients?(recipients: StoredWebhook[], info: RecipientsInfo): StoredWebhook[];
  /** A webhook attempt before it is signed and sent. */
  attempt?(attempt: UnsignedAttempt, info: AttemptInfo): UnsignedAttempt | Promise<UnsignedAttempt>;
  /** An app lifecycle attempt before it is signed, or null to send nothing (the attempt counts as answered). */
  lifecycleAttempt?(attempt: UnsignedAttempt, info: LifecycleAttemptInfo): UnsignedAttempt | null;
  /** The time of the next attempt after a failed one, given the schedule's (null once it is used up). */
  nextAttempt?(scheduled: number | null, info: NextAttemptInfo & { state: MockState }): number | null;
  /** The time of the next attempt of an app lifecycle delivery after a failed one (spec 6.5: the webhooks' schedule), null once it is used up. */
  lifecycleNextAttempt?(scheduled: number | null, info: NextAttemptInfo & { state: MockState }): number | null;
  /** Whether this seam breaks a rule of the queue. */
  breaks?(rule: QueueRule, state: MockState): boolean;
};

/** The seams of one mock, in the order they were added. */
export class DeliverySeams {
  readonly #seams: DeliverySeam[] = [];

  add(seam: DeliverySeam): void {
    this.#seams.push(seam);
  }

  deliveredBody<T extends Pick<UnsignedAttempt, 'body'>>(attempt: T, state: MockState): T {
    const writers = this.#seams.filter((seam) => seam.deliveredBody);
    if (!writers.length) return attempt;
    const body = writers.reduce<unknown>((payload, seam) => seam.deliveredBody!(payload, state), JSON.parse(attempt.body));
    return { ...attempt, body: JSON.stringify(body) };
  }

  events(event: EventEnvelope, info: EventInfo): EventEnvelope[] {
    return this.#seams.reduce((events, seam) => (seam.events ? events.flatMap((each) => seam.events!(each, info)) : events), [event]);
  }

  recipients(recipients: StoredWebhook[], info: RecipientsInfo): StoredWebhook[] {
    return this.#seams.reduce((chosen, seam) => seam.recipients?.(chosen, info) ?? chosen, recipients);
  }

  async attempt(attempt: UnsignedAttempt, info: AttemptInfo): Promise<UnsignedAttempt> {
    let changed = attempt;
    for (const seam of this.#seams) if (seam.attempt) changed = await seam.attempt(changed, info);
    return changed;
  }

  lifecycleAttempt(attempt: UnsignedAttempt, info: LifecycleAttemptInfo): UnsignedAttempt | null {
    let changed: UnsignedAttempt | null = attempt;
    for (const seam of this.#seams) if (changed && seam.lifecycleAttempt) changed = seam.lifecycleAttempt(changed, info);
    return changed;
  }

  nextAttempt(scheduled: number | null, info: NextAttemptInfo & { state: MockState }): number | null {
    return this.#seams.reduce((next, seam) => (seam.nextAttempt ? seam.nextAttempt(next, info) : next), scheduled);
  }

  lifecycleNextAttempt(scheduled: number | null, info: NextAttemptInfo & { state: MockState }): number | null {
    return this.#seams.reduce((next, seam) => (seam.lifecycleNextAttempt ? seam.lifecycleNextAttempt(next, info) : next), scheduled);
  }

  /** Whether the queue keeps `rule` (true unless a seam breaks it). */
  keeps(rule: QueueRule, state: MockState): boolean {
    return !this.#seams.some((seam) => seam.breaks?.(rule, state));
  }
}
