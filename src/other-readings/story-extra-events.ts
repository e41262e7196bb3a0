// An other reading (other-reading.ts) of how events reach webhooks: every event of a write is
// delivered twice, and a group subscription (`lead.*`, `*`) also gets an event of a type the
// catalog does not have yet (`lead.noted`), about the same record. Both are what spec 6.3 lets a
// deployment do, and what a receiver must bear: a story that counts requests rather than events,
// or every event a group subscription gets rather than those it asked about, fails here.
import type { EventEnvelope } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import { fanOut } from '../resources/webhooks/fan-out.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { withHandedEvents } from './handed-events.ts';
import type { OtherReading } from './other-reading.ts';

export const STORY_EXTRA_EVENTS: OtherReading[] = [
  {
    name: 'story-extra-events',
    description: 'Every event of a write is delivered twice, and group subscriptions also get an event of a type not in the catalog yet.',
    leftOpenBy:
      '6.3: "At-least-once: duplicates possible; deduplicate by Svc-Event-Id" and ' +
      '"Subscriptions to a group or * can receive event types that are not in the catalog yet"',
    wrap: (next, state) => async (request, info) => {
      const workspace = workspaceOf(state, request);
      if (!workspace) return next(request, info);
      const [response, events] = await withHandedEvents(state, workspace, () => next(request, info));
      if (!response.ok) return response;
      for (const event of events) sendAgainWithStranger(state, workspace, event);
      return response;
    },
  },
];

function workspaceOf(state: MockState, request: Request): Workspace | undefined {
  if (request.method === 'GET') return undefined;
  const secret = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  return secret ? state.findCredential(secret)?.workspace : undefined;
}

/** The event once more (a duplicate, same Svc-Event-Id), and a stranger of its group. */
function sendAgainWithStranger(state: MockState, workspace: Workspace, event: EventEnvelope): void {
  // webhook.disabled has recipients of its own (spec 3); a stranger of its group is not one of them.
  if (event.type === 'webhook.disabled') return;
  fanOut(state, workspace, event);
  const group = event.type.split('.')[0];
  fanOut(state, workspace, { ...event, id: workspace.newId('event'), type: `${group}.noted` } as unknown as EventEnvelope);
}
