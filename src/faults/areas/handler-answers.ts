// What the area mutants (src/faults/areas/) share: a handler's answer changed inside the request's
// transaction (the `aroundHandler` seam), as a buggy presenter or a stale read would change it, and
// a scope guard a route forgot (the request let through as the workspace's owner).
import type { HandlerResult } from '../../http/handler.ts';
import type { MockState } from '../../mock-state.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { jsonOf, type Handle } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { onOperation } from '../request-match.ts';

/** Runs the handler and gives its answer's body (a copy) to `alter`; a raw Response is left as it is. */
export async function alteredAnswer(next: () => Promise<HandlerResult>, alter: (body: any) => any): Promise<HandlerResult> {
  const result = await next();
  if (result instanceof Response || result.body === undefined) return result;
  return { ...result, body: alter(structuredClone(result.body)) };
}

/** Applies `alter` to each record a list answer holds, or to the one record a read answers. */
export const eachRecord = (alter: (record: any) => any) => (body: any) => (Array.isArray(body?.data) ? { ...body, data: body.data.map(alter) } : alter(body));

/**
 * The operations answer a key without their scope as if it had it: a 403 `missing_scope` (for
 * `scope` only, when given) is sent again as the workspace's owner, as a route without its guard would.
 */
export function unguarded(operations: readonly OperationId[], scope?: string) {
  return (next: Handle, state: MockState): Handle =>
    onOperation(operations, async (next, request, info) => {
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      if (body?.error?.code !== 'missing_scope' || (scope !== undefined && body.error.scope !== scope)) return response;
      return retryAsOwner(state, next, copy, response);
    })(next, state);
}
