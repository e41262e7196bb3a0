// Spec 5.2 step 5 and "Revoke": the token endpoint takes a JSON body as well as a form-encoded
// one, client credentials in the body as well as over HTTP Basic, and a public client (no secret)
// with only its client_id and PKCE; revoke needs client authentication (401 invalid_client
// without). The revoke part runs anywhere; the exchanges need an approval (a mock, or a hub member
// in a browser), and the public client an app of the check's own (a mock makes one).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { canDecide, decide, NEEDS_APPROVAL } from '../../kits/consent-decision.ts';
import { authorizeQuery, mockApp, oauthErrorOf } from './authorize-kit.ts';
import { approvedCode, needClient, oauthPost, pkcePair, unknownValue, type OAuthClient } from '../../kits/oauth-kit.ts';

export const clientAuthentication: ActiveCheck = {
  kind: 'active',
  id: 'oauth.client-authentication',
  area: 'oauth',
  title:
    'the token endpoint takes JSON and client credentials in the body, a public client with client_id and PKCE alone; revoke without client authentication answers 401 invalid_client',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    // send, not call: a form-encoded body, raw bytes; call sends JSON bodies only.
    const anonymous = await context.client.send('POST', '/oauth/revoke', {
      key: null,
      rawBody: new URLSearchParams({ token: unknownValue('svc_at_') }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    context.judge(
      'oauth.revoke-client-auth',
      (anonymous.status !== 401 || anonymous.json?.error !== 'invalid_client') &&
        `a revoke without client authentication answered ${anonymous.status} ${oauthErrorOf(anonymous)}, not 401 invalid_client`,
      anonymous,
    );

    if (!canDecide(context)) context.skip(`revoke needs client authentication (judged); the exchanges ${NEEDS_APPROVAL}`);
    if (client.clientSecret !== undefined) await judgeJsonWithBodyCredentials(context, client);
    const ownApp = 'needs a public client of its own, which only a crmkit mock lets the suite register (in the developer console)';
    if (!context.target.mock) return context.skipRule('oauth.public-client', ownApp);
    await judgePublicClient(context);
  },
};

/** A JSON exchange whose client credentials are in the body: no Authorization header at all. */
async function judgeJsonWithBodyCredentials(context: CheckContext, client: OAuthClient): Promise<void> {
  const { verifier, challenge } = pkcePair();
  const { code, redirectUri } = await approvedCode(context, client, challenge);
  const body = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  };
  const exchange = await context.client.call('createToken', { key: null, body, headers: { accept: 'application/json' } });
  const problem =
    (exchange.status !== 200 || typeof exchange.json?.access_token !== 'string') &&
    `a JSON exchange with client_id and client_secret in the body answered ${exchange.status} ${oauthErrorOf(exchange)}, not 200 with tokens`;
  context.judge('oauth.exchange-json', problem, exchange);
  context.judge('oauth.client-auth-body', problem, exchange);
}

/** A public client's exchange and refresh: client_id in the body, no secret, the PKCE verifier. */
async function judgePublicClient(context: CheckContext): Promise<void> {
  const app = await mockApp(context, ['leads:read'], { public: true });
  const { verifier, challenge } = pkcePair();
  const callback = await decide(context, authorizeQuery(app, challenge), 'approve');
  const code = callback.searchParams.get('code');
  if (!code) context.fail(`approving the public client sent the browser to ${callback.href}, without a code`);
  const exchange = await oauthPost(
    context,
    '/oauth/token',
    { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri!, code_verifier: verifier },
    { client: app },
  );
  if (exchange.status !== 200 || typeof exchange.json?.refresh_token !== 'string') {
    return context.judge(
      'oauth.public-client',
      `a public client's exchange with client_id and the verifier answered ${exchange.status} ${oauthErrorOf(exchange)}, not 200 with tokens`,
      exchange,
    );
  }
  const refreshed = await oauthPost(
    context,
    '/oauth/token',
    { grant_type: 'refresh_token', refresh_token: exchange.json.refresh_token },
    { client: app },
  );
  context.judge(
    'oauth.public-client',
    refreshed.status !== 200 &&
      `a public client's refresh with client_id alone answered ${refreshed.status} ${oauthErrorOf(refreshed)}, not 200`,
    refreshed,
  );
}
