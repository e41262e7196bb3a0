// Mutants of credentials and scopes (spec 5.1): a missing, unknown or revoked key, credentials in the
// URL, the scopes an operation needs.
import type { MockState } from '../../mock-state.ts';
import { retryAsOwner } from '../owner-key.ts';
import { changed, onErrorCode, type Fault } from '../fault.ts';
import { onApi, onOperation, queryOf, withQuery } from '../request-match.ts';
import { RECORD_ROUTES, errorAnswer } from '../input-refusals.ts';

const URL_CREDENTIALS = new Set(['api_key', 'apikey', 'access_token', 'authorization']);

const URL_SECRET = /^svc_(live|at|rt)_/;

/** Runs `work` with the request's API key changed as `change` says, then puts the key back as it was. */
async function withKeyAltered(
  state: MockState,
  request: Request,
  change: { revokedAt?: null; allowedIps?: string[] },
  work: () => Promise<Response>,
): Promise<Response> {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const credential = secret ? state.findCredential(secret)?.credential : undefined;
  if (credential?.kind !== 'api_key') return work();
  const { apiKey } = credential;
  const kept = { revokedAt: apiKey.revokedAt, allowedIps: apiKey.allowedIps };
  Object.assign(apiKey, change);
  try {
    return await work();
  } finally {
    Object.assign(apiKey, kept);
  }
}

/** The scopes of the request's API key, when it is one of the mock's. */
function scopesOf(state: MockState, request: Request): string[] | undefined {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const credential = secret ? state.findCredential(secret)?.credential : undefined;
  return credential?.kind === 'api_key' ? [...credential.apiKey.scopes] : undefined;
}

export const authCredentialsMutants: readonly Fault[] = [
  {
    name: 'key-states-as-invalid-token',
    area: 'auth',
    proves: [
      'auth.key-expired',
      'auth.key-revoked',
      'auth.ip-not-allowed',
      'errors.docs-url-names-code',
      'errors.status-403',
      'errors.key-expired-revoked',
      'errors.ip-not-allowed',
    ],
    description:
      'Revoked and expired keys answer 401 invalid_token instead of key_revoked and key_expired, and a key from a refused IP address 401 invalid_token instead of 403 ip_not_allowed.',
    wrap: (next) =>
      ['key_revoked', 'key_expired', 'ip_not_allowed'].reduce(
        (handle, code) =>
          onErrorCode(code, (response, body) =>
            changed(response, { status: 401, body: { error: { ...body.error, code: 'invalid_token' } } }),
          )(handle),
        next,
      ),
  },
  {
    name: 'unknown-key-as-key-revoked',
    area: 'auth',
    proves: ['auth.invalid-token', 'errors.docs-url-names-code'],
    description: 'An unknown bearer key answers 401 key_revoked, not invalid_token (spec 5.1: an unknown key is invalid, not revoked).',
    wrap: onErrorCode('invalid_token', (response, body, request) => {
      const bearer = /^Bearer\s+\S+$/i.test(request.headers.get('authorization') ?? '');
      return bearer ? changed(response, { body: { error: { ...body.error, code: 'key_revoked' } } }) : response;
    }),
  },
  {
    name: 'credentials-in-url-accepted',
    area: 'auth',
    proves: ['auth.credentials-in-url', 'errors.credentials-in-url'],
    description: 'A key in the query string (?api_key=) is taken as the credential.',
    wrap: (next) => async (request, info) => {
      const key = queryOf(request).get('api_key');
      if (!key) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('authorization', `Bearer ${key}`);
      return next(new Request(withQuery(request, (query) => query.delete('api_key')).url, { method: request.method, headers }), info);
    },
  },
  {
    name: 'scopes-not-checked',
    area: 'auth',
    proves: ['auth.write-not-other-scopes', 'errors.status-403'],
    description: "A key without the operation's scope is let through as if it had every scope.",
    wrap: (next, state) =>
      onErrorCode('missing_scope', async (response, _body, request) => {
        return retryAsOwner(state, next, request, response);
      })(next),
  },
  {
    name: 'ids-across-workspaces',
    area: 'auth',
    proves: ['auth.one-workspace'],
    description: "A lead id of another workspace is found: one workspace sees another's records.",
    wrap: onOperation(RECORD_ROUTES.leads, (next, request, info, { params }, state) =>
      onErrorCode('not_found', async (response, _body, request) => {
        const id = params.id!;
        const home = [...state.workspaces.values()].find((workspace) => workspace.tables.leads.get(id));
        if (!home) return response;
        const key = [...home.apiKeys.values()].find((apiKey) => apiKey.role === 'owner')?.key;
        const headers = new Headers(request.headers);
        headers.set('authorization', `Bearer ${key}`);
        return next(new Request(request, { headers }));
      })(next)(request, info),
    ),
  },
  {
    name: 'whoami-needs-users-read',
    area: 'auth',
    proves: [
      'auth.whoami-no-scope',
      'auth.key-expired',
      'auth.key-revoked',
      'auth.ip-not-allowed',
      'errors.key-expired-revoked',
      'errors.ip-not-allowed',
    ],
    description:
      'whoami asks for users:read (it is filed with the member routes), so a key without that scope gets 403 missing_scope instead of its identity.',
    wrap: onOperation('getWhoami', async (next, request, info, _routed, state) => {
      const scopes = scopesOf(state, request);
      return scopes && !scopes.includes('users:read')
        ? errorAnswer(state, request, 403, 'missing_scope', 'The key lacks a scope.', { scope: 'users:read' })
        : next(request, info);
    }),
  },
  {
    name: 'write-scope-without-read',
    area: 'auth',
    proves: ['auth.write-includes-read'],
    description: 'leads:write does not include leads:read: a key with leads:write alone gets 403 missing_scope on lead reads.',
    wrap: onOperation(
      ['listLeads', 'getLeadBoard', 'getLead', 'listLeadContacts', 'listLeadProducts'],
      async (next, request, info, _routed, state) => {
        const scopes = scopesOf(state, request);
        return scopes && !scopes.includes('leads:read')
          ? errorAnswer(state, request, 403, 'missing_scope', 'The key lacks a scope.', { scope: 'leads:read' })
          : next(request, info);
      },
    ),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'missing-scope-without-scope',
    area: 'auth',
    proves: ['auth.missing-scope', 'errors.extra-missing-scope', 'errors.status-403', 'errors.missing-scope'],
    description: 'A 403 missing_scope answer does not name the missing scope in `scope` (spec 7.1, 5.1).',
    wrap: onErrorCode('missing_scope', (response, body) => {
      const { scope: _scope, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  {
    name: 'missing-scope-names-write-scope',
    area: 'auth',
    proves: ['auth.missing-scope'],
    description:
      'missing_scope names the write scope of the resource whatever was asked (leads:write for a list), where scope is the one the route needs (spec 4.6, 7.1).',
    wrap: onErrorCode('missing_scope', (response, body) =>
      typeof body.error.scope === 'string' && body.error.scope.endsWith(':read')
        ? changed(response, { body: { error: { ...body.error, scope: body.error.scope.replace(/:read$/, ':write') } } })
        : response,
    ),
  },
  // Found by the eighth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'credentials-in-url-beside-header-accepted',
    area: 'auth',
    proves: ['auth.credentials-in-url', 'errors.credentials-in-url'],
    description:
      'A key in the URL (?api_key=, ?access_token=) is refused only when no Authorization header is sent: a request carrying both is answered as if the URL were clean, where a key in the URL answers 400 credentials_in_url (spec 5.1).',
    wrap: onApi(async (next, request, info) => {
      const query = queryOf(request);
      const named = [...query.keys()].filter((name) => URL_CREDENTIALS.has(name.toLowerCase()) || URL_SECRET.test(query.get(name) ?? ''));
      if (!request.headers.has('authorization') || named.length === 0) return next(request, info);
      return next(
        withQuery(request, (query) => named.forEach((name) => query.delete(name))),
        info,
      );
    }),
  },
  {
    name: 'credentials-in-url-as-401',
    area: 'auth',
    proves: ['auth.credentials-in-url', 'errors.docs-url-names-code', 'errors.credentials-in-url'],
    description:
      'A key sent in the URL without an Authorization header answers 401 invalid_token (the header was looked for first) instead of 400 credentials_in_url (spec 5.1, 7.3).',
    wrap: onErrorCode('credentials_in_url', (response, body, request) =>
      request.headers.has('authorization')
        ? response
        : changed(response, {
            status: 401,
            body: { error: { ...body.error, code: 'invalid_token' } },
            headers: { 'WWW-Authenticate': 'Bearer realm="api"' },
          }),
    ),
  },
  {
    name: 'revoked-key-reads-allowed',
    area: 'auth',
    proves: ['auth.key-revoked', 'errors.key-expired-revoked'],
    description:
      'Revocation is checked only on writes (the read path uses a cached key): a revoked key still reads with 200 instead of 401 key_revoked (spec 5.1).',
    wrap: (next, state) => async (request, info) =>
      request.method === 'GET' ? withKeyAltered(state, request, { revokedAt: null }, () => next(request, info)) : next(request, info),
  },
  {
    name: 'ip-allowlist-ignored',
    area: 'auth',
    proves: ['auth.ip-not-allowed', 'errors.status-403', 'errors.ip-not-allowed'],
    description:
      "A key's IP allow-list is stored but never compared: a request from another address is answered instead of 403 ip_not_allowed (spec 5.1).",
    wrap: (next, state) => async (request, info) => withKeyAltered(state, request, { allowedIps: [] }, () => next(request, info)),
  },
];
