// The one way an event leaves a workspace (spec 6): `emit` builds the event once (build-event.ts:
// id, time, envelope, one check against the document) and hands it to the outbox (outbox.ts),
// which stores its deliveries in the same transaction as the change that caused it. The event's
// type says where it goes: a catalog event (6.4) is also kept in the workspace's events table
// (listed by the control API) and goes to every subscribed webhook once the change commits;
// `ping` to the one webhook it names (4.11); an app lifecycle event to its app's webhook URL (6.5).
import type { Workspace } from '../workspaces/workspace.ts';
import { buildEnvelopeEvent, buildLifecycleEvent, type LifecycleData } from './build-event.ts';
import type { Actor, EventEnvelope, LifecycleEvent } from './event-record.ts';
import { isLifecycleEvent, type EnvelopeEventType, type EventObjectOf, type EventType, type LifecycleEventType } from './event-types.ts';
import type { Destination, OutgoingEvent } from './outbox.ts';

/**
 * Run it inside the change's transaction. The type maps to its data (event-types.ts): an envelope
 * event's `data.object`, or a lifecycle event's `data` less `workspace_id`; a lifecycle event
 * carries no actor (spec 6.5), so `actor` is the envelope's.
 */
export function emit<T extends LifecycleEventType>(
  workspace: Workspace,
  actor: Actor,
  type: T,
  data: LifecycleData,
): Promise<LifecycleEvent>;
export function emit<T extends EnvelopeEventType>(
  workspace: Workspace,
  actor: Actor,
  type: T,
  object: EventObjectOf<T>,
): Promise<EventEnvelope>;
export async function emit(workspace: Workspace, actor: Actor, type: EventType, data: unknown): Promise<OutgoingEvent> {
  if (isLifecycleEvent(type)) {
    const event = buildLifecycleEvent(workspace, type, data as LifecycleData);
    await workspace.outbox.hand(workspace, event, { to: 'app', appId: event.data.app_id });
    return event;
  }
  const built = buildEnvelopeEvent(workspace, actor, type, data as EventObjectOf<EnvelopeEventType>);
  const destination: Destination = type === 'ping' ? { to: 'webhook', webhookId: built.data.object.id } : { to: 'subscribers' };
  const event = destination.to === 'subscribers' ? await workspace.tables.events.insert(built) : built;
  await workspace.outbox.hand(workspace, event, destination);
  return event;
}
