// Emits an event of spec 6.4 in the same step as the change that causes it: the event goes into
// the workspace's outbox table inside the request's transaction, so a change that fails takes
// its event with it, and listeners (webhook deliveries) hear of it only once it commits. The
// event is built and checked in build-event.ts, the one place events are made.
import { eventsWithFaults } from '../faults/event-hook.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { buildEnvelopeEvent } from './build-event.ts';
import type { Actor, EventEnvelope } from './event-record.ts';
import type { CatalogEventType, EventObjectOf } from './event-types.ts';

export async function emitEvent<T extends CatalogEventType>(state: MockState, workspace: Workspace, actor: Actor, type: T, object: EventObjectOf<T>): Promise<EventEnvelope> {
  const stored = await workspace.tables.events.insert(buildEnvelopeEvent(state, workspace, actor, type, object));
  workspace.transactions.afterCommit(() => {
    // Named faults of the events family (crmkit mock --fault) may change what the webhooks hear of.
    for (const sent of eventsWithFaults(state, workspace, stored)) for (const listener of state.eventListeners) listener(workspace, sent);
  });
  return stored;
}
