// The workspace and owner key `crmkit mock` prints on start: the first workspace loaded from
// `--state`, or the demo workspace of `--seed N`, or a new one. The printed key must answer at once, so a loaded workspace whose
// owner keys were all revoked, expired or limited to some addresses gets a new one.
import { API_KEY_SCOPES, type ApiKey } from '../auth/api-key.ts';
import type { MockState } from '../mock-state.ts';
import { seedDemoWorkspace } from '../seed/demo-workspace.ts';
import { addApiKey, createWorkspace } from '../workspaces/create-workspace.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export type StartupOptions = { seed?: number; seedSize?: number };

export async function startupWorkspace(
  state: MockState,
  loaded: Workspace[],
  options: StartupOptions = {},
): Promise<{ workspace: Workspace; ownerKey: ApiKey }> {
  const [workspace] = loaded;
  if (!workspace && options.seed !== undefined) return seedDemoWorkspace(state, { seed: options.seed, leads: options.seedSize });
  if (!workspace) return createWorkspace(state, {});
  return { workspace, ownerKey: workingOwnerKey(workspace) ?? newOwnerKey(state, workspace) };
}

function workingOwnerKey(workspace: Workspace): ApiKey | undefined {
  const now = workspace.clock.now();
  return [...workspace.apiKeys.values()].find(
    (apiKey) =>
      apiKey.role === 'owner' &&
      apiKey.revokedAt === null &&
      (apiKey.expiresAt === null || Date.parse(apiKey.expiresAt) > now) &&
      apiKey.allowedIps.length === 0 &&
      API_KEY_SCOPES.every((scope) => apiKey.scopes.includes(scope)),
  );
}

function newOwnerKey(state: MockState, workspace: Workspace): ApiKey {
  const owner = [...workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
  return addApiKey(state, workspace, { name: 'Owner key', scopes: [...API_KEY_SCOPES], role: 'owner', memberId: owner?.id ?? null });
}
