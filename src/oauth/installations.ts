// Installing and uninstalling an app in a workspace (spec 5.2, 6.5). Approving an app that is not
// installed installs it (`app.installed`); approving it again with other scopes changes the
// installation's scopes (`app.scopes_changed`). Uninstalling revokes every token of the
// installation and tells the app (`app.uninstalled`). Run these in the workspace's transaction.
import { emit } from '../events/emit.ts';
import { SYSTEM_ACTOR } from '../events/event-record.ts';
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { LifecycleEventType } from '../events/event-types.ts';
import { activeInstallation, type Installation } from './installation-record.ts';
import { sameScopes } from './oauth-scopes.ts';
import { revokeInstallationTokens } from './revoke-tokens.ts';

export async function approveInstallation(workspace: Workspace, app: App, memberId: string, scopes: string[]): Promise<Installation> {
  const now = new Date(workspace.now()).toISOString();
  const { installations } = workspace.tables;
  const current = activeInstallation(installations, app.id);
  if (!current) {
    const installation = await installations.insert({
      id: workspace.newId('installation'),
      app_id: app.id,
      member_id: memberId,
      scopes,
      status: 'active',
      settings: {},
      installed_at: now,
      updated_at: now,
      uninstalled_at: null,
      uninstall_reason: null,
    });
    await lifecycleEvent(workspace, app, 'app.installed', installation);
    return installation;
  }
  const changed = !sameScopes(current.scopes, scopes);
  const installation = await installations.update(current.id, (draft) => {
    draft.member_id = memberId;
    draft.scopes = scopes;
    draft.updated_at = now;
  });
  if (changed) await lifecycleEvent(workspace, app, 'app.scopes_changed', installation);
  return installation;
}

export type UninstallReason = NonNullable<Installation['uninstall_reason']>;

export async function uninstall(
  state: MockState,
  workspace: Workspace,
  installation: Installation,
  reason: UninstallReason,
): Promise<Installation> {
  if (installation.status !== 'active') return installation;
  const now = new Date(workspace.now()).toISOString();
  await revokeInstallationTokens(state, workspace, installation.id, now);
  const uninstalled = await workspace.tables.installations.update(installation.id, (draft) => {
    draft.status = 'uninstalled';
    draft.uninstalled_at = now;
    draft.uninstall_reason = reason;
    draft.updated_at = now;
  });
  const app = workspace.tables.apps.get(installation.app_id);
  if (app) await lifecycleEvent(workspace, app, 'app.uninstalled', uninstalled);
  return uninstalled;
}

/** An admin saved the app's settings in the workspace (`app.settings_updated`). */
export async function changeSettings(
  workspace: Workspace,
  installation: Installation,
  settings: Record<string, unknown>,
): Promise<Installation> {
  const updated = await workspace.tables.installations.update(installation.id, (draft) => {
    draft.settings = settings;
    draft.updated_at = new Date(workspace.now()).toISOString();
  });
  const app = workspace.tables.apps.get(installation.app_id);
  if (app) await lifecycleEvent(workspace, app, 'app.settings_updated', updated);
  return updated;
}

/** Spec 6.5: sent to the app's webhook URL when it has one (events/emit.ts). */
async function lifecycleEvent(workspace: Workspace, app: App, type: LifecycleEventType, installation: Installation): Promise<void> {
  await emit(workspace, SYSTEM_ACTOR, type, { app_id: app.id, installation_id: installation.id, scopes: installation.scopes });
}
