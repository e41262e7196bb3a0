// Emits an event of spec 6.4 in the same step as the change that causes it: the event goes into
// the workspace's outbox table inside the request's transaction, so a change that fails takes
// its event with it, and listeners (webhook deliveries) hear of it only once it commits.
import { eventsWithFaults } from '../faults/event-hook.ts';
import type { MockState } from '../mock-state.ts';
import { escapeSegment } from '../spec/json-pointer.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { Actor, EventEnvelope } from './event-record.ts';

/** `data.object`: the record's id and type name, and the event's own fields (a summary, spec 6.1). */
export type EventObject = { id: string; object: string; [field: string]: unknown };

/** Spec 6.1 and 8: above this, `data.object` keeps only `id`, `object` and `truncated`. */
const MAX_EVENT_BYTES = 256 * 1024;

export async function emitEvent(state: MockState, workspace: Workspace, actor: Actor, type: string, object: EventObject): Promise<EventEnvelope> {
  const event = truncated({
    id: state.newId('event', workspace.id),
    object: 'event',
    type,
    api_version: state.eventApiVersion,
    occurred_at: new Date(state.now(workspace.id)).toISOString(),
    workspace_id: workspace.id,
    actor,
    data: { object },
  });
  assertDocumented(state, event);
  const stored = await workspace.tables.events.insert(event);
  workspace.transactions.afterCommit(() => {
    // Named faults of the events family (crmkit mock --fault) may change what the webhooks hear of.
    for (const sent of eventsWithFaults(state, workspace, stored)) for (const listener of state.eventListeners) listener(workspace, sent);
  });
  return stored;
}

function truncated(event: EventEnvelope): EventEnvelope {
  const json = JSON.stringify(event);
  // A character is at most 3 bytes of UTF-8 (4 for a surrogate pair, 2 characters): most events
  // are under the limit without counting their bytes.
  if (json.length * 3 <= MAX_EVENT_BYTES || new TextEncoder().encode(json).length <= MAX_EVENT_BYTES) return event;
  const { id, object } = event.data.object;
  return { ...event, data: { object: { id, object, truncated: true } } };
}

/** An event the document does not describe is a bug of the mock, never something to send. */
function assertDocumented(state: MockState, event: EventEnvelope): void {
  const pointer = `/webhooks/${escapeSegment(event.type)}/post/requestBody/content/application~1json/schema`;
  const problems = state.validators.crm.problems(pointer, event);
  if (problems.length) throw new Error(`event ${event.type} breaks the document: ${JSON.stringify(problems)}`);
}
