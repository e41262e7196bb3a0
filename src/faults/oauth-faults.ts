// Faults at the OAuth token and revoke endpoints (spec 5.2): the error format and statuses, PKCE,
// single-use codes, rotating refresh tokens and theft detection, revocation, the token answer.
// They wrap the request handle like the API's faults; the ones that must know a code's or a
// token's story look it up in the workspace's tables, as the endpoint itself would.
import type { MockState } from '../mock-state.ts';
import { s256Challenge } from '../oauth/pkce.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, type Fault, type Handle } from './fault.ts';

const TOKEN = '/oauth/token';
const REVOKE = '/oauth/revoke';

const pathOf = (request: Request) => new URL(request.url).pathname;

/** The parameters of a token or revoke request, form-encoded or JSON (read from a copy). */
async function paramsOf(request: Request): Promise<Record<string, string>> {
  const text = await request.clone().text();
  if ((request.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** The same request with other parameters, in the same encoding. */
function withParams(request: Request, params: Record<string, string>): Request {
  const json = (request.headers.get('content-type') ?? '').includes('json');
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: json ? JSON.stringify(params) : new URLSearchParams(params).toString() });
}

/** An answer in the OAuth format, as the endpoint gives them. */
function oauthAnswer(request: Request, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-request-id': request.headers.get('x-request-id') ?? 'req_fault' },
  });
}

/** Runs `next` on token and revoke requests, and lets `alter` change an OAuth error answer of the given code. */
function onOAuthError(code: string, alter: (response: Response, body: { error: string; error_description?: string }) => Response) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const response = await next(request, info);
      if (response.status < 400 || (pathOf(request) !== TOKEN && pathOf(request) !== REVOKE)) return response;
      const body = await jsonOf(response);
      return body?.error === code ? alter(response, body) : response;
    };
}

/** Runs `work` for token requests of one grant type (given an unread copy and the parameters). */
function onGrant(grantType: string, work: (request: Request, params: Record<string, string>, next: Handle, state: MockState) => Promise<Response>) {
  return (next: Handle, state: MockState): Handle =>
    async (request, info) => {
      if (request.method !== 'POST' || pathOf(request) !== TOKEN) return next(request, info);
      const params = await paramsOf(request);
      return params.grant_type === grantType ? work(request, params, (r) => next(r, info), state) : next(request, info);
    };
}

function findRecord<T>(state: MockState, lookup: (workspace: Workspace) => T | undefined): { workspace: Workspace; record: T } | undefined {
  for (const workspace of state.workspaces.values()) {
    const record = lookup(workspace);
    if (record) return { workspace, record };
  }
  return undefined;
}

const findCode = (state: MockState, code: string | undefined) => (code ? findRecord(state, (workspace) => workspace.tables.oauthCodes.get(code)) : undefined);
const findRefreshToken = (state: MockState, token: string | undefined) => (token ? findRecord(state, (workspace) => workspace.tables.oauthRefreshTokens.get(token)) : undefined);

/** Per mock: what a fault remembers between requests. */
function memory<T>(): (state: MockState) => Map<string, T> {
  const maps = new WeakMap<MockState, Map<string, T>>();
  return (state) => {
    let map = maps.get(state);
    if (!map) maps.set(state, (map = new Map()));
    return map;
  };
}

const answeredCodes = memory<{ status: number; body: unknown }>();
const refreshAliases = memory<string>();

const invalidGrant = (request: Request, description: string) => oauthAnswer(request, 400, { error: 'invalid_grant', error_description: description });

export const oauthFaults: Fault[] = [
  {
    name: 'oauth-errors-as-envelope',
    family: 'oauth',
    description: 'The token and revoke endpoints answer errors in the API envelope {error: {code, message, ...}} instead of {error, error_description}.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      if (response.status < 400 || (pathOf(request) !== TOKEN && pathOf(request) !== REVOKE)) return response;
      const body = await jsonOf(response);
      if (typeof body?.error !== 'string') return response;
      const requestId = response.headers.get('x-request-id') ?? 'req_fault';
      return changed(response, { body: { error: { code: body.error, message: body.error_description ?? body.error, request_id: requestId, docs_url: `https://docs.crm.example/errors/${body.error}` } } });
    },
  },
  {
    name: 'invalid-client-without-challenge',
    family: 'oauth',
    description: 'invalid_client answers 401 without a WWW-Authenticate challenge.',
    wrap: onOAuthError('invalid_client', (response) => changed(response, { headers: { 'www-authenticate': null } })),
  },
  {
    name: 'invalid-client-as-400',
    family: 'oauth',
    description: 'A failed client authentication answers 400 invalid_client instead of 401.',
    wrap: onOAuthError('invalid_client', (response) => changed(response, { status: 400 })),
  },
  {
    name: 'unsupported-grant-as-invalid-request',
    family: 'oauth',
    description: 'A grant type other than authorization_code and refresh_token answers invalid_request instead of unsupported_grant_type.',
    wrap: onOAuthError('unsupported_grant_type', (response, body) => changed(response, { body: { ...body, error: 'invalid_request' } })),
  },
  {
    name: 'invalid-grant-as-401',
    family: 'oauth',
    description: 'An unknown, used or expired code or refresh token answers 401 instead of 400 invalid_grant.',
    wrap: onOAuthError('invalid_grant', (response) => changed(response, { status: 401 })),
  },
  {
    name: 'pkce-not-checked',
    family: 'oauth',
    description: 'The code_verifier is not checked against the code_challenge: any verifier is taken.',
    wrap: onGrant('authorization_code', async (request, params, next, state) => {
      const found = findCode(state, params.code);
      if (found && found.record.used_at === null && params.code_verifier) {
        const challenge = await s256Challenge(params.code_verifier);
        await found.workspace.transactions.run(() => found.workspace.tables.oauthCodes.update(found.record.id, (draft) => void (draft.code_challenge = challenge)));
      }
      return next(request);
    }),
  },
  {
    name: 'code-reuse-accepted',
    family: 'oauth',
    description: 'A code used before answers the tokens of its first exchange again (an "idempotent" exchange) instead of invalid_grant.',
    wrap: onGrant('authorization_code', async (request, params, next, state) => {
      const earlier = answeredCodes(state).get(params.code ?? '');
      if (earlier) return oauthAnswer(request, earlier.status, earlier.body);
      const response = await next(request);
      if (response.ok && params.code) answeredCodes(state).set(params.code, { status: response.status, body: await jsonOf(response) });
      return response;
    }),
  },
  {
    name: 'code-reuse-keeps-tokens',
    family: 'oauth',
    description: 'A code used a second time is refused, but the tokens issued from it keep working.',
    wrap: onGrant('authorization_code', async (request, params, next, state) => {
      const found = findCode(state, params.code);
      return found && found.record.used_at !== null ? invalidGrant(request, 'The authorization code was already used.') : next(request);
    }),
  },
  {
    name: 'refresh-not-rotated',
    family: 'oauth',
    description: 'A refresh answers the same refresh token again, and it keeps working: refresh tokens do not rotate.',
    wrap: onGrant('refresh_token', async (request, params, next, state) => {
      const presented = params.refresh_token ?? '';
      const aliases = refreshAliases(state);
      // The mock rotates underneath; the fault shows the first token throughout and maps it to the current one.
      const response = await next(withParams(request, { ...params, refresh_token: aliases.get(presented) ?? presented }));
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body?.refresh_token) return response;
      aliases.set(presented, body.refresh_token);
      return changed(response, { body: { ...body, refresh_token: presented } });
    }),
  },
  {
    name: 'refresh-reuse-not-detected',
    family: 'oauth',
    description: 'An already used refresh token is refused, but not treated as theft: the tokens issued after it keep working.',
    wrap: onGrant('refresh_token', async (request, params, next, state) => {
      const found = findRefreshToken(state, params.refresh_token);
      return found && found.record.used_at !== null ? invalidGrant(request, 'The refresh token was already used.') : next(request);
    }),
  },
  {
    name: 'revoke-unknown-token-400',
    family: 'oauth',
    description: 'Revoking a token the service does not know answers 400 invalid_request instead of 200.',
    wrap: (next, state) => async (request, info) => {
      if (request.method !== 'POST' || pathOf(request) !== REVOKE) return next(request, info);
      const { token } = await paramsOf(request);
      const known = token !== undefined && (findRefreshToken(state, token) !== undefined || state.findCredential(token) !== undefined);
      const response = await next(request, info);
      return response.ok && !known ? oauthAnswer(request, 400, { error: 'invalid_request', error_description: 'Unknown token.' }) : response;
    },
  },
  {
    name: 'revoke-ignored',
    family: 'oauth',
    description: 'Revoke answers 200 {} but the token keeps working.',
    wrap: (next) => async (request, info) => (request.method === 'POST' && pathOf(request) === REVOKE ? oauthAnswer(request, 200, {}) : next(request, info)),
  },
  {
    name: 'expires-in-milliseconds',
    family: 'oauth',
    description: 'Token answers give expires_in in milliseconds (3600000) instead of seconds.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.ok && pathOf(request) === TOKEN ? await jsonOf(response) : undefined;
      return typeof body?.expires_in === 'number' ? changed(response, { body: { ...body, expires_in: body.expires_in * 1000 } }) : response;
    },
  },
];
