// Client authentication at the token and revoke endpoints (spec 5.2 step 5; RFC 6749 2.3.1):
// HTTP Basic with the client id and secret, or `client_id` and `client_secret` in the body, never
// both; a public client (no secret) sends only `client_id` and relies on PKCE. Any failure is
// `invalid_client` (401 with a Basic challenge, errors/oauth-error-response.ts).
import type { MockState } from '../mock-state.ts';
import { findApp, type AppInWorkspace } from './find-app.ts';
import { secretMatches } from './client-secrets.ts';
import { oauthError } from './oauth-error.ts';

export type ClientCredentials = { client_id?: string; client_secret?: string };

export function authenticateClient(state: MockState, request: Request, body: ClientCredentials): AppInWorkspace {
  const basic = basicCredentials(request.headers.get('authorization'));
  if (basic && body.client_secret !== undefined)
    throw oauthError('invalid_request', 'Send the client secret either with HTTP Basic or in the body, not both.');
  if (basic && body.client_id !== undefined && body.client_id !== basic.clientId)
    throw oauthError('invalid_request', 'client_id in the body is not the client of the Authorization header.');
  const clientId = basic?.clientId ?? body.client_id;
  const secret = basic ? basic.secret : body.client_secret;
  if (!clientId)
    throw oauthError('invalid_client', 'Client authentication is missing: send HTTP Basic, or client_id (and client_secret) in the body.');

  const found = findApp(state, clientId);
  if (!found) throw oauthError('invalid_client', 'Unknown client.');
  const { app, workspace } = found;
  if (app.client_secret === null) {
    // A public client has no secret; one that sends a secret is not who it says it is.
    if (secret) throw oauthError('invalid_client', 'This client is public: it has no secret and authenticates with client_id alone.');
    return found;
  }
  if (!secret || !secretMatches(app, secret, workspace.now())) throw oauthError('invalid_client', 'Client authentication failed.');
  return found;
}

/**
 * The app a token or revoke request names, found before it is authenticated (its workspace is the
 * one the request changes, http/handler.ts), or undefined when the request names none it could be.
 */
export function appNamedBy(state: MockState, request: Request, body: ClientCredentials): AppInWorkspace | undefined {
  try {
    const clientId = basicCredentials(request.headers.get('authorization'))?.clientId ?? body.client_id;
    return clientId === undefined ? undefined : findApp(state, clientId);
  } catch {
    // Credentials that do not decode: authenticateClient refuses them.
    return undefined;
  }
}

/**
 * `Authorization: Basic base64(id:secret)`, each part form-urlencoded first (RFC 6749 2.3.1).
 * Another scheme, or a header that does not decode, fails authentication.
 */
function basicCredentials(header: string | null): { clientId: string; secret: string } | undefined {
  if (header === null) return undefined;
  const encoded = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header)?.[1];
  if (!encoded) throw oauthError('invalid_client', 'The Authorization header must be HTTP Basic with the client id and secret.');
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    throw oauthError('invalid_client', 'The HTTP Basic credentials do not decode.');
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw oauthError('invalid_client', 'The HTTP Basic credentials must be client_id:client_secret.');
  return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    throw oauthError('invalid_client', 'The HTTP Basic credentials are not form-urlencoded.');
  }
}
