// What the OAuth checks of the authorization request share (spec 5.2 steps 2 to 4): building the
// query of `GET {hub_url}/oauth/authorize`, telling a redirect to the app from any other answer
// (an error page, a sign-in page), apps of a check's own on a mock, and approvals with a query of
// the check's choosing. conformance/kits/oauth-kit.ts has the token side.
import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { controlCall, mockWorkspaceId } from '../../mock-control.ts';
import { decide } from '../../kits/consent-decision.ts';
import { exchangeCode, pkcePair, type OAuthClient } from '../../kits/oauth-kit.ts';

/** 500 printable ASCII characters, spaces and signs included: the longest `state` spec 8 allows. */
export const LONG_STATE = Array.from({ length: 500 }, (_, index) => String.fromCharCode(0x20 + ((index * 7) % 95))).join('');

/** A fresh unguessable `state`, as spec 5.2 recommends. */
export const newState = () => randomBytes(12).toString('base64url');

/** The query of a well-formed authorization request for `client`; `changes` replace (undefined removes) parameters. */
export function authorizeQuery(client: OAuthClient, challenge: string, changes: Record<string, string | undefined> = {}): URLSearchParams {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: newState(),
    ...changes,
  };
  return new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The browser's visit to `{hub_url}/oauth/authorize` (redirects are not followed: the answer is judged). */
export function visitAuthorize(context: CheckContext, query: URLSearchParams): Promise<Exchange> {
  // send, not call: the query is the check's, malformed on purpose for some (a parameter left out, an unknown client, another response_type).
  return context.client.send('GET', `/oauth/authorize?${query}`, { key: null, origin: 'hub', headers: { accept: 'text/html' } });
}

/** The address without its query and fragment: what "the same redirect URI" compares. */
const endpointOf = (url: URL) => `${url.origin}${url.pathname}`;

/** The callback the answer sends the browser to, when it is a redirect to `redirectUri`; else undefined. */
export function callbackTo(exchange: Exchange, redirectUri: string, hubUrl: string): URL | undefined {
  const location = exchange.headers.location;
  if (exchange.status < 300 || exchange.status >= 400 || !location) return undefined;
  const target = new URL(location, hubUrl);
  return endpointOf(target) === endpointOf(new URL(redirectUri)) ? target : undefined;
}

/** A redirect that leaves for somewhere other than the app (a sign-in page, say). */
export function redirectsElsewhere(exchange: Exchange, redirectUri: string, hubUrl: string): boolean {
  return exchange.status >= 300 && exchange.status < 400 && callbackTo(exchange, redirectUri, hubUrl) === undefined;
}

/** An app of the check's own on a mock (a confidential client unless `public`), with its redirect URI. */
export async function mockApp(
  context: CheckContext,
  scopes: string[],
  options: { public?: boolean } = {},
): Promise<OAuthClient & { appId: string }> {
  const mock = context.target.mock;
  if (!mock)
    context.skip('needs an app of its own, which only a crmkit mock lets the suite register (apps are made in the developer console)');
  const app = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/apps`, {
    name: `conformance ${context.runId}`,
    redirect_uri: 'http://127.0.0.1/conformance/callback',
    scopes,
    ...(options.public ? { public: true } : {}),
  });
  return { appId: app.id, clientId: app.client_id, clientSecret: app.client_secret ?? undefined, redirectUri: app.redirect_uri };
}

/** Approves a query of the check's choosing and exchanges its code: the token answer (200 expected). */
export async function tokensOf(
  context: CheckContext,
  client: OAuthClient,
  changes: Record<string, string | undefined> = {},
): Promise<Exchange> {
  const { verifier, challenge } = pkcePair();
  const callback = await decide(context, authorizeQuery(client, challenge, changes), 'approve');
  const code = callback.searchParams.get('code');
  if (!code) context.fail(`the approval sent the browser to ${callback.href}, without a code`);
  const exchange = await exchangeCode(context, client, code, client.redirectUri!, verifier);
  if (exchange.status !== 200 || typeof exchange.json?.access_token !== 'string')
    context.fail(`exchanging an approved code answered ${exchange.status}, not 200 with tokens`, exchange);
  return exchange;
}

/** The mock's record of an installation, by the `installation_id` of a token answer (`inst_...` or `ins_...`). */
export async function installationOf(context: CheckContext, installationId: string): Promise<{ id: string; status: string } | undefined> {
  const listed = await controlCall(context, 'GET', `/_mock/workspaces/${mockWorkspaceId(context)}/installations`);
  const suffix = installationId.replace(/^inst?_/, '');
  return (listed.data as { id: string; status: string }[]).find((installation) => installation.id.replace(/^inst?_/, '') === suffix);
}

/** The OAuth `error` of an answer for a failure message: the code, the API envelope's code (a wrong format), or nothing. */
export function oauthErrorOf(exchange: Exchange): string {
  const error = exchange.json?.error;
  if (typeof error === 'string') return error;
  return error && typeof error === 'object' ? `(the API envelope, code ${error.code})` : '';
}
