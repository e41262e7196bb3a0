// An app installed in a workspace (spec 5.2: tokens are stored per installation). At most one
// installation of an app is active in a workspace; uninstalled ones stay, so their history shows.
import type { components } from '../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../store/table-definition.ts';

export type Installation = components['schemas']['Installation'];

export const installationTable: TableDefinition<Installation> = {
  document: 'mock-control',
  schema: 'Installation',
  lookups: { app: (installation) => installation.app_id },
};

/** The app's active installation in the workspace, if any. */
export function activeInstallation(
  installations: { findBy(name: 'app', key: string): Installation[] },
  appId: string,
): Installation | undefined {
  return installations.findBy('app', appId).find((installation) => installation.status === 'active');
}
