// The `ping` event (spec 4.11, 6.4): sent only to the webhook pinged, so it does not go through
// the workspace's outbox and its listeners; it is still checked against the document like every
// event the mock sends.
import type { Actor, EventEnvelope } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

const PING_SCHEMA = '/webhooks/ping/post/requestBody/content/application~1json/schema';

export function pingEvent(state: MockState, workspace: Workspace, actor: Actor, webhookId: string): EventEnvelope {
  const event: EventEnvelope = {
    id: state.newId('event', workspace.id),
    object: 'event',
    type: 'ping',
    api_version: state.eventApiVersion,
    occurred_at: new Date(state.now(workspace.id)).toISOString(),
    workspace_id: workspace.id,
    actor,
    data: { object: { id: webhookId, object: 'webhook' } },
  };
  const problems = state.validators.crm.problems(PING_SCHEMA, event);
  if (problems.length) throw new Error(`ping event breaks the document: ${JSON.stringify(problems)}`);
  return event;
}
