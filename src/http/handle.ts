// The one request pipeline (fetch-style Request -> Response). Every face of the mock, the
// node:http server and the MSW handlers, calls it:
//   request id -> route -> credentials and scopes -> limits -> body -> validation -> handler -> JSON,
// and any ApiError thrown on the way becomes the error envelope in errors/error-response.ts.
import { authenticate, authorize, authorizeInput, type Caller } from '../auth/authenticate.ts';
import { refuseCredentialsInUrl } from '../auth/credentials-in-url.ts';
import { guardControlRequest } from './control-guard.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ErrorCatalog } from '../errors/error-catalog.ts';
import { errorResponse } from '../errors/error-response.ts';
import { pickLanguage } from '../errors/messages.ts';
import { admit } from '../limits/admit.ts';
import type { MockState } from '../mock-state.ts';
import type { Operation } from '../spec/operation-index.ts';
import type { Api } from './api.ts';
import type { HandlerResult } from './handler.ts';
import { jsonResponse } from '../wire/json-response.ts';
import { readBody } from './read-body.ts';
import { requestIdFor } from './request-id.ts';
import { validateBody, validatePath, validateQuery, type ValidatedInput } from './request-validation.ts';
import { journal } from '../journal/journal-request.ts';
import { applyFailure, DROPPED } from '../failures/apply-failure.ts';
import { noteFailedCall } from './failed-call.ts';
import { noOperationAt } from '../errors/not-found.ts';
import { docsSite } from '../errors/docs-url.ts';

export type RequestInfo = {
  clientAddress?: string | undefined;
  /**
   * The method as sent, when a fetch Request cannot carry it (TRACE, TRACK and CONNECT are
   * forbidden methods in fetch): the face builds the Request with GET and names the method here.
   */
  method?: string | undefined;
  /**
   * Why the face could not read the request as HTTP (framing, header syntax, a Host header of
   * RFC 9112 3.2 that is missing or invalid, a body cut short): answered 400 `malformed_request`.
   */
  malformed?: string | undefined;
};

export type Pipeline = { crm: Api; control: Api; catalog: ErrorCatalog; state: MockState };

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

export function createHandle(pipeline: Pipeline) {
  return async function handle(request: Request, info: RequestInfo = {}): Promise<Response> {
    const requestId = requestIdFor(request);
    const language = pickLanguage(request.headers.get('accept-language'));
    const started = performance.now();
    // The matched operation, once known: it says in which format its errors are answered.
    const route: Route = {};
    let response: Response;
    try {
      response = await serve(pipeline, request, requestId, info, route);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : internalError(error, requestId);
      const context = { catalog: pipeline.catalog, requestId, language, docsUrl: docsSite(pipeline.state.config) };
      try {
        response = errorResponse(apiError, { ...context, format: route.operation?.errorFormat ?? 'envelope' });
      } catch (unanswerable) {
        // An error the catalog cannot answer (a code or status it does not list) is the mock's own failure.
        response = errorResponse(internalError(unanswerable, requestId), context);
      }
    }
    // A dropped connection (failures on demand) has no headers to set.
    if (response.type !== 'error' && !response.headers.has('X-Request-Id')) response.headers.set('X-Request-Id', requestId);
    if (!route.control)
      journal(pipeline.state, {
        request,
        method: info.method ?? request.method,
        response,
        requestId,
        route,
        ms: performance.now() - started,
      });
    return response;
  };
}

/** What the pipeline learned of a request on its way, for its error format and the journal. */
type Route = { operation?: Operation; control?: boolean; workspaceId?: string; bodyText?: string };

async function serve(pipeline: Pipeline, request: Request, requestId: string, info: RequestInfo, route: Route): Promise<Response> {
  if (info.malformed !== undefined) throw new ApiError('malformed_request', {}, { detail: info.malformed });
  const url = new URL(request.url);
  route.control = url.pathname.startsWith('/_mock/');
  // A mock made without its control API (`controlApi: false`, `crmkit mock --no-control`) says so
  // rather than leave a new user guessing whether the path was mistyped; it still serves the docs
  // pages its links point at (`x-without-control`).
  if (
    !pipeline.state.config.controlApi &&
    (url.pathname === '/_mock' || route.control) &&
    !isServedWithoutControl(pipeline.control, request, url)
  ) {
    throw new ApiError(
      'not_found',
      {},
      { detail: 'The control API (/_mock) is off on this mock: it was started with --no-control (controlApi: false).' },
    );
  }
  // Host, token and the page a change came from, before anything else (http/control-guard.ts).
  if (route.control) guardControlRequest(request, url, pipeline.state.config);
  const api = route.control ? pipeline.control : pipeline.crm;
  const method = info.method ?? request.method;
  const match = api.router.match(method, url.pathname);
  // RFC 9110 15.5.6: a method no operation has (TRACE, CONNECT, a custom one) answers 405 on any
  // path, with the path's methods in Allow (empty when the path is none of the API's), not 501:
  // the mock answers no 5xx of its own to a request (issue 15).
  if (match.kind === 'not_found' && !api.router.knows(method)) throw new ApiError('method_not_allowed', {}, { headers: { Allow: '' } });
  if (match.kind === 'not_found') throw noOperationAt(url.pathname);
  if (match.kind === 'method_not_allowed') throw new ApiError('method_not_allowed', {}, { headers: { Allow: match.allowed.join(', ') } });
  const { operation } = match;
  route.operation = operation;
  const failure = route.control ? undefined : pipeline.state.failures.planFor(operation.id);
  // A call the failure answers is journaled under its key's workspace, with its body (http/failed-call.ts).
  if (failure?.error !== undefined) await noteFailedCall(request, operation, pipeline.state.findCredential, route);
  if (failure && (await applyFailure(failure, request.signal)) === DROPPED) return Response.error();

  let caller: Caller | undefined;
  if (!operation.isPublic) {
    refuseCredentialsInUrl(url);
    caller = authenticate(request, operation, pipeline.state.findCredential, info.clientAddress);
    route.workspaceId = caller.workspace.id;
    authorize(caller, operation);
  }
  // Rate, concurrency and read-only limits (limits/admit.ts); the request stays in flight,
  // body reading included, until its response is built.
  const release = caller ? admit(caller, operation) : undefined;
  try {
    const input = await validateInput(api, operation, request, url, match.params, (text) => (route.bodyText = text), route.control);
    if (caller) authorizeInput(caller, operation, input);

    const handler = await api.handlerOf(operation);
    if (!handler) throw new ApiError('not_implemented', {}, { detail: `The mock does not implement ${operation.id} yet.` });
    const validated = { request, requestId, operation, input, caller, state: pipeline.state, clientAddress: info.clientAddress };
    // The handler seams (seams/handler-seams.ts) may change its input and run around it; not on the control API.
    const seams = pipeline.state.handlerSeams;
    const seen = route.control ? validated : seams.withInput(validated);
    // A credential's request, or a public one that addresses a workspace (http/handler.ts), runs as
    // one transaction of its workspace, the seams around the handler included: all of it or none of it.
    const workspace = caller?.workspace ?? handler.workspaceOf?.(seen);
    const context = { ...seen, workspace };
    const run = () => (route.control ? Promise.resolve(handler(context)) : seams.run(handler, context));
    return toResponse(await (workspace ? workspace.transactions.run(run) : run()));
  } finally {
    release?.();
  }
}

function isServedWithoutControl(control: Api, request: Request, url: URL): boolean {
  const match = control.router.match(request.method, url.pathname);
  return match.kind === 'found' && match.operation.isServedWithoutControl;
}

async function validateInput(
  api: Api,
  operation: Operation,
  request: Request,
  url: URL,
  params: Record<string, string>,
  onBodyText: (text: string) => void,
  control: boolean,
): Promise<ValidatedInput> {
  const path = validatePath(operation, params, api.validator);
  // The authorization endpoint answers a malformed query by redirecting to the app (RFC 6749
  // 4.1.2.1), which only its handler can do once it knows the app: it checks the query itself.
  const query =
    operation.errorFormat === 'oauth-redirect'
      ? Object.fromEntries(url.searchParams)
      : validateQuery(operation, url.searchParams, api.validator);
  const parsed = BODYLESS_METHODS.has(request.method)
    ? { mediaType: 'application/json', value: undefined }
    : await readBody(request, operation.maxBodyBytes, onBodyText);
  // The control API takes JSON only, declared: a page's `fetch` may send a body with no Content-Type without a preflight.
  if (control && parsed.value !== undefined && !request.headers.has('content-type')) {
    throw new ApiError('bad_json', {}, { detail: 'The control API takes a body only with Content-Type: application/json.' });
  }
  // A form submission answers field errors by form field id in the visitor's language: its handler checks the body.
  if (operation.errorFormat === 'form') return { path, query, body: parsed.value };
  return { path, query, body: validateBody(operation, parsed.value, parsed.mediaType, api.validator) };
}

function toResponse(result: HandlerResult): Response {
  if (result instanceof Response) return result;
  return jsonResponse(result.body ?? {}, { status: result.status ?? 200, headers: result.headers ?? {} });
}

function internalError(error: unknown, requestId: string): ApiError {
  console.error(`[crmkit] ${requestId}: unexpected error`, error);
  return new ApiError('internal');
}
