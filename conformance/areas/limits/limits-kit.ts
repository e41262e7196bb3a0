// A crmkit mock's workspace settings (openapi/control/workspace-settings.yaml) changed for the time
// of a check and put back afterwards, even when the check fails: the request limits and the
// read-only state of spec 7.2, 7.3 and 8 apply to every credential of the workspace, so a check
// that left them set would break every check after it.
import type { CheckContext } from '../../context.ts';
import { controlCall } from '../../mock-control.ts';

export type SettingsChange = {
  read_only?: boolean;
  limits?: { requests_per_second?: number | null; requests_per_minute?: number | null; concurrent_requests?: number | null };
};

/** Runs `body` with the mock workspace's settings changed; skips against a deployment, saying why. */
export async function withWorkspaceSettings<T>(
  context: CheckContext,
  why: string,
  change: SettingsChange,
  body: () => Promise<T>,
): Promise<T> {
  const mock = context.target.mock ?? context.skip(`needs a crmkit mock's control API: ${why}`);
  const path = `/_mock/workspaces/${mock.workspaceId}/settings`;
  const before = await controlCall(context, 'GET', path);
  const restore: SettingsChange = {};
  if (change.read_only !== undefined) restore.read_only = before.read_only;
  if (change.limits) restore.limits = Object.fromEntries(Object.keys(change.limits).map((name) => [name, before.limits[name]]));
  await controlCall(context, 'PATCH', path, change);
  try {
    return await body();
  } finally {
    await controlCall(context, 'PATCH', path, restore);
  }
}
