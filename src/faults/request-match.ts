// Small request helpers the faults of several families share: wrap only the requests of one route,
// change a JSON request body or a query, change a successful JSON answer, find the caller's workspace.
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, type Handle } from './fault.ts';

type Info = Parameters<Handle>[1];

/** Wraps the requests of `method` whose path matches `path`, leaving the others alone. */
export function onRoute(method: string, path: RegExp, wrap: (next: Handle, request: Request, info: Info) => Promise<Response>) {
  return (next: Handle): Handle =>
    (request, info) => (request.method === method && path.test(new URL(request.url).pathname) ? wrap(next, request, info) : next(request, info));
}

/** The JSON body sent, or undefined. */
export async function sentJson(request: Request): Promise<any> {
  return request.clone().json().catch(() => undefined);
}

/** The same request with another JSON body. */
export function withJson(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** The same request with its query changed. */
export function withQuery(request: Request, change: (query: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  change(url.searchParams);
  return new Request(url, request);
}

/** A successful JSON answer changed by `alter`; any other answer as it is. */
export async function alterOk(response: Response, alter: (body: any) => any): Promise<Response> {
  if (!response.ok) return response;
  const body = await jsonOf(response);
  return body === undefined ? response : changed(response, { body: alter(body) });
}

/** The workspace of the request's bearer credential. */
export function callerWorkspace(state: MockState, request: Request): Workspace | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return secret ? state.findCredential(secret)?.workspace : undefined;
}
