// App lifecycle events (spec 6.5): `{id, type, created_at, data: {app_id, workspace_id,
// installation_id, scopes[]}}`, posted to the app's webhook URL when it has one. Queued in the
// same transaction as the change: the delivery starts only once the change has committed.
import type { components } from '../spec/generated/crm.d.ts';
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import { escapeSegment } from '../spec/json-pointer.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { Installation } from './installation-record.ts';
import { deliverLifecycleEvent } from './lifecycle-delivery.ts';

export type LifecycleEvent = components['schemas']['AppLifecycleEvent'];
export type LifecycleEventType = 'app.installed' | 'app.scopes_changed' | 'app.settings_updated' | 'app.uninstalled';

export async function queueLifecycleEvent(state: MockState, workspace: Workspace, app: App, type: LifecycleEventType, installation: Installation): Promise<LifecycleEvent> {
  const event: LifecycleEvent = {
    id: state.newId('event', workspace.id),
    type,
    created_at: new Date(state.now(workspace.id)).toISOString(),
    data: { app_id: app.id, workspace_id: workspace.id, installation_id: installation.id, scopes: [...installation.scopes] },
  };
  assertDocumented(state, event);
  if (app.webhook_url) workspace.transactions.afterCommit(() => deliverLifecycleEvent(state, workspace, app.id, event));
  return event;
}

/** An event the document does not describe is a bug of the mock, never something to send. */
function assertDocumented(state: MockState, event: LifecycleEvent): void {
  const pointer = `/webhooks/${escapeSegment(event.type)}/post/requestBody/content/application~1json/schema`;
  const problems = state.validators.crm.problems(pointer, event);
  if (problems.length) throw new Error(`lifecycle event ${event.type} breaks the document: ${JSON.stringify(problems)}`);
}
