// What the mutants of records share (areas/contacts-*.ts, fields-custom.ts, members-records.ts, products-records.ts,
// auth-first-party.ts): record requests rewritten, their answers, and the writes a contact change also makes.
import { newSession, SESSION_COOKIE } from '../auth/session.ts';
import type { MockState } from '../mock-state.ts';
import type { OperationId } from '../spec/operation-types.ts';
import type { RoutedOperation } from './operation-of.ts';
import { changed, jsonOf, onErrorCode, type Fault } from './fault.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { callerOf, type HandlerContext, type HandlerResult } from '../http/handler.ts';
import { onOperation, queryOf, withQuery } from './request-match.ts';

/** A path's id that is a short-prefixed id of `prefix` (not a number, not a long prefix: spec 2.2). */
export const shortId = (prefix: string, id: string | undefined) => id !== undefined && new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id);

/** The body sent, or undefined when there is none or it is not JSON. */
export async function sentBody(request: Request): Promise<any> {
  if (request.method === 'GET' || request.method === 'DELETE') return undefined;
  return request
    .clone()
    .json()
    .catch(() => undefined);
}

/** The same request with another JSON body. */
export function withBody(request: Request, body: unknown): Request {
  return new Request(request, { body: JSON.stringify(body) });
}

/** The same request with its query changed, and no body (a GET's). */
export function withUrlQuery(request: Request, change: (query: URLSearchParams) => void): Request {
  return new Request(withQuery(request, change).url, { method: request.method, headers: request.headers });
}

/** A pick of requests among its operations' (the routed operation and the query sent). */
export type RequestPick = { operations: readonly OperationId[]; matches?: (routed: RoutedOperation, query: URLSearchParams) => boolean };

/** Runs `next`, then lets `alter` change a successful JSON answer to a request `pick` picks (given the body and query sent). */
export function onSuccess(pick: RequestPick, alter: (body: any, sent: any, query: URLSearchParams) => any) {
  return onOperation(pick.operations, async (next, request, info, routed) => {
    const query = queryOf(request);
    if (pick.matches && !pick.matches(routed, query)) return next(request, info);
    const sent = await sentBody(request);
    const response = await next(request, info);
    if (!response.ok) return response;
    const body = await jsonOf(response);
    return body === undefined ? response : changed(response, { body: alter(body, sent, query) });
  });
}

/** A contact named by its short id (a create names none). */
export const byContactId = ({ params }: RoutedOperation) => params.id === undefined || shortId('ct', params.id);

export const contactWrite: RequestPick = { operations: ['createContact', 'updateContact'], matches: byContactId };

/** What a buggy write stores differently: fields of the record, and values of its `custom`. */
export type OtherWrite = { fields?: Record<string, unknown>; custom?: Record<string, unknown> } | undefined;

/**
 * The handler of `operations` writing as a buggy one would: after its own write, `other` says what
 * it stores differently (given the record it answers, the body sent and the caller's workspace),
 * written to the record's table inside the request's transaction and answered.
 */
export function alsoWrites(
  operations: readonly OperationId[],
  table: (operation: OperationId) => string,
  other: (record: any, sent: any, workspace: Workspace, context: HandlerContext) => OtherWrite,
) {
  return {
    operations,
    async aroundHandler(next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult> {
      const result = await next();
      const record: any = result instanceof Response ? undefined : result.body;
      const { workspace } = callerOf(context);
      const change = record?.id && context.input.body ? other(record, context.input.body, workspace, context) : undefined;
      if (result instanceof Response || !change || (!change.fields && !change.custom)) return result;
      await (workspace.tables as any)[table(context.operation.id as OperationId)].update(record.id, (draft: any) => {
        Object.assign(draft, change.fields ?? {});
        if (change.custom) Object.assign(draft.custom, change.custom);
      });
      return {
        ...result,
        body: { ...record, ...change.fields, ...(change.custom ? { custom: { ...record.custom, ...change.custom } } : {}) },
      };
    },
  } satisfies Pick<Fault, 'operations' | 'aroundHandler'>;
}

/**
 * Routes (by path) that forgot the first-party guard (spec 5.1): an API key's request refused as
 * first_party_only is sent again as the key's member (the owner for a key of no member).
 */
export function firstPartyGuardForgotten(guarded: readonly OperationId[]) {
  return onOperation(guarded, (next, request, info, _routed, state) =>
    onErrorCode('forbidden', async (response, body, request) => {
      if (body.error.permission !== 'first_party_only') return response;
      const found = state.findCredential((request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
      const key = found?.credential.kind === 'api_key' ? found.credential.apiKey : undefined;
      const memberId = key?.memberId ?? [...(found?.workspace.members.values() ?? [])].find((member) => member.role === 'owner')?.id;
      return found && memberId ? next(asMember(state, request, found.workspace.id, memberId)) : response;
    })(next)(request, info),
  );
}

export function asMember(state: MockState, request: Request, workspaceId: string, memberId: string): Request {
  const session = newSession(workspaceId, memberId, state.workspaces.get(workspaceId)?.now() ?? Date.now());
  state.addSession(session);
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  headers.set('cookie', `${SESSION_COOKIE}=${session.token}`);
  return new Request(request, { headers });
}
