// The owner key of the workspace a request's credential belongs to: faults that let a request
// through as if it had every scope send it again with this key.
import type { MockState } from '../mock-state.ts';
import { jsonOf, type Handle } from './fault.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { onOperation, probe } from './request-match.ts';

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
 * is sent again as the owner when the same key may read `readPath`. The route is named by its operations.
 */
export function guardedByReadScope(operations: OperationId | readonly OperationId[], readPath: string, scope?: string) {
  return onOperation(operations, async (next, request, info, _routed, state) => {
    const copy = request.clone();
    const response = await next(request, info);
    const body = response.status === 403 ? await jsonOf(response) : undefined;
    if (body?.error?.code !== 'missing_scope' || (scope !== undefined && body.error.scope !== scope)) return response;
    const readProbe = await next(probe(copy, readPath), info);
    return readProbe.ok ? retryAsOwner(state, next, copy, response) : response;
  });
}
