// App lifecycle events (spec 6.5): `{id, type, created_at, data: {app_id, workspace_id,
// installation_id, scopes[]}}`, posted to the app's webhook URL when it has one. Built and checked
// where every event is (events/build-event.ts), and queued as a stored delivery in the same
// transaction as the change (lifecycle-delivery.ts): the first attempt goes only once the change
// has committed, and a restart does not lose it.
import { buildLifecycleEvent, type LifecycleEvent } from '../events/build-event.ts';
import type { LifecycleEventType } from '../events/event-types.ts';
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { Installation } from './installation-record.ts';
import { queueAppDelivery } from './lifecycle-delivery.ts';

export type { LifecycleEvent } from '../events/build-event.ts';
export type { LifecycleEventType } from '../events/event-types.ts';

export async function queueLifecycleEvent(state: MockState, workspace: Workspace, app: App, type: LifecycleEventType, installation: Installation): Promise<LifecycleEvent> {
  const event = buildLifecycleEvent(state, workspace, type, { app_id: app.id, installation_id: installation.id, scopes: installation.scopes });
  if (app.webhook_url) await queueAppDelivery(state, workspace, app.id, event);
  return event;
}
