// Mutants of client authentication at the token and revoke endpoints (spec 5.2): the
// client secret and its rotation, the OAuth error format and statuses.
import { errorDocsUrl } from '../../errors/docs-url.ts';
import type { MockState } from '../../mock-state.ts';
import { findApp } from '../../oauth/find-app.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { onOperation } from '../request-match.ts';
import { oauthAnswer, paramsOf } from '../oauth-requests.ts';

/** The token and revoke endpoints (spec 5.2 steps 5 to 7), which answer errors in the OAuth format. */
const TOKEN_AND_REVOKE = ['createToken', 'revokeToken'] as const;

/** Runs `next` on token and revoke requests, and lets `alter` change an OAuth error answer of the given code. */
function onOAuthError(code: string, alter: (response: Response, body: { error: string; error_description?: string }) => Response) {
  return onOperation(TOKEN_AND_REVOKE, async (next, request, info) => {
    const response = await next(request, info);
    if (response.status < 400) return response;
    const body = await jsonOf(response);
    return body?.error === code ? alter(response, body) : response;
  });
}

const swappedRotations = (state: MockState) => faultMemory(state, 'rotation-keeps-old-secret-current', () => new Set<string>());

/** HTTP Basic client credentials of a token or revoke request, if any. */
function basicOf(request: Request): { clientId: string; secret: string } | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0
    ? undefined
    : {
        clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
        secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
      };
}

function withBasic(request: Request, clientId: string, secret: string): Request {
  const headers = new Headers(request.headers);
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  headers.set('authorization', `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`);
  return new Request(request.url, { method: request.method, headers, body: request.body, duplex: 'half' } as RequestInit);
}

export const oauthClientsMutants: readonly Fault[] = [
  {
    name: 'token-json-body-refused',
    area: 'oauth',
    proves: ['oauth.exchange-json', 'oauth.client-auth-body'],
    description: 'The token endpoint reads only form-encoded bodies: a JSON exchange answers invalid_request.',
    wrap: onOperation('createToken', async (next, request, info) =>
      (request.headers.get('content-type') ?? '').includes('json')
        ? oauthAnswer(request, 400, { error: 'invalid_request', error_description: 'The body must be application/x-www-form-urlencoded.' })
        : next(request, info),
    ),
  },
  {
    name: 'client-secret-in-body-refused',
    area: 'oauth',
    proves: ['oauth.exchange-json', 'oauth.client-auth-body'],
    description: 'Client credentials are read only from HTTP Basic: client_id and client_secret in the body answer 401 invalid_client.',
    wrap: onOperation(TOKEN_AND_REVOKE, async (next, request, info) => {
      const params = await paramsOf(request);
      if (params.client_secret === undefined) return next(request, info);
      const response = oauthAnswer(request, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
      return changed(response, { headers: { 'www-authenticate': 'Basic realm="oauth"' } });
    }),
  },
  {
    name: 'revoke-without-client-auth',
    area: 'oauth',
    proves: ['oauth.revoke-client-auth'],
    description: 'Revoke answers 200 {} to a request without client authentication instead of 401 invalid_client.',
    wrap: onOperation('revokeToken', async (next, request, info) => {
      if (request.headers.has('authorization')) return next(request, info);
      const params = await paramsOf(request);
      return params.client_id === undefined ? oauthAnswer(request, 200, {}) : next(request, info);
    }),
  },
  {
    name: 'old-secret-never-expires',
    area: 'oauth',
    proves: ['oauth.old-secret-24-hours', 'oauth.limit-old-secret'],
    description: 'After a client secret rotation the old secret keeps working at the token endpoint for good, not for 24 hours.',
    wrap: (next, state) =>
      onOperation(TOKEN_AND_REVOKE, async (inner, request, info) => {
        const basic = basicOf(request);
        const app = basic ? findApp(state, basic.clientId)?.app : undefined;
        if (!basic || !app?.client_secret || basic.secret !== app.previous_client_secret) return inner(request, info);
        return inner(withBasic(request, basic.clientId, app.client_secret), info);
      })(next, state),
  },
  {
    name: 'old-secret-ends-at-once',
    area: 'oauth',
    proves: ['oauth.old-secret-24-hours', 'oauth.limit-old-secret'],
    description: 'A client secret rotation ends the old secret at once (invalid_client) instead of letting it work for 24 hours.',
    wrap: (next, state) =>
      onOperation(TOKEN_AND_REVOKE, async (inner, request, info) => {
        const basic = basicOf(request);
        const app = basic ? findApp(state, basic.clientId)?.app : undefined;
        if (!basic || !app?.previous_client_secret || basic.secret !== app.previous_client_secret) return inner(request, info);
        return changed(oauthAnswer(request, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' }), {
          headers: { 'www-authenticate': 'Basic realm="oauth"' },
        });
      })(next, state),
  },
  {
    name: 'rotation-keeps-old-secret-current',
    area: 'oauth',
    proves: ['oauth.old-secret-24-hours', 'oauth.new-secret-at-once', 'oauth.new-secret-signs', 'oauth.limit-old-secret'],
    description:
      'A client secret rotation is applied backwards: the old secret stays the current one (lifecycle events stay signed with it, and it works past 24 hours) while the new one is kept as the previous one.',
    // The rotation itself goes through the control API, which no fault wraps: the swap is made at the app's next token request.
    operations: TOKEN_AND_REVOKE,
    // In the transaction of the app's workspace, before the handler authenticates the client.
    aroundHandler: async (next, { state, request, workspace }) => {
      const basic = basicOf(request);
      const app = basic ? workspace?.tables.apps.get(basic.clientId) : undefined;
      const swapped = swappedRotations(state);
      const rotation = app ? `${app.id}:${app.previous_client_secret_expires_at}` : '';
      if (workspace && app?.client_secret && app.previous_client_secret && !swapped.has(rotation)) {
        swapped.add(rotation);
        await workspace.tables.apps.update(app.id, (draft) => {
          [draft.client_secret, draft.previous_client_secret] = [draft.previous_client_secret!, draft.client_secret!];
        });
      }
      return next();
    },
  },
  {
    name: 'oauth-errors-as-envelope',
    area: 'oauth',
    proves: ['oauth.error-format', 'oauth.invalid-client-401', 'oauth.unsupported-grant-type', 'oauth.invalid-grant'],
    description:
      'The token and revoke endpoints answer errors in the API envelope {error: {code, message, ...}} instead of {error, error_description}.',
    wrap: onOperation(TOKEN_AND_REVOKE, async (next, request, info, _routed, state) => {
      const response = await next(request, info);
      if (response.status < 400) return response;
      const body = await jsonOf(response);
      if (typeof body?.error !== 'string') return response;
      const requestId = response.headers.get('x-request-id') ?? 'req_fault';
      return changed(response, {
        body: {
          error: {
            code: body.error,
            message: body.error_description ?? body.error,
            request_id: requestId,
            docs_url: errorDocsUrl(state.config, body.error),
          },
        },
      });
    }),
  },
  {
    name: 'invalid-client-without-challenge',
    area: 'oauth',
    proves: ['oauth.invalid-client-401', 'oauth.invalid-client-challenge'],
    description: 'invalid_client answers 401 without a WWW-Authenticate challenge.',
    wrap: onOAuthError('invalid_client', (response) => changed(response, { headers: { 'www-authenticate': null } })),
  },
  {
    name: 'invalid-client-as-400',
    area: 'oauth',
    proves: [
      'oauth.revoke-client-auth',
      'oauth.invalid-client-401',
      'oauth.invalid-client-challenge',
      'oauth.old-secret-24-hours',
      'oauth.limit-old-secret',
    ],
    description: 'A failed client authentication answers 400 invalid_client instead of 401.',
    wrap: onOAuthError('invalid_client', (response) => changed(response, { status: 400 })),
  },
  {
    name: 'unsupported-grant-as-invalid-request',
    area: 'oauth',
    proves: ['oauth.unsupported-grant-type'],
    description: 'A grant type other than authorization_code and refresh_token answers invalid_request instead of unsupported_grant_type.',
    wrap: onOAuthError('unsupported_grant_type', (response, body) => changed(response, { body: { ...body, error: 'invalid_request' } })),
  },
  {
    name: 'invalid-grant-as-401',
    area: 'oauth',
    proves: ['oauth.invalid-grant'],
    description: 'An unknown, used or expired code or refresh token answers 401 instead of 400 invalid_grant.',
    wrap: onOAuthError('invalid_grant', (response) => changed(response, { status: 401 })),
  },
];
