// Mutants of the token grants (spec 5.2): PKCE, single-use codes, rotating refresh tokens
// and theft detection, revocation, the token answer.
import type { MockState } from '../../mock-state.ts';
import { s256Challenge } from '../../oauth/pkce.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { changed, jsonOf, type Fault, type Handle } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { alterOk, onOperation } from '../request-match.ts';
import { paramsOf, oauthAnswer, FOREVER } from '../oauth-requests.ts';

type TokenRequest = components['schemas']['OAuthTokenRequest'];

/** The same request with other parameters, in the same encoding. */
function withParams(request: Request, params: Record<string, string>): Request {
  const json = (request.headers.get('content-type') ?? '').includes('json');
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, {
    method: request.method,
    headers,
    body: json ? JSON.stringify(params) : new URLSearchParams(params).toString(),
  });
}

/** Runs `work` for token requests of one grant type (given an unread copy and the parameters). */
function onGrant(
  grantType: string,
  work: (request: Request, params: Record<string, string>, next: Handle, state: MockState) => Promise<Response>,
) {
  return (next: Handle, state: MockState): Handle =>
    onOperation('createToken', async (inner, request, info) => {
      const params = await paramsOf(request);
      return params.grant_type === grantType ? work(request, params, (r) => inner(r, info), state) : inner(request, info);
    })(next, state);
}

/**
 * Runs `change` before the handler of token requests of one grant type, in the transaction of the
 * app's workspace (http/handler.ts: a public operation that addresses a workspace), given the
 * validated body: a fault that changes what is stored writes there, as a buggy handler would.
 */
function aroundGrant(
  grantType: string,
  change: (workspace: Workspace, body: TokenRequest, state: MockState) => Promise<void>,
): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['createToken'],
    aroundHandler: async (next, { state, workspace, input }) => {
      const body = input.body as TokenRequest;
      if (workspace && body.grant_type === grantType) await change(workspace, body, state);
      return next();
    },
  };
}

function findRecord<T>(state: MockState, lookup: (workspace: Workspace) => T | undefined): { workspace: Workspace; record: T } | undefined {
  for (const workspace of state.workspaces.values()) {
    const record = lookup(workspace);
    if (record) return { workspace, record };
  }
  return undefined;
}

const findCode = (state: MockState, code: string | undefined) =>
  code ? findRecord(state, (workspace) => workspace.tables.oauthCodes.get(code)) : undefined;

const findRefreshToken = (state: MockState, token: string | undefined) =>
  token ? findRecord(state, (workspace) => workspace.tables.oauthRefreshTokens.get(token)) : undefined;

// Per mock: what each fault remembers between requests.
const answeredCodes = (state: MockState) =>
  faultMemory(state, 'code-reuse-accepted', () => new Map<string, { status: number; body: unknown }>());

const refreshAliases = (state: MockState) => faultMemory(state, 'refresh-not-rotated', () => new Map<string, string>());

const verifierStandIns = (state: MockState) => faultMemory(state, 'verifier-length-not-checked', () => new Map<string, string>());

const invalidGrant = (request: Request, description: string) =>
  oauthAnswer(request, 400, { error: 'invalid_grant', error_description: description });

/** A PKCE verifier of a valid length standing in for `verifier` (padded or cut to 43 to 128 characters). */
const validLengthVerifier = (verifier: string) => (verifier.length < 43 ? verifier.padEnd(43, 'x') : verifier.slice(0, 128));

export const oauthGrantsMutants: readonly Fault[] = [
  {
    name: 'code-never-expires',
    area: 'oauth',
    proves: ['oauth.code-10-minutes', 'oauth.limit-code'],
    description: 'The 10 minutes of an authorization code are not checked: a code is exchanged whenever it comes.',
    ...aroundGrant('authorization_code', async ({ tables }, body) => {
      const code = tables.oauthCodes.get(body.code ?? '');
      if (code) await tables.oauthCodes.update(code.id, (draft) => void (draft.expires_at = FOREVER));
    }),
  },
  {
    name: 'access-token-never-expires',
    area: 'oauth',
    proves: ['oauth.access-token-expired', 'oauth.limit-access-token'],
    description: 'An access token keeps working after its hour: the expiry is written in the token answer but never checked on API calls.',
    wrap: (next, state) => async (request, info) => {
      const bearer = /^Bearer\s+(svc_at_\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      const found = bearer ? state.findCredential(bearer) : undefined;
      if (found?.credential.kind === 'access_token') found.credential.accessToken.expiresAt = FOREVER;
      return next(request, info);
    },
  },
  {
    name: 'refresh-token-never-expires',
    area: 'oauth',
    proves: ['oauth.refresh-token-60-days', 'oauth.limit-refresh-token'],
    description: 'A refresh token keeps refreshing after its 60 days.',
    ...aroundGrant('refresh_token', async ({ tables }, body) => {
      const token = tables.oauthRefreshTokens.get(body.refresh_token ?? '');
      if (token && token.used_at === null) await tables.oauthRefreshTokens.update(token.id, (draft) => void (draft.expires_at = FOREVER));
    }),
  },
  {
    name: 'revoke-refresh-keeps-access',
    area: 'oauth',
    proves: ['oauth.revoke-refresh-cascade'],
    description: 'Revoking a refresh token revokes only the refresh tokens: the access token issued with it keeps working.',
    wrap: (next, state) =>
      onOperation('revokeToken', async (inner, request, info) => {
        const found = findRefreshToken(state, (await paramsOf(request)).token);
        const response = await inner(request, info);
        const access = found ? state.findCredential(found.record.access_token) : undefined;
        if (access?.credential.kind === 'access_token') access.credential.accessToken.revokedAt = null;
        return response;
      })(next, state),
  },
  {
    name: 'refresh-scope-widens',
    area: 'oauth',
    proves: ['oauth.refresh-scope-no-widening'],
    description:
      'The scope of a refresh is not held to the grant: a scope that was not granted is answered as asked instead of invalid_scope.',
    wrap: onGrant('refresh_token', async (request, params, next) => {
      const response = await next(request);
      if (params.scope === undefined || (await jsonOf(response))?.error !== 'invalid_scope') return response;
      const { scope: _asked, ...rest } = params;
      const retried = await next(withParams(request, rest));
      const body = await jsonOf(retried);
      return retried.ok ? changed(retried, { body: { ...body, scope: params.scope } }) : retried;
    }),
  },
  {
    name: 'verifier-length-not-checked',
    area: 'oauth',
    proves: ['oauth.pkce-verifier-length', 'oauth.limit-pkce-verifier'],
    description:
      'A code_verifier of any length is taken when it hashes to the challenge (42 or 129 characters included), instead of only 43 to 128.',
    // The service checks only the hash: the mock's schema would refuse the length, so the request
    // carries a stand-in of a valid length, and the handler checks it against the stand-in's hash,
    // written in the request's transaction.
    wrap: onGrant('authorization_code', async (request, params, next, state) => {
      const verifier = params.code_verifier ?? '';
      const found = findCode(state, params.code);
      if (
        !found ||
        found.record.used_at !== null ||
        (verifier.length >= 43 && verifier.length <= 128) ||
        (await s256Challenge(verifier)) !== found.record.code_challenge
      )
        return next(request);
      const standIn = validLengthVerifier(verifier);
      verifierStandIns(state).set(found.record.id, standIn);
      return next(withParams(request, { ...params, code_verifier: standIn }));
    }),
    ...aroundGrant('authorization_code', async ({ tables }, body, state) => {
      const standIns = verifierStandIns(state);
      const standIn = standIns.get(body.code ?? '');
      if (standIn === undefined || standIn !== body.code_verifier) return;
      standIns.delete(body.code ?? '');
      const challenge = await s256Challenge(standIn);
      await tables.oauthCodes.update(body.code ?? '', (draft) => void (draft.code_challenge = challenge));
    }),
  },
  {
    name: 'pkce-not-checked',
    area: 'oauth',
    proves: ['oauth.pkce-challenge-s256'],
    description: 'The code_verifier is not checked against the code_challenge: any verifier is taken.',
    ...aroundGrant('authorization_code', async ({ tables }, body) => {
      const code = tables.oauthCodes.get(body.code ?? '');
      if (!code || code.used_at !== null || !body.code_verifier) return;
      const challenge = await s256Challenge(body.code_verifier);
      await tables.oauthCodes.update(code.id, (draft) => void (draft.code_challenge = challenge));
    }),
  },
  {
    name: 'code-reuse-accepted',
    area: 'oauth',
    proves: ['oauth.code-single-use', 'oauth.code-reuse-revokes', 'oauth.limit-code'],
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
    area: 'oauth',
    proves: ['oauth.code-reuse-revokes'],
    description: 'A code used a second time is refused, but the tokens issued from it keep working.',
    wrap: onGrant('authorization_code', async (request, params, next, state) => {
      const found = findCode(state, params.code);
      return found && found.record.used_at !== null ? invalidGrant(request, 'The authorization code was already used.') : next(request);
    }),
  },
  {
    name: 'refresh-not-rotated',
    area: 'oauth',
    proves: [
      'oauth.refresh-rotates',
      'oauth.refresh-old-stops',
      'oauth.refresh-reuse-revokes-all',
      'oauth.refresh-reuse-uninstalls',
      'oauth.limit-refresh-token',
    ],
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
    area: 'oauth',
    proves: ['oauth.refresh-reuse-revokes-all', 'oauth.refresh-reuse-uninstalls'],
    description: 'An already used refresh token is refused, but not treated as theft: the tokens issued after it keep working.',
    wrap: onGrant('refresh_token', async (request, params, next, state) => {
      const found = findRefreshToken(state, params.refresh_token);
      return found && found.record.used_at !== null ? invalidGrant(request, 'The refresh token was already used.') : next(request);
    }),
  },
  {
    name: 'revoke-unknown-token-400',
    area: 'oauth',
    proves: ['oauth.revoke-answer'],
    description: 'Revoking a token the service does not know answers 400 invalid_request instead of 200.',
    wrap: (next, state) =>
      onOperation('revokeToken', async (inner, request, info) => {
        const { token } = await paramsOf(request);
        const known = token !== undefined && (findRefreshToken(state, token) !== undefined || state.findCredential(token) !== undefined);
        const response = await inner(request, info);
        return response.ok && !known
          ? oauthAnswer(request, 400, { error: 'invalid_request', error_description: 'Unknown token.' })
          : response;
      })(next, state),
  },
  {
    name: 'revoke-ignored',
    area: 'oauth',
    proves: ['oauth.access-token-revoked', 'oauth.revoke-client-auth', 'oauth.revoke-refresh-cascade'],
    description: 'Revoke answers 200 {} but the token keeps working.',
    wrap: onOperation('revokeToken', async (_next, request) => oauthAnswer(request, 200, {})),
  },
  {
    name: 'expires-in-milliseconds',
    area: 'oauth',
    proves: ['oauth.answer-expires-in', 'oauth.refresh-answer-tokens', 'responses.shape.create-token'],
    description: 'Token answers give expires_in in milliseconds (3600000) instead of seconds.',
    wrap: onOperation('createToken', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      return typeof body?.expires_in === 'number' ? changed(response, { body: { ...body, expires_in: body.expires_in * 1000 } }) : response;
    }),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'refresh-expires-in-30-days',
    area: 'oauth',
    proves: ['oauth.answer-refresh-expires-in', 'oauth.refresh-answer-tokens'],
    description: 'The token answer gives refresh_token_expires_in 2592000 (30 days) instead of 5184000 (60 days) (spec 5.2 step 6, 8).',
    wrap: onOperation('createToken', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      return typeof body?.refresh_token_expires_in === 'number'
        ? changed(response, { body: { ...body, refresh_token_expires_in: 2592000 } })
        : response;
    }),
  },
  {
    name: 'verifier-43-refused',
    area: 'oauth',
    proves: ['oauth.pkce-challenge-s256', 'oauth.exchange-form-encoded', 'oauth.exchange-json'],
    description:
      'A PKCE code_verifier of exactly 43 characters (the shortest allowed, and what 32 random bytes make) is refused: the length is checked with > 43 (spec 5.2, 8: 43 to 128).',
    wrap: onOperation('createToken', async (next, request, info) => {
      const params = await paramsOf(request);
      if (typeof params.code_verifier !== 'string' || params.code_verifier.length !== 43) return next(request, info);
      return next(withParams(request, { ...params, code_verifier: params.code_verifier.slice(0, 42) }), info);
    }),
  },
  {
    name: 'refresh-scope-narrowing-ignored',
    area: 'oauth',
    proves: ['oauth.refresh-scope-no-widening'],
    description:
      'The scope of a refresh is not read: a refresh asking for fewer scopes answers (and grants) every scope of the installation (spec 5.2: scope can narrow the granted scopes).',
    wrap: onOperation('createToken', async (next, request, info) => {
      const params = await paramsOf(request);
      if (params.grant_type !== 'refresh_token' || !('scope' in params)) return next(request, info);
      const { scope: _ignored, ...rest } = params;
      return next(withParams(request, rest), info);
    }),
  },
  {
    name: 'token-scope-comma-separated',
    area: 'oauth',
    proves: ['oauth.authorize-scope-empty-all', 'oauth.authorize-scope-space-separated', 'responses.shape.create-token'],
    description:
      'The token answer lists the granted scopes separated by commas (leads:read,contacts:read) instead of spaces (spec 5.2: scope, space-separated).',
    wrap: onOperation('createToken', async (next, request, info) =>
      alterOk(await next(request, info), (body) =>
        typeof body.scope === 'string' ? { ...body, scope: body.scope.split(' ').join(',') } : body,
      ),
    ),
  },
  // Found by the eighth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'access-token-expired-as-key-expired',
    area: 'oauth',
    proves: ['errors.docs-url-names-code', 'oauth.access-token-expired', 'oauth.limit-access-token'],
    description:
      'An access token past its hour answers 401 key_expired (the API key path reused for every credential) instead of invalid_token (spec 5.2 step 7: an expired access token answers invalid_token).',
    wrap: (next, state) => async (request, info) => {
      const response = await next(request, info);
      const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      const found = response.status === 401 && secret ? state.findCredential(secret) : undefined;
      if (found?.credential.kind !== 'access_token' || found.credential.accessToken.revokedAt) return response;
      if (Date.parse(found.credential.accessToken.expiresAt) > found.workspace.now()) return response;
      const body = await jsonOf(response);
      return body?.error?.code === 'invalid_token'
        ? changed(response, { body: { error: { ...body.error, code: 'key_expired', message: 'The API key has expired.' } } })
        : response;
    },
  },
  {
    name: 'token-type-lowercase',
    area: 'oauth',
    proves: ['oauth.answer-token-type', 'oauth.refresh-answer-fields', 'responses.shape.create-token'],
    description: 'The token answer gives token_type "bearer" (the library default) instead of "Bearer" (spec 5.2 step 6).',
    wrap: onOperation('createToken', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ('token_type' in body ? { ...body, token_type: 'bearer' } : body)),
    ),
  },
  {
    name: 'refresh-answer-without-refresh-expiry',
    area: 'oauth',
    proves: ['oauth.refresh-answer-fields'],
    description:
      'A refresh answers the new refresh token without refresh_token_expires_in (only the code exchange writes it), where crmkit reads a refresh answer as the whole token answer of spec 5.2 step 6 (a reading: it warns on a deployment).',
    wrap: onGrant('refresh_token', async (request, _params, next) =>
      alterOk(await next(request), ({ refresh_token_expires_in: _dropped, ...body }) => body),
    ),
  },
  {
    name: 'refresh-invalid-scope-as-invalid-grant',
    area: 'oauth',
    proves: ['oauth.refresh-scope-no-widening'],
    description:
      'A refresh asking for a scope that was not granted answers 400 invalid_grant (the grant is refused whole) instead of invalid_scope (spec 5.2: scope can only narrow; OAuth errors).',
    wrap: onGrant('refresh_token', async (request, _params, next) => {
      const response = await next(request);
      const body = response.status === 400 ? await jsonOf(response) : undefined;
      return body?.error === 'invalid_scope' ? changed(response, { body: { ...body, error: 'invalid_grant' } }) : response;
    }),
  },
];
