// The one place an outgoing event is built (spec 6.1, 6.4, 6.5): its id from the workspace's id
// maker, its time from the workspace's clock, the envelope of its family with the outbox's
// `api_version`, and one check of the whole against the document's schema of that event
// (`webhooks/{type}`). The type parameter maps the event type to the data the document gives it
// (event-types.ts), so a wrong field is a type error where the event is made. Only emit.ts calls
// these: it decides where the event goes.
import { escapeSegment } from '../spec/json-pointer.ts';
import { isTrusted } from '../store/trusted-writes.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { Actor, EventEnvelope, LifecycleEvent } from './event-record.ts';
import type { EnvelopeEventType, EventObjectOf, EventType, LifecycleEventType } from './event-types.ts';

/** Spec 6.1 and 8: above this, `data.object` keeps only `id`, `object` and `truncated`. */
const MAX_EVENT_BYTES = 256 * 1024;

/** An event in the envelope of spec 6.1: a catalog event (6.4) or `ping`. */
export function buildEnvelopeEvent<T extends EnvelopeEventType>(
  workspace: Workspace,
  actor: Actor,
  type: T,
  object: EventObjectOf<T>,
): EventEnvelope {
  const event = truncated({
    id: workspace.newId('event'),
    object: 'event',
    type,
    api_version: workspace.outbox.apiVersion,
    occurred_at: new Date(workspace.now()).toISOString(),
    workspace_id: workspace.id,
    actor,
    data: { object },
  });
  return isTrusted(workspace.transactions) ? event : documented(workspace, type, event);
}

export type LifecycleData = Omit<LifecycleEvent['data'], 'workspace_id'>;

/** An app lifecycle event (spec 6.5), about an installation of an app in the workspace. */
export function buildLifecycleEvent(workspace: Workspace, type: LifecycleEventType, data: LifecycleData): LifecycleEvent {
  const event: LifecycleEvent = {
    id: workspace.newId('event'),
    type,
    created_at: new Date(workspace.now()).toISOString(),
    data: { app_id: data.app_id, workspace_id: workspace.id, installation_id: data.installation_id, scopes: [...data.scopes] },
  };
  return documented(workspace, type, event);
}

function truncated(event: EventEnvelope): EventEnvelope {
  const json = JSON.stringify(event);
  // A character is at most 3 bytes of UTF-8 (4 for a surrogate pair, 2 characters): most events
  // are under the limit without counting their bytes.
  if (json.length * 3 <= MAX_EVENT_BYTES || new TextEncoder().encode(json).length <= MAX_EVENT_BYTES) return event;
  const { id, object } = event.data.object;
  return { ...event, data: { object: { id, object, truncated: true } } };
}

/**
 * An event the document does not describe is a bug of the mock, never something to send. The
 * demo seed's events are held to it by test/mock/seed.test.ts instead (store/trusted-writes.ts).
 */
function documented<E>(workspace: Workspace, type: EventType, event: E): E {
  const pointer = `/webhooks/${escapeSegment(type)}/post/requestBody/content/application~1json/schema`;
  const problems = workspace.outbox.validator.problems(pointer, event);
  if (problems.length) throw new Error(`event ${type} breaks the document: ${JSON.stringify(problems)}`);
  return event;
}
