// The owner key of the workspace a request's credential belongs to: faults that let a request
// through as if it had every scope send it again with this key.
import type { MockState } from '../mock-state.ts';
import { jsonOf, type Handle } from './fault.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { onOperation, onRoute, probe } from './request-match.ts';

/** Sends the request again with its workspace owner's key (a check the fault leaves out); the refusal stands when there is none. */
export async function retryAsOwner(state: MockState, next: Handle, request: Request, refusal: Response): Promise<Response> {
  const ownerKey = findCredentialOwnerKey(state, request);
  if (!ownerKey) return refusal;
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${ownerKey}`);
  return next(new Request(request, { headers }));
}

function findCredentialOwnerKey(state: MockState, request: Request): string | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const workspace = secret ? state.findCredential(secret)?.workspace : undefined;
  return workspace && [...workspace.apiKeys.values()].find((apiKey) => apiKey.role === 'owner' && !apiKey.revokedAt)?.key;
}

/**
 * A write route guarded by a read scope: its 403 `missing_scope` (for `scope` only, when given)
 * is sent again as the owner when the same key may read `readPath`. The route is named by its
 * operations; the older form (method, path pattern) stays for the modules not yet on the seams and
 * goes with its last caller.
 */
export function guardedByReadScope(
  operations: OperationId | readonly OperationId[],
  readPath: string,
  scope?: string,
): (next: Handle, state: MockState) => Handle;
export function guardedByReadScope(
  method: string,
  route: RegExp,
  readPath: string,
  scope?: string,
): (next: Handle, state: MockState) => Handle;
export function guardedByReadScope(...args: [OperationId | readonly OperationId[], string, string?] | [string, RegExp, string, string?]) {
  const [readPath, scope] = (args[1] instanceof RegExp ? args.slice(2) : args.slice(1)) as [string, string | undefined];
  const guarded = async (next: Handle, request: Request, info: Parameters<Handle>[1], state: MockState) => {
    const copy = request.clone();
    const response = await next(request, info);
    const body = response.status === 403 ? await jsonOf(response) : undefined;
    if (body?.error?.code !== 'missing_scope' || (scope !== undefined && body.error.scope !== scope)) return response;
    const readProbe = await next(probe(copy, readPath), info);
    return readProbe.ok ? retryAsOwner(state, next, copy, response) : response;
  };
  if (args[1] instanceof RegExp) {
    const route = args[1];
    return (next: Handle, state: MockState): Handle =>
      onRoute(args[0] as string, route, (next, request, info) => guarded(next, request, info, state))(next);
  }
  return onOperation(args[0] as OperationId | readonly OperationId[], (next, request, info, _routed, state) =>
    guarded(next, request, info, state),
  );
}
