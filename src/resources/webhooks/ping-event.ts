// The `ping` event (spec 4.11, 6.4): sent only to the webhook pinged, so it does not go through
// the workspace's outbox and its listeners; it is built and checked against the document like
// every event the mock sends (events/build-event.ts).
import { buildEnvelopeEvent } from '../../events/build-event.ts';
import type { Actor, EventEnvelope } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

export function pingEvent(state: MockState, workspace: Workspace, actor: Actor, webhookId: string): EventEnvelope {
  return buildEnvelopeEvent(state, workspace, actor, 'ping', { id: webhookId, object: 'webhook' });
}
