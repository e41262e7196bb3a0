// The OAuth tests' world: the mock on a real node:http server (127.0.0.1, port 0) whose three
// origins are that server, an app's server (test/support/oauth-app-server.ts), and a real OAuth
// client library, oauth4webapi, talking to the mock as an app's server would. Every JSON answer
// the mock gives is held to its document (test/support/documented-fetch.ts).
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { documentedFetch } from '../support/documented-fetch.ts';
import { startAppServer, type AppServer } from '../support/oauth-app-server.ts';

export type World = { mock: Mock; server: RunningServer; receiver: AppServer; as: oauth.AuthorizationServer };

/** Starts the world before the file's tests and stops it after them. */
export function useWorld(): World {
  const world = {} as World;
  beforeAll(async () => {
    // Lifecycle events go to the app's server on 127.0.0.1, which only a developer's mock allows.
    world.mock = createMock({ allowPrivateWebhooks: true });
    world.server = await startServer(world.mock, { port: 0, host: '127.0.0.1' });
    const origin = world.server.url;
    world.receiver = await startAppServer();
    world.as = {
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/revoke`,
    };
  });
  afterAll(async () => {
    await world.server?.close();
    await world.receiver?.close();
  });
  return world;
}

/** The mock is plain HTTP on 127.0.0.1: oauth4webapi refuses that unless told, which only tests should do. */
export const HTTP = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: documentedFetch as never };

export type Answer = { status: number; headers: Headers; body: any };

export async function send(
  world: World,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await documentedFetch(`${world.server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, headers: response.headers, body: json && text ? JSON.parse(text) : text };
}

export type AppSetup = {
  workspaceId: string;
  members: { id: string; role: string }[];
  app: { id: string; client_id: string; client_secret: string | null; redirect_uri: string; scopes: string[] };
  client: oauth.Client;
};

export const APP_SCOPES = ['leads:read', 'leads:write', 'contacts:read', 'ui:extend'];

/** A fresh workspace with an app whose redirect URI and webhook URL are the app's server. */
export async function setUpApp(world: World, options: { public?: boolean; scopes?: string[] } = {}): Promise<AppSetup> {
  const created = await send(world, 'POST', '/_mock/workspaces', {});
  const workspaceId: string = created.body.workspace.id;
  const app = await send(world, 'POST', `/_mock/workspaces/${workspaceId}/apps`, {
    name: 'Call Tracker',
    redirect_uri: world.receiver.redirectUri,
    scopes: options.scopes ?? APP_SCOPES,
    webhook_url: world.receiver.webhookUrl,
    public: options.public ?? false,
  });
  if (app.status !== 201) throw new Error(`cannot add the app: ${JSON.stringify(app.body)}`);
  return { workspaceId, members: created.body.members, app: app.body, client: { client_id: app.body.client_id } };
}

export function clientAuth(setup: AppSetup, secret = setup.app.client_secret): oauth.ClientAuth {
  return secret === null ? oauth.None() : oauth.ClientSecretBasic(secret);
}

export type Flow = { url: URL; verifier: string; state: string };

/** What an app's server does first (spec 5.2 steps 1 and 2): a PKCE pair, a state, the authorization address. */
export async function startAuthorization(world: World, setup: AppSetup, query: Record<string, string> = {}): Promise<Flow> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(world.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', setup.app.client_id);
  url.searchParams.set('redirect_uri', world.receiver.redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { url, verifier, state };
}

/** The person's decision, through the control API (`POST /_mock/oauth/consent`): where the browser goes. */
export async function consent(world: World, flow: Flow, decision: 'approve' | 'deny' = 'approve', memberId?: string): Promise<URL> {
  const answer = await send(world, 'POST', '/_mock/oauth/consent', {
    authorize_url: flow.url.href,
    decision,
    ...(memberId ? { member_id: memberId } : {}),
  });
  if (answer.status !== 200) throw new Error(`consent answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return new URL(answer.body.redirect_url);
}

/** A member signed in to the hub: the `Cookie` header of a session the control API makes (any member, without a password). */
export async function signIn(world: World, setup: AppSetup, role: string): Promise<{ cookie: string; memberId: string }> {
  const member = setup.members.find((candidate) => candidate.role === role);
  if (!member) throw new Error(`the workspace has no ${role}`);
  const session = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/sessions`, { member_id: member.id });
  if (session.status !== 201) throw new Error(`cannot sign in: ${JSON.stringify(session.body)}`);
  return { cookie: session.body.cookie, memberId: member.id };
}

/** The app's server at its callback: checks the answer and exchanges the code (spec 5.2 steps 4 and 5). */
export async function exchangeCode(
  world: World,
  setup: AppSetup,
  flow: Flow,
  callback: URL,
  auth = clientAuth(setup),
): Promise<oauth.TokenEndpointResponse> {
  const parameters = oauth.validateAuthResponse(world.as, setup.client, callback, flow.state);
  const response = await oauth.authorizationCodeGrantRequest(
    world.as,
    setup.client,
    auth,
    parameters,
    world.receiver.redirectUri,
    flow.verifier,
    HTTP,
  );
  return oauth.processAuthorizationCodeResponse(world.as, setup.client, response);
}

/** The whole flow, approved by the workspace's owner. */
export async function authorizeApp(
  world: World,
  setup: AppSetup,
  query: Record<string, string> = {},
): Promise<oauth.TokenEndpointResponse> {
  const flow = await startAuthorization(world, setup, query);
  return exchangeCode(world, setup, flow, await consent(world, flow));
}

export async function refresh(
  world: World,
  setup: AppSetup,
  refreshToken: string,
  options: { scope?: string; auth?: oauth.ClientAuth } = {},
): Promise<oauth.TokenEndpointResponse> {
  const additionalParameters = options.scope === undefined ? undefined : { scope: options.scope };
  const response = await oauth.refreshTokenGrantRequest(world.as, setup.client, options.auth ?? clientAuth(setup), refreshToken, {
    ...HTTP,
    additionalParameters,
  });
  return oauth.processRefreshTokenResponse(world.as, setup.client, response);
}

/** `GET /v1/api-keys/whoami` with the access token, as the app's server calls the API (spec 5.2 step 7). */
export async function whoami(world: World, accessToken: string): Promise<Answer> {
  return send(world, 'GET', '/v1/api-keys/whoami', undefined, { Authorization: `Bearer ${accessToken}` });
}

export async function advanceClock(world: World, setup: AppSetup, seconds: number): Promise<void> {
  await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { freeze: true, advance_seconds: seconds });
}
