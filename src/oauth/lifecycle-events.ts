// App lifecycle events (spec 6.5): `{id, type, created_at, data: {app_id, workspace_id,
// installation_id, scopes[]}}`, posted to the app's webhook URL when it has one. Queued as a
// stored delivery in the same transaction as the change (lifecycle-delivery.ts): the first
// attempt goes only once the change has committed, and a restart does not lose it.
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import { escapeSegment } from '../spec/json-pointer.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { Installation } from './installation-record.ts';
import { queueAppDelivery } from './lifecycle-delivery.ts';
import type { LifecycleEvent, LifecycleEventType } from './lifecycle-event.ts';

export type { LifecycleEvent, LifecycleEventType } from './lifecycle-event.ts';

export async function queueLifecycleEvent(state: MockState, workspace: Workspace, app: App, type: LifecycleEventType, installation: Installation): Promise<LifecycleEvent> {
  const event: LifecycleEvent = {
    id: state.newId('event', workspace.id),
    type,
    created_at: new Date(state.now(workspace.id)).toISOString(),
    data: { app_id: app.id, workspace_id: workspace.id, installation_id: installation.id, scopes: [...installation.scopes] },
  };
  assertDocumented(state, event);
  if (app.webhook_url) await queueAppDelivery(state, workspace, app.id, event);
  return event;
}

/** An event the document does not describe is a bug of the mock, never something to send. */
function assertDocumented(state: MockState, event: LifecycleEvent): void {
  const pointer = `/webhooks/${escapeSegment(event.type)}/post/requestBody/content/application~1json/schema`;
  const problems = state.validators.crm.problems(pointer, event);
  if (problems.length) throw new Error(`lifecycle event ${event.type} breaks the document: ${JSON.stringify(problems)}`);
}
