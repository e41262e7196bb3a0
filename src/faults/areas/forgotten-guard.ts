// A guard a route forgot, for the area mutants (src/faults/areas/): the request the guard refuses is
// let through as a route without it would, on the raw request of the named operations
// (`onOperation`): a scope guard (the key's request sent again as the workspace's owner) or a
// first-party guard (an API key's request sent again in a web session of the key's member).
import type { MockState } from '../../mock-state.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { newSession, SESSION_COOKIE } from '../../auth/session.ts';
import { jsonOf, type Handle } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { onOperation } from '../request-match.ts';

/**
 * The operations answer a key without their scope as if it had it: a 403 `missing_scope` (for
 * `scope` only, when given) is sent again as the workspace's owner, as a route without its guard would.
 */
export function scopeGuardForgotten(operations: readonly OperationId[], scope?: string) {
  return (next: Handle, state: MockState): Handle =>
    onOperation(operations, async (next, request, info) => {
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      if (body?.error?.code !== 'missing_scope' || (scope !== undefined && body.error.scope !== scope)) return response;
      return retryAsOwner(state, next, copy, response);
    })(next, state);
}

/**
 * The operations take API keys although they are first-party web app only (spec 4.6, 5.1): a key's
 * request refused as `first_party_only` is sent again in a web session of the key's member (the
 * owner's, for a key of no member), as a route that checks the member's role but not the credential would.
 */
export function firstPartyGuardForgotten(operations: readonly OperationId[]) {
  return (next: Handle, state: MockState): Handle =>
    onOperation(operations, async (next, request, info) => {
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      if (body?.error?.permission !== 'first_party_only') return response;
      const found = state.findCredential((copy.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
      const key = found?.credential.kind === 'api_key' ? found.credential.apiKey : undefined;
      const memberId = key?.memberId ?? [...(found?.workspace.members.values() ?? [])].find((member) => member.role === 'owner')?.id;
      if (!found || !memberId) return response;
      const session = newSession(found.workspace.id, memberId, found.workspace.now());
      state.addSession(session);
      const headers = new Headers(copy.headers);
      headers.delete('authorization');
      headers.set('cookie', `${SESSION_COOKIE}=${session.token}`);
      return next(new Request(copy, { headers }), info);
    })(next, state);
}
