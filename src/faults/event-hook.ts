// Where events and app lifecycle deliveries meet the named faults of the events family. An event is
// emitted inside a change and sent by the delivery queue, so the faults that change what an event
// carries cannot wrap the request handle: the queue passes each event through here before the
// webhooks hear of it (resources/webhooks/queue-events.ts), and each lifecycle attempt before it
// is signed (resources/webhooks/app-attempt.ts). With no fault switched on, the event and the
// attempt go out as the spec has them; the events faults' module is loaded only once one of them
// is on (index.ts).
import type { EventEnvelope } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { EventFault, LifecycleAttempt, LifecycleAttemptInfo } from './events-faults.ts';
import { faultsOn } from './index.ts';

/** The events the webhooks hear of instead of `event`: itself, changed, several, or none (the events family's faults, then the blind hunt's). */
export function eventsWithFaults(state: MockState, workspace: Workspace, event: EventEnvelope): EventEnvelope[] {
  if (state.faults.size === 0) return [event];
  let events = [event];
  for (const fault of [...faultsOn<EventFault>(state, 'events-faults'), ...faultsOn<EventFault>(state, 'hunt-faults')]) {
    if (fault.alterEvent) events = events.flatMap((each) => fault.alterEvent!(structuredClone(each), { state, workspace }));
  }
  return events;
}

/** The lifecycle attempt to send (changed by a fault), or null when a fault sends nothing (the attempt counts as answered). */
export function lifecycleAttemptWithFaults(attempt: LifecycleAttempt, info: LifecycleAttemptInfo): LifecycleAttempt | null {
  if (info.state.faults.size === 0) return attempt;
  let changed: LifecycleAttempt | null = attempt;
  for (const fault of faultsOn<EventFault>(info.state, 'events-faults')) {
    if (changed && fault.alterLifecycleAttempt) changed = fault.alterLifecycleAttempt({ ...changed, headers: { ...changed.headers } }, info);
  }
  return changed;
}
