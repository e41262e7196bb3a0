// The workspace named by a control route's `{ws}`, or 404 saying which and where the others are listed.
import { notFound } from '../errors/not-found.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from './workspace.ts';

export function workspaceOf(state: MockState, id: string | undefined): Workspace {
  const workspace = id ? state.workspaces.get(id) : undefined;
  if (!workspace) throw notFound(id ?? '', 'workspace');
  return workspace;
}
