// The query of `GET {hub_url}/oauth/authorize` (spec 5.2 steps 2 and 3), checked in the order that
// decides how a problem is answered (RFC 6749 4.1.2.1): an unknown client or redirect URI is
// never redirected (an error page); once both are known, everything else is answered by
// redirecting to the app with `error`. The values are checked against the document's schemas.
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { findApp } from './find-app.ts';
import { parseScopes, scopeOutside } from './oauth-scopes.ts';
import { redirectTo } from './redirect-url.ts';

/** A request that may be shown to a person: everything checked, defaults applied. */
export type AuthorizationRequest = {
  app: App;
  workspace: Workspace;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string;
  /** The query in a canonical order: the same query is the same consent request. */
  queryKey: string;
};

export type AuthorizeCheck =
  | { kind: 'error_page'; field: 'client_id' | 'redirect_uri'; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'valid'; request: AuthorizationRequest };

const PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

export function checkAuthorizeQuery(state: MockState, query: URLSearchParams): AuthorizeCheck {
  const page = (field: 'client_id' | 'redirect_uri', message: string): AuthorizeCheck => ({ kind: 'error_page', field, message });
  const valid = (pointer: string, value: string) => state.validators.crm.problems(`/components/schemas/${pointer}`, value).length === 0;
  // RFC 6749 3.1: a parameter sent twice makes the request malformed.
  const repeated = PARAMETERS.filter((name) => query.getAll(name).length > 1);

  const clientId = query.get('client_id');
  if (!clientId || repeated.includes('client_id')) return page('client_id', 'The link does not name one app (client_id).');
  const found = findApp(state, clientId);
  if (!found) return page('client_id', 'No app has this client_id.');
  const { app, workspace } = found;

  const asked = query.get('redirect_uri');
  if (repeated.includes('redirect_uri')) return page('redirect_uri', 'The link names several redirect addresses.');
  // The app registers exactly one redirect URI, so it may be left out (spec 5.2); one sent must match exactly.
  if (asked !== null && (asked !== app.redirect_uri || !valid('OAuthRedirectUri', asked))) {
    return page('redirect_uri', 'This redirect address is not registered for the app.');
  }
  const redirectUri = app.redirect_uri;

  const rawState = query.get('state');
  const stateOk = rawState === null || (valid('OAuthState', rawState) && !repeated.includes('state'));
  const refuse = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    // A `state` that is itself malformed is not sent back: it may not be safe to put in the address.
    location: redirectTo(redirectUri, { error, error_description: description, state: stateOk ? rawState : null }),
  });
  if (repeated.length) return refuse('invalid_request', `Repeated parameter: ${repeated.join(', ')}.`);
  if (!stateOk) return refuse('invalid_request', 'state must be up to 500 printable characters.');

  const responseType = query.get('response_type');
  if (responseType === null) return refuse('invalid_request', 'response_type is missing.');
  if (responseType !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported.');
  const method = query.get('code_challenge_method');
  if (method === null) return refuse('invalid_request', 'PKCE is required: code_challenge_method=S256.');
  if (method !== 'S256') return refuse('invalid_request', 'Only the PKCE method S256 is supported.');
  const codeChallenge = query.get('code_challenge');
  if (codeChallenge === null || !valid('OAuthCodeChallenge', codeChallenge)) {
    return refuse('invalid_request', 'code_challenge must be base64url(SHA-256(code_verifier)) without padding, 43 characters.');
  }

  const scopeParam = query.get('scope');
  const asks = parseScopes(scopeParam ?? '');
  // Empty or absent means all the app declares (spec 5.2).
  const scopes = asks.length ? asks : [...app.scopes];
  const outside = scopeOutside(scopes, app.scopes);
  if (outside !== undefined) return refuse('invalid_scope', `The app does not declare the scope ${outside}.`);

  const queryKey = JSON.stringify(PARAMETERS.map((name) => query.get(name)));
  return { kind: 'valid', request: { app, workspace, redirectUri, scopes, state: rawState, codeChallenge, queryKey } };
}
