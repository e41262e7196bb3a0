// The named faults in the core's seams: the delivery queue's (seams/delivery-seams.ts), where a
// fault changes an event, its recipients, an attempt or its retry time, or breaks a rule of the
// queue; and the handler's (seams/handler-seams.ts), where a fault changes the input one of its
// operations' handler is given, or runs around that handler inside the request's transaction.
// Both are registered with every mock (mock.ts). With no fault switched on, each point hands back
// what it was given; a fault's module is loaded only once one of its faults is on (index.ts).
import type { EventEnvelope } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import type { HandlerContext, HandlerResult } from '../http/handler.ts';
import type { HandlerSeam } from '../seams/handler-seams.ts';
import type { OperationId } from '../spec/operation-types.ts';
import type { DeliverySeam, EventInfo, LifecycleAttemptInfo, NextAttemptInfo, QueueRule, RecipientsInfo } from '../seams/delivery-seams.ts';
import type { StoredWebhook } from '../resources/webhooks/webhook-record.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { Fault } from './fault.ts';
import { faultsOn } from './index.ts';

/** A fault of webhooks (areas/webhooks-*.ts, areas/conventions-webhooks.ts): it may also change which webhooks an event goes to, or break a rule of the queue. */
export type DeliveryFault = Fault & {
  alterRecipients?(recipients: StoredWebhook[], info: RecipientsInfo): StoredWebhook[];
  breaks?: QueueRule[];
};

/** A fault of events (areas/events-emitted.ts, areas/events.ts): it may change the events the webhooks hear of, or an app lifecycle attempt. */
export type EventFault = Fault & {
  /** The events the webhooks hear of instead of this one (itself changed, several, or none). */
  alterEvent?(event: EventEnvelope, info: EventInfo): EventEnvelope[];
  /** The lifecycle attempt to send instead of this one, or null to send nothing. */
  alterLifecycleAttempt?(attempt: UnsignedAttempt, info: LifecycleAttemptInfo): UnsignedAttempt | null;
  /** The time of a lifecycle delivery's next attempt after a failed one, given the schedule's (null once it is used up). */
  alterLifecycleNextAttempt?(scheduled: number | null, info: NextAttemptInfo): number | null;
};

// Every fault switched on may fill these points, whatever its module, in the catalog's order.
const webhookFaults = (state: MockState) => (state.faults.size ? faultsOn<DeliveryFault>(state) : []);
const eventFaults = (state: MockState) => (state.faults.size ? faultsOn<EventFault>(state) : []);
const copied = (attempt: UnsignedAttempt): UnsignedAttempt => ({ ...attempt, headers: { ...attempt.headers } });

export const FAULT_SEAM: DeliverySeam = {
  events(event, info) {
    return eventFaults(info.state).reduce(
      (events, fault) => (fault.alterEvent ? events.flatMap((each) => fault.alterEvent!(structuredClone(each), info)) : events),
      [event],
    );
  },

  recipients(recipients, info) {
    return webhookFaults(info.state).reduce((chosen, fault) => fault.alterRecipients?.(chosen, info) ?? chosen, recipients);
  },

  async attempt(attempt, info) {
    let changed = attempt;
    for (const fault of webhookFaults(info.state)) {
      if (fault.alterAttempt) changed = await fault.alterAttempt(copied(changed), info);
    }
    return changed;
  },

  lifecycleAttempt(attempt, info) {
    let changed: UnsignedAttempt | null = attempt;
    for (const fault of eventFaults(info.state))
      if (changed && fault.alterLifecycleAttempt) changed = fault.alterLifecycleAttempt(copied(changed), info);
    return changed;
  },

  nextAttempt(scheduled, info) {
    return webhookFaults(info.state).reduce(
      (next, fault) => (fault.alterNextAttempt ? fault.alterNextAttempt(next, info) : next),
      scheduled,
    );
  },

  lifecycleNextAttempt(scheduled, info) {
    return eventFaults(info.state).reduce(
      (next, fault) => (fault.alterLifecycleNextAttempt ? fault.alterLifecycleNextAttempt(next, info) : next),
      scheduled,
    );
  },

  breaks(rule, state) {
    return webhookFaults(state).some((fault) => fault.breaks?.includes(rule));
  },
};

/** The faults switched on whose operations include the context's, in the catalog's order. */
const handlerFaults = (context: HandlerContext) =>
  context.state.faults.size
    ? faultsOn(context.state).filter((fault) => fault.operations?.includes(context.operation.id as OperationId))
    : [];

export const FAULT_HANDLER_SEAM: HandlerSeam = {
  input(input, context) {
    return handlerFaults(context).reduce(
      (changed, fault) => (fault.alterInput ? fault.alterInput(structuredClone(changed), { ...context, input: changed }) : changed),
      input,
    );
  },

  around(next, context) {
    return handlerFaults(context).reduce<() => Promise<HandlerResult>>(
      (inner, fault) => (fault.aroundHandler ? () => fault.aroundHandler!(inner, context) : inner),
      next,
    )();
  },
};
