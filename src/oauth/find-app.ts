// The app behind a client id. An app belongs to the workspace it was created in (the control
// API's `POST /_mock/workspaces/{ws}/apps`), and a code, a refresh token or a consent request is
// kept in that workspace: the client id is how a request that names no workspace finds it.
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export type AppInWorkspace = { app: App; workspace: Workspace };

export function findApp(state: MockState, clientId: string): AppInWorkspace | undefined {
  if (!/^app_[0-9a-z]{26}$/.test(clientId)) return undefined;
  for (const workspace of state.workspaces.values()) {
    const app = workspace.tables.apps.get(clientId);
    if (app) return { app, workspace };
  }
  return undefined;
}
