// Small request helpers the faults of several families share: wrap only the requests of some operations,
// change a JSON request body or a query, change a successful JSON answer, find the caller's workspace,
// make a value at its limit one longer, drop a time's offset, probe what a credential may read, change a query body.
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, type Handle } from './fault.ts';
import { errorDocsUrl } from '../errors/docs-url.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { operationOf, type RoutedOperation } from './operation-of.ts';
import { withQuery } from './addresses.ts';

// A request's query and a request to another path of the mock: addresses.ts, the one reading of an address.
export { probe, queryOf, withQuery } from './addresses.ts';

type Info = Parameters<Handle>[1];

/**
 * Wraps the requests the CRM document routes to one of `operations` (by operationId, as the mock
 * routes them: no path pattern of the fault's own), leaving the others alone; `wrap` is given the
 * operation and its path parameters.
 */
export function onOperation(operations: OperationId | readonly OperationId[], wrap: OperationWrap) {
  const ids = new Set<OperationId>(typeof operations === 'string' ? [operations] : operations);
  return (next: Handle, state: MockState): Handle =>
    (request, info) => {
      const routed = operationOf(state, request);
      return routed && ids.has(routed.operationId) ? wrap(next, request, info, routed, state) : next(request, info);
    };
}

/** A fault's wrap of the requests of its operations: given the operation with its path parameters, and the mock's state. */
type OperationWrap = (next: Handle, request: Request, info: Info, routed: RoutedOperation, state: MockState) => Promise<Response>;

/** The operations of the document outside the API (/v1): OAuth's, the hub's sign-in and the public forms' (spec 5.2, 6.3). */
const OUTSIDE_THE_API: ReadonlySet<OperationId> = new Set<OperationId>([
  'authorize',
  'submitConsent',
  'createToken',
  'revokeToken',
  'hubSignInPage',
  'hubSignIn',
  'getFormConfig',
  'preflightFormConfig',
  'submitForm',
  'preflightFormSubmit',
  'getWidgetScript',
  'getHostedFormPage',
]);

/** Wraps the requests the CRM document routes to an operation of the API (under /v1), of `methods` when given. */
export function onApi(wrap: OperationWrap, methods?: readonly string[]) {
  return (next: Handle, state: MockState): Handle =>
    (request, info) => {
      const routed = operationOf(state, request);
      const chosen = routed && !OUTSIDE_THE_API.has(routed.operationId) && (!methods || methods.includes(request.method));
      return chosen ? wrap(next, request, info, routed, state) : next(request, info);
    };
}

/** The JSON body sent, or undefined. */
export async function sentJson(request: Request): Promise<any> {
  return request
    .clone()
    .json()
    .catch(() => undefined);
}

/** The same request with another JSON body. */
export function withJson(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
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

const TIME_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}:\d{2})$/;

/**
 * On `operations`: the body `lengthen` makes of the one sent (a value at its limit made one character
 * longer, for the mock's own refusal), or the request unchanged when it gives undefined.
 */
export function overTheEdge(operations: OperationId | readonly OperationId[], lengthen: (sent: any) => any | undefined) {
  return onOperation(operations, async (next, request, info) => {
    const sent = await sentJson(request);
    const changed = sent && typeof sent === 'object' ? lengthen(structuredClone(sent)) : undefined;
    return next(changed ? withJson(request, changed) : request, info);
  });
}

/** The same time with its offset dropped and Z written instead (the clock reading kept, the zone lost). */
export const offsetDropped = (value: unknown) =>
  typeof value === 'string' && TIME_WITH_OFFSET.test(value) ? value.replace(TIME_WITH_OFFSET, '$1Z') : value;

/** A GET list's query changed by `alter`, on `operations`. */
export function onListQuery(operations: OperationId | readonly OperationId[], alter: (query: URLSearchParams) => void) {
  return onOperation(operations, async (next, request, info) => next(withQuery(request, alter), info));
}

/** A query body changed by `alter` on POST /v1/query/{entity}, before the mock validates it. */
export function onQuery(alter: (body: any) => any) {
  return onOperation('runQuery', async (next, request, info) => {
    const sent = await sentJson(request);
    return next(sent && typeof sent === 'object' ? withJson(request, alter(structuredClone(sent))) : request, info);
  });
}

/** Every group of a query (the top one and the nested ones). */
export function groupsOf(group: any): any[] {
  if (!group || typeof group !== 'object' || !Array.isArray(group.conditions)) return [];
  return [group, ...group.conditions.flatMap(groupsOf)];
}

/** An error envelope (spec 7.1) answered in place of `response`, keeping its request id, with the code's docs page. */
export function errorAnswer(
  state: MockState,
  response: Response,
  status: number,
  error: { code: string; message: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  const requestId = response.headers.get('x-request-id') ?? '';
  const body = { error: { ...error, request_id: requestId, docs_url: errorDocsUrl(state.config, error.code) } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, ...headers },
  });
}
