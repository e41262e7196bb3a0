// Helpers of the blind hunt's faults (hunt-faults.ts, issue 26 item 4): find the workspace that
// holds a record, act as its owner, answer a record read back after a change made behind the
// handle's back, and shape list answers.
import type { MockState } from '../mock-state.ts';
import type { WorkspaceTables } from '../workspaces/workspace-tables.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, type Handle } from './fault.ts';
import { onRoute } from './request-match.ts';

type AnyTable = { get(id: string): any; values(): IterableIterator<any>; update(id: string, change: (draft: any) => void): Promise<any> };

/** A table of the workspace by name, typed loosely: the hunt's faults reach into several. */
export function tableOf(workspace: Workspace, name: keyof WorkspaceTables): AnyTable {
  return workspace.tables[name] as unknown as AnyTable;
}

/** The workspace whose table `name` holds the record `id`. */
export function holderOf(state: MockState, name: keyof WorkspaceTables, id: string): Workspace | undefined {
  return [...state.workspaces.values()].find((workspace) => tableOf(workspace, name).get(id));
}

/** The owner key of a workspace (every scope). */
export function ownerKeyOf(workspace: Workspace): string | undefined {
  return [...workspace.apiKeys.values()].find((apiKey) => apiKey.role === 'owner' && !apiKey.revokedAt)?.key;
}

/** The same request sent with another bearer key. */
export function asKey(request: Request, key: string): Request {
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${key}`);
  return new Request(request, { headers });
}

/**
 * A record route whose lookup forgets the workspace: a 404 for an id that another workspace's
 * table `name` holds is sent again as that workspace's owner (spec 1: a credential sees one workspace).
 */
export function foreignIdServed(method: string, path: RegExp, name: keyof WorkspaceTables) {
  return (next: Handle, state: MockState): Handle =>
    onRoute(method, path, async (inner, request, info) => {
      const copy = request.clone();
      const response = await inner(request, info);
      if (response.status !== 404) return response;
      const id = path.exec(new URL(copy.url).pathname)?.[1];
      const holder = id ? holderOf(state, name, id) : undefined;
      const key = holder && ownerKeyOf(holder);
      return key ? inner(asKey(copy, key), info) : response;
    })(next);
}

/** A successful list answer with its `data` changed by `alter`. */
export async function alterData(response: Response, alter: (data: any[]) => any[]): Promise<Response> {
  if (!response.ok) return response;
  const body = await jsonOf(response);
  return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: alter(body.data) } }) : response;
}

/** The id in the path matched by `path`'s first group. */
export function idIn(path: RegExp, request: Request): string | undefined {
  return path.exec(new URL(request.url).pathname)?.[1];
}
