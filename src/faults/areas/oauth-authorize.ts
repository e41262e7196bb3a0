// Mutants of the authorization request (spec 5.2 steps 1-3): its parameters, the state
// and the consent request.
import type { MockState } from '../../mock-state.ts';
import { findApp } from '../../oauth/find-app.ts';
import { s256Challenge } from '../../oauth/pkce.ts';
import { changed, type Fault, type Handle } from '../fault.ts';
import { addressIn, queryOf, withQuery, withQueryOf } from '../addresses.ts';
import { onOperation } from '../request-match.ts';
import { FOREVER } from '../oauth-requests.ts';

/**
 * Runs `work` for browser visits of the authorization endpoint (given the query). Raw requests,
 * not the handler seam: the endpoint's handler reads the query from the request itself (an invalid
 * one is redirected to the app, not refused by the pipeline).
 */
function onAuthorize(work: (request: Request, query: URLSearchParams, next: Handle, state: MockState) => Promise<Response>) {
  return (next: Handle, state: MockState): Handle =>
    onOperation('authorize', (inner, request, info) => work(request, queryOf(request), (r) => inner(r, info), state))(next, state);
}

/** A redirect answer's Location changed by `alter` (other answers as they are). */
function withLocation(response: Response, alter: (location: URL) => string): Response {
  const location = addressIn(response.headers.get('location') ?? '');
  return location && response.status >= 300 && response.status < 400
    ? changed(response, { headers: { location: alter(location) } })
    : response;
}

export const oauthAuthorizeMutants: readonly Fault[] = [
  {
    name: 'authorize-redirect-prefix-match',
    area: 'oauth',
    proves: ['oauth.authorize-redirect-exact', 'oauth.redirect-uri-no-wildcards'],
    description:
      'A redirect_uri is taken when it starts with a registered one, so https://app.example/callback/anything (or a longer path) gets the code or the error: an open redirector.',
    wrap: onAuthorize(async (request, query, next, state) => {
      const sent = query.get('redirect_uri');
      const app = findApp(state, query.get('client_id') ?? '')?.app;
      if (!app || !sent || sent === app.redirect_uri || !sent.startsWith(app.redirect_uri)) return next(request);
      query.set('redirect_uri', app.redirect_uri);
      const response = await next(withQueryOf(request, query));
      return withLocation(response, (location) => location.href.replace(app.redirect_uri, sent));
    }),
  },
  {
    name: 'authorize-error-without-state',
    area: 'oauth',
    proves: ['oauth.state-returned'],
    description:
      'The error redirects of the authorization endpoint (unsupported_response_type, invalid_scope, invalid_request) leave out the state the app sent.',
    wrap: onAuthorize(async (request, _query, next) =>
      withLocation(await next(request), (location) => {
        if (location.searchParams.has('error')) location.searchParams.delete('state');
        return location.href;
      }),
    ),
  },
  {
    name: 'authorize-pkce-plain-accepted',
    area: 'oauth',
    proves: ['oauth.pkce-s256-only', 'oauth.malformed-redirected'],
    description:
      'code_challenge_method=plain is accepted (the challenge is the verifier itself) instead of redirecting with invalid_request: only S256 exists.',
    wrap: onAuthorize(async (request, query, next) => {
      const challenge = query.get('code_challenge');
      if (query.get('code_challenge_method') !== 'plain' || !challenge) return next(request);
      query.set('code_challenge', await s256Challenge(challenge));
      query.set('code_challenge_method', 'S256');
      return next(withQueryOf(request, query));
    }),
  },
  {
    name: 'authorize-undeclared-scopes-dropped',
    area: 'oauth',
    proves: ['oauth.authorize-scope-subset', 'oauth.malformed-redirected'],
    description: 'Scopes the app does not declare are silently left out of the request instead of redirecting with invalid_scope.',
    wrap: onAuthorize(async (request, query, next, state) => {
      const app = findApp(state, query.get('client_id') ?? '')?.app;
      const asked = (query.get('scope') ?? '').split(' ').filter(Boolean);
      const declared = asked.filter((scope) => app?.scopes.includes(scope as never));
      if (!app || declared.length === asked.length) return next(request);
      if (declared.length) query.set('scope', declared.join(' '));
      else query.delete('scope');
      return next(withQueryOf(request, query));
    }),
  },
  {
    name: 'consent-request-never-expires',
    area: 'oauth',
    proves: ['oauth.consent-15-minutes', 'oauth.limit-consent-request'],
    description:
      'A consent request opened on the hub never expires: it can still be approved after 15 minutes instead of answering 400 request_expired.',
    operations: ['authorize'],
    // In the app's workspace transaction (the request names the app): the consent request just opened is kept forever.
    aroundHandler: async (next, { state, workspace, input }) => {
      const result = await next();
      const app = findApp(state, String(input.query.client_id ?? ''))?.app;
      if (!workspace || !app) return result;
      for (const consent of [...workspace.tables.oauthConsentRequests.newestFirst()]) {
        if (consent.app_id === app.id)
          await workspace.tables.oauthConsentRequests.update(consent.id, (draft) => void (draft.expires_at = FOREVER));
      }
      return result;
    },
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'oauth-state-500-refused',
    area: 'oauth',
    proves: ['oauth.state-500-printable', 'oauth.limit-state'],
    description:
      'An authorization request whose state has exactly 500 characters is redirected with invalid_request: the limit is checked with < 500 (spec 5.2, 8: up to 500).',
    wrap: onOperation(['authorize', 'submitConsent'], async (next, request, info) =>
      next(
        withQuery(request, (query) => {
          if ((query.get('state') ?? '').length === 500) query.set('state', `${query.get('state')}x`);
        }),
        info,
      ),
    ),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'authorize-missing-method-as-s256',
    area: 'oauth',
    proves: ['oauth.pkce-method-required', 'oauth.malformed-redirected'],
    description:
      'An authorization request with code_challenge and no code_challenge_method is taken as S256 instead of redirected with invalid_request (spec 5.2: PKCE, only S256; RFC 7636 reads a missing method as plain).',
    wrap: onOperation('authorize', async (next, request, info) =>
      next(
        withQuery(request, (query) => {
          if (query.get('code_challenge') !== null && query.get('code_challenge_method') === null)
            query.set('code_challenge_method', 'S256');
        }),
        info,
      ),
    ),
  },
];
