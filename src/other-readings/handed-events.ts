// The catalog events a workspace hands its outbox while requests are in flight
// (story-extra-events.ts): found as they are handed, not by scanning the workspace's events
// table, whose size grows with every write and which spec 6 does not bound; so what a write costs
// here does not grow with the history before it (issue 26).
import type { EventEnvelope } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';

type Recording = { inFlight: number; events: EventEnvelope[] };

/** Per mock: the workspaces with a request in flight and what each handed meanwhile. */
const recordings = new WeakMap<MockState, Map<Workspace, Recording>>();

function recordingsOf(state: MockState): Map<Workspace, Recording> {
  let byWorkspace = recordings.get(state);
  if (byWorkspace) return byWorkspace;
  const made = new Map<Workspace, Recording>();
  // Only a catalog event to subscribers is stored in the events table (events/emit.ts).
  state.outbox.watch((workspace, event, destination) => {
    if (destination.to === 'subscribers') made.get(workspace)?.events.push(event as EventEnvelope);
  });
  recordings.set(state, (byWorkspace = made));
  return byWorkspace;
}

/**
 * Runs `work` and answers with its result and the events the workspace handed meanwhile that its
 * events table holds afterwards (those of a change that failed are gone). The recording ends with
 * the last request in flight, so nothing is kept between requests.
 */
export async function withHandedEvents<T>(state: MockState, workspace: Workspace, work: () => Promise<T>): Promise<[T, EventEnvelope[]]> {
  const byWorkspace = recordingsOf(state);
  const recording = byWorkspace.get(workspace) ?? { inFlight: 0, events: [] };
  byWorkspace.set(workspace, recording);
  recording.inFlight++;
  const start = recording.events.length;
  try {
    const result = await work();
    const handed = recording.events.slice(start).filter((event) => workspace.tables.events.get(event.id) !== undefined);
    return [result, handed];
  } finally {
    if (--recording.inFlight === 0) byWorkspace.delete(workspace);
  }
}

/** The workspaces of `state` being recorded now, with what each handed (for the tests: none between requests). */
export function handedEvents(state: MockState): ReadonlyMap<Workspace, Recording> {
  return recordings.get(state) ?? new Map();
}
