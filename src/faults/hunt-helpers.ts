// Helpers of the blind hunt's faults (hunt-faults.ts, issue 26 item 4): find the workspace that
// holds a record, act as its owner, answer a record read back after a change made behind the
// handle's back, and shape list answers. The hunt's faults were written for records
// named by id: a route's number form (/v1/leads/42) is left alone (onRecord, recordIdIn).
import type { MockState } from '../mock-state.ts';
import type { OperationId } from '../spec/operation-types.ts';
import type { WorkspaceTables } from '../workspaces/workspace-tables.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, type Handle } from './fault.ts';
import { onOperation } from './request-match.ts';

type Info = Parameters<Handle>[1];

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

/** `id` when it is a record id of `prefix` (`ld_` and 26 characters), else undefined. */
export function recordIdIn(id: unknown, prefix: string): string | undefined {
  return typeof id === 'string' && new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id) ? id : undefined;
}

/** Wraps the requests of `operation` whose path parameter `param` is a record id of `prefix`, giving `wrap` the id. */
export function onRecord(
  operation: OperationId,
  prefix: string,
  wrap: (next: Handle, request: Request, info: Info, id: string) => Promise<Response>,
  param = 'id',
) {
  return onOperation(operation, (next, request, info, routed) => {
    const id = recordIdIn(routed.params[param], prefix);
    return id ? wrap(next, request, info, id) : next(request, info);
  });
}

/**
 * A record route whose lookup forgets the workspace: a 404 for an id that another workspace's
 * table `name` holds is sent again as that workspace's owner (spec 1: a credential sees one workspace).
 */
export function foreignIdServed(operation: OperationId, prefix: string, name: keyof WorkspaceTables) {
  return (next: Handle, state: MockState): Handle =>
    onRecord(operation, prefix, async (inner, request, info, id) => {
      const copy = request.clone();
      const response = await inner(request, info);
      if (response.status !== 404) return response;
      const holder = holderOf(state, name, id);
      const key = holder && ownerKeyOf(holder);
      return key ? inner(asKey(copy, key), info) : response;
    })(next, state);
}

/** A successful list answer with its `data` changed by `alter`. */
export async function alterData(response: Response, alter: (data: any[]) => any[]): Promise<Response> {
  if (!response.ok) return response;
  const body = await jsonOf(response);
  return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: alter(body.data) } }) : response;
}
