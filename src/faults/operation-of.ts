// The operation a request reaches, as the mock's router (the CRM document) matches it: a fault
// names the operations it acts on by operationId (request-match.ts: onOperation), never by a
// path pattern of its own. Matched once per request; withFaults (index.ts) gives each mock's router.
import type { Router } from '../http/router.ts';
import type { MockState } from '../mock-state.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { pathOf } from './addresses.ts';

/** Routes the requests of `state`'s faults with the mock's own router. */
export function routeBy(state: MockState, router: Router): void {
  routers.set(state, router);
}

const routers = new WeakMap<MockState, Router>();

/** The operation of the CRM document a request is routed to, with its path parameters (once per request), or undefined. */
export function operationOf(state: MockState, request: Request): RoutedOperation | undefined {
  let routed = routedRequests.get(request);
  if (routed === undefined) {
    const match = routers.get(state)?.match(request.method, pathOf(request));
    routed = match?.kind === 'found' ? { operationId: match.operation.id as OperationId, params: match.params } : null;
    routedRequests.set(request, routed);
  }
  return routed ?? undefined;
}

export type RoutedOperation = { operationId: OperationId; params: Record<string, string> };
const routedRequests = new WeakMap<Request, RoutedOperation | null>();
