// What the OAuth checks share (spec 5.2): the client they authenticate as, requests to the token
// and revoke endpoints (form-encoded, HTTP Basic for a confidential client), PKCE pairs, and an
// approval. A person approves an app in a browser: on a mock the suite does it through the control
// API, on a deployment in headless Chromium as the inputs' hub member (consent-decision.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { decide } from './consent-decision.ts';
import type { Target } from '../target.ts';

export type OAuthClient = NonNullable<Target['oauthClient']>;

/** The codes of the OAuth error format (spec 5.2), each with its status. */
export const OAUTH_ERRORS: Record<string, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  server_error: 500,
};

export function needClient(context: CheckContext): OAuthClient {
  const client = context.target.oauthClient;
  if (!client) context.skip('needs an OAuth client: give --client-id and --client-secret (and --redirect-uri)');
  return client;
}

const base64url = (bytes: Buffer) => bytes.toString('base64').replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/** A PKCE pair (spec 5.2 step 1): a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

/** A value of the right shape that no deployment issued. */
export const unknownValue = (prefix: string) => `${prefix}${base64url(randomBytes(24))}`;

export type ClientAuth = { client: OAuthClient; secret?: string } | 'none';

/**
 * POSTs form-encoded `params` to an OAuth endpoint. A confidential client authenticates with HTTP
 * Basic (spec 5.2 step 5), a public one with `client_id` in the body; `'none'` sends the params as
 * they are (they may carry client credentials of their own).
 */
export function oauthPost(
  context: CheckContext,
  path: '/oauth/token' | '/oauth/revoke',
  params: Record<string, string>,
  auth: ClientAuth,
): Promise<Exchange> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const body = new URLSearchParams(params);
  if (auth !== 'none') {
    const secret = auth.secret ?? auth.client.clientSecret;
    if (secret === undefined) body.set('client_id', auth.client.clientId);
    else headers.authorization = `Basic ${Buffer.from(`${formEncode(auth.client.clientId)}:${formEncode(secret)}`).toString('base64')}`;
  }
  // send, not call: a form-encoded body, raw bytes; call sends JSON bodies only.
  return context.client.send('POST', path, { key: null, rawBody: body.toString(), headers });
}

/** RFC 6749 2.3.1: each part of HTTP Basic client credentials is form-urlencoded first. */
function formEncode(value: string): string {
  return encodeURIComponent(value).replaceAll('%20', '+');
}

/** The status, the OAuth format `{error, error_description}` and the code; `invalid_client` also with its challenge. */
export function expectOAuthError(context: CheckContext, exchange: Exchange, status: number, code: string): void {
  if (exchange.status < 400) context.fail(`expected ${status} ${code}, got ${exchange.status}`, exchange);
  const error = exchange.json?.error;
  if (typeof error !== 'string')
    context.fail(
      `expected the OAuth error ${code} as {error, error_description}, got ${error && typeof error === 'object' ? 'the API error envelope' : 'no OAuth error'}`,
      exchange,
    );
  if (error !== code) context.fail(`expected the OAuth error ${code}, got ${error}`, exchange);
  context.expectStatus(exchange, status);
  if (code === 'invalid_client' && !exchange.headers['www-authenticate'])
    context.fail('invalid_client without a WWW-Authenticate challenge', exchange);
}

/**
 * A code for `client` approved by the workspace, with the redirect URI it was issued for: on a
 * mock through its control route, on a deployment in a browser as the inputs' hub member
 * (consent-decision.ts).
 */
export async function approvedCode(
  context: CheckContext,
  client: OAuthClient,
  challenge: string,
): Promise<{ code: string; redirectUri: string }> {
  if (!client.redirectUri) context.skip('needs the redirect URI registered for the client (--redirect-uri)');
  const state = base64url(randomBytes(12));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  const callback = await decide(context, query, 'approve');
  const code = callback.searchParams.get('code');
  if (!code) context.fail(`the approval redirected without a code: ${callback.href}`);
  if (callback.searchParams.get('state') !== state)
    context.fail(`the approval's redirect carries state ${callback.searchParams.get('state')}, not the ${state} sent`);
  return { code, redirectUri: client.redirectUri };
}

export type Tokens = { access_token: string; refresh_token: string; [field: string]: unknown };

/** Approves, exchanges the code with its verifier, and answers the tokens (200 expected). */
export async function freshTokens(
  context: CheckContext,
  client: OAuthClient,
): Promise<{ tokens: Tokens; code: string; exchange: Exchange; redirectUri: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const { code, redirectUri } = await approvedCode(context, client, challenge);
  const exchange = await exchangeCode(context, client, code, redirectUri, verifier);
  context.expectStatus(exchange, 200);
  if (typeof exchange.json?.access_token !== 'string' || typeof exchange.json?.refresh_token !== 'string')
    context.fail('the token answer has no access_token and refresh_token', exchange);
  return { tokens: exchange.json, code, exchange, redirectUri, verifier };
}

export function exchangeCode(
  context: CheckContext,
  client: OAuthClient,
  code: string,
  redirectUri: string,
  verifier: string,
): Promise<Exchange> {
  return oauthPost(
    context,
    '/oauth/token',
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    { client },
  );
}

export function refresh(context: CheckContext, client: OAuthClient, refreshToken: string): Promise<Exchange> {
  return oauthPost(context, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken }, { client });
}

/** `GET /v1/api-keys/whoami` with an access token as the credential (spec 5.2 step 7). */
export function whoami(context: CheckContext, accessToken: string): Promise<Exchange> {
  return context.client.call('getWhoami', { key: accessToken });
}

/** The access token works: whoami answers 200. */
export async function expectTokenWorks(context: CheckContext, accessToken: string, what: string): Promise<void> {
  const answer = await whoami(context, accessToken);
  if (answer.status !== 200) context.fail(`${what}: whoami with it answered ${answer.status}, not 200`, answer);
}

/** The access token no longer works: whoami answers 401 invalid_token. */
export async function expectTokenRefused(context: CheckContext, accessToken: string, what: string): Promise<void> {
  const answer = await whoami(context, accessToken);
  if (answer.status !== 401) context.fail(`${what}: whoami with it answered ${answer.status}, not 401 invalid_token`, answer);
  context.expectError(answer, 401, 'invalid_token');
}
