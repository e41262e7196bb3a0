// The workspace named by a control route's `{ws}`, or 404.
import { ApiError } from '../errors/api-error.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export function workspaceOf(state: MockState, id: string | undefined): Workspace {
  const workspace = id ? state.workspaces.get(id) : undefined;
  if (!workspace) throw new ApiError('not_found');
  return workspace;
}
