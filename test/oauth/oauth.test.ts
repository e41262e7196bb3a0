// OAuth 2.0 for apps (spec 5.2), end to end over real HTTP with a real OAuth client library
// (oauth4webapi): the authorization code flow with PKCE, the token endpoint's rules, refresh
// rotation and theft, revocation, and client secret rotation.
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { signatureValid } from '../support/oauth-app-server.ts';
import {
  advanceClock,
  authorizeApp,
  clientAuth,
  consent,
  exchangeCode,
  HTTP,
  refresh,
  send,
  setUpApp,
  startAuthorization,
  useWorld,
  whoami,
} from './oauth-fixture.ts';

const world = useWorld();

describe('the authorization code flow with PKCE', () => {
  it('goes from consent to a code, to tokens, to an API call that whoami answers as the access token', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { scope: 'leads:read contacts:read' });
    const callback = await consent(world, flow);
    expect(callback.searchParams.get('code')).toMatch(/^svc_ac_/);
    expect(callback.searchParams.get('state')).toBe(flow.state);

    const tokens = await exchangeCode(world, setup, flow, callback);
    expect(tokens).toMatchObject({
      token_type: 'bearer', // oauth4webapi lowercases it; the mock sends `Bearer`
      expires_in: 3600,
      refresh_token_expires_in: 5184000,
      scope: 'leads:read contacts:read',
      workspace_id: setup.workspaceId,
    });
    expect(tokens.access_token).toMatch(/^svc_at_/);
    expect(tokens.refresh_token).toMatch(/^svc_rt_/);
    expect(tokens.installation_id).toMatch(/^inst_[0-9a-z]{26}$/);

    const response = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${world.server.url}/v1/api-keys/whoami`),
      undefined,
      undefined,
      HTTP,
    );
    expect(response.status).toBe(200);
    const me = await response.json();
    expect(me).toMatchObject({
      object: 'access_token',
      name: 'Call Tracker',
      app_id: setup.app.id,
      scopes: ['leads:read', 'contacts:read'],
      workspace: { id: setup.workspaceId },
      installation_id: `ins_${String(tokens.installation_id).slice('inst_'.length)}`,
    });
  });

  it('grants every scope the app declares when the request names none', async () => {
    const setup = await setUpApp(world);
    const tokens = await authorizeApp(world, setup);
    expect(tokens.scope).toBe(setup.app.scopes.join(' '));
  });

  it('lets the redirect URI be left out when the app has exactly one', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    flow.url.searchParams.delete('redirect_uri');
    const tokens = await exchangeCode(world, setup, flow, await consent(world, flow));
    expect(tokens.access_token).toMatch(/^svc_at_/);
  });

  it('sends the browser back with error=access_denied and the state when the person denies', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow, 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect(callback.searchParams.has('code')).toBe(false);
    expect(() => oauth.validateAuthResponse(world.as, setup.client, callback, flow.state)).toThrow(oauth.AuthorizationResponseError);
  });

  it('lets only an active owner or admin approve (403 forbidden for a manager)', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const manager = setup.members.find((member) => member.role === 'manager')!;
    const refused = await send(world, 'POST', '/_mock/oauth/consent', {
      authorize_url: flow.url.href,
      decision: 'approve',
      member_id: manager.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', permission: 'approve_apps' });
    const admin = setup.members.find((member) => member.role === 'admin')!;
    const tokens = await exchangeCode(world, setup, flow, await consent(world, flow, 'approve', admin.id));
    expect(tokens.access_token).toMatch(/^svc_at_/);
  });
});

describe('the code exchange', () => {
  it('answers invalid_grant when the PKCE verifier does not match the challenge', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow);
    const wrong = { ...flow, verifier: oauth.generateRandomCodeVerifier() };
    await expect(exchangeCode(world, setup, wrong, callback)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('answers invalid_grant to a second use of a code and revokes the tokens the first use gave', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow);
    const first = await exchangeCode(world, setup, flow, callback);
    expect((await whoami(world, first.access_token)).status).toBe(200);

    await expect(exchangeCode(world, setup, flow, callback)).rejects.toMatchObject({ error: 'invalid_grant' });
    const revoked = await whoami(world, first.access_token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('invalid_token');
    await expect(refresh(world, setup, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('answers invalid_grant to a code older than 10 minutes', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow);
    await advanceClock(world, setup, 10 * 60 + 1);
    await expect(exchangeCode(world, setup, flow, callback)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('answers invalid_grant to a code presented by another client', async () => {
    const setup = await setUpApp(world);
    const other = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow);
    const parameters = oauth.validateAuthResponse(world.as, setup.client, callback, flow.state);
    const response = await oauth.authorizationCodeGrantRequest(
      world.as,
      other.client,
      clientAuth(other),
      parameters,
      world.receiver.redirectUri,
      flow.verifier,
      HTTP,
    );
    await expect(oauth.processAuthorizationCodeResponse(world.as, other.client, response)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('accepts the client secret in the body as well as with HTTP Basic', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const tokens = await exchangeCode(world, setup, flow, await consent(world, flow), oauth.ClientSecretPost(setup.app.client_secret!));
    expect(tokens.access_token).toMatch(/^svc_at_/);
  });

  it('accepts a form-encoded or a JSON body', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow);
    const answer = await send(world, 'POST', '/oauth/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code'),
      redirect_uri: world.receiver.redirectUri,
      code_verifier: flow.verifier,
      client_id: setup.app.client_id,
      client_secret: setup.app.client_secret,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.token_type).toBe('Bearer');
  });

  it('lets a public client (no secret) exchange with client_id alone, relying on PKCE', async () => {
    const setup = await setUpApp(world, { public: true });
    expect(setup.app.client_secret).toBeNull();
    const tokens = await authorizeApp(world, setup);
    expect((await whoami(world, tokens.access_token)).status).toBe(200);
  });

  it('refuses a public client that sends a secret, with invalid_client', async () => {
    const setup = await setUpApp(world, { public: true });
    const flow = await startAuthorization(world, setup);
    const error = await exchangeCode(world, setup, flow, await consent(world, flow), oauth.ClientSecretPost('guess')).catch(
      (caught: unknown) => caught,
    );
    // oauth4webapi reports a 401 with a challenge before it reads the body.
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect(await (error as oauth.WWWAuthenticateChallengeError).response.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('client authentication and grant types', () => {
  it('answers a wrong secret over HTTP Basic with 401 invalid_client and a WWW-Authenticate challenge', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const callback = await consent(world, flow);
    const error = await exchangeCode(world, setup, flow, callback, oauth.ClientSecretBasic('not-the-secret')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = error as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause[0]).toMatchObject({ scheme: 'basic', parameters: { realm: 'oauth' } });
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('answers an unknown client and a missing client authentication with 401 invalid_client', async () => {
    const unknown = await send(world, 'POST', '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'svc_rt_x',
      client_id: `app_${'0'.repeat(26)}`,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(unknown.body.error).toBe('invalid_client');
    const missing = await send(world, 'POST', '/oauth/token', { grant_type: 'refresh_token', refresh_token: 'svc_rt_x' });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('invalid_client');
  });

  it('answers a grant type other than authorization_code and refresh_token with unsupported_grant_type', async () => {
    const setup = await setUpApp(world);
    const response = await oauth.genericTokenEndpointRequest(world.as, setup.client, clientAuth(setup), 'client_credentials', {}, HTTP);
    await expect(oauth.processGenericTokenEndpointResponse(world.as, setup.client, response)).rejects.toMatchObject({
      error: 'unsupported_grant_type',
      status: 400,
    });
  });

  it('answers a missing parameter with invalid_request in the OAuth format, never the API envelope', async () => {
    const setup = await setUpApp(world);
    const body = new URLSearchParams({ grant_type: 'authorization_code', code: 'svc_ac_x', redirect_uri: world.receiver.redirectUri });
    const basic = `Basic ${btoa(`${setup.app.client_id}:${setup.app.client_secret}`)}`;
    const answer = await send(world, 'POST', '/oauth/token', undefined, {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: basic,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    const response = await fetch(`${world.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('code_verifier') });
  });
});

describe('access tokens', () => {
  it('answer invalid_token once 1 hour of the workspace clock has passed', async () => {
    const setup = await setUpApp(world);
    const tokens = await authorizeApp(world, setup);
    await advanceClock(world, setup, 3599);
    expect((await whoami(world, tokens.access_token)).status).toBe(200);
    await advanceClock(world, setup, 1);
    const expired = await whoami(world, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('invalid_token');
    // The refresh token outlives it.
    const renewed = await refresh(world, setup, tokens.refresh_token!);
    expect((await whoami(world, renewed.access_token)).status).toBe(200);
  });

  it('hold only the scopes granted (a missing one answers 403 missing_scope)', async () => {
    const setup = await setUpApp(world);
    const tokens = await authorizeApp(world, setup, { scope: 'contacts:read' });
    const leads = await send(world, 'GET', '/v1/leads', undefined, { Authorization: `Bearer ${tokens.access_token}` });
    expect(leads.status).toBe(403);
    expect(leads.body.error).toMatchObject({ code: 'missing_scope', scope: 'leads:read' });
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new pair and the old refresh token stops working', async () => {
    const setup = await setUpApp(world);
    const first = await authorizeApp(world, setup);
    const second = await refresh(world, setup, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.installation_id).toBe(first.installation_id);
    expect((await whoami(world, second.access_token)).status).toBe(200);
    await expect(refresh(world, setup, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('live 60 days on the workspace clock', async () => {
    const setup = await setUpApp(world);
    const tokens = await authorizeApp(world, setup);
    await advanceClock(world, setup, 5184000);
    await expect(refresh(world, setup, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('may narrow the scopes, and the next refresh may widen back to what was granted, never beyond', async () => {
    const setup = await setUpApp(world);
    const granted = await authorizeApp(world, setup, { scope: 'leads:write contacts:read' });
    const narrowed = await refresh(world, setup, granted.refresh_token!, { scope: 'leads:read' });
    expect(narrowed.scope).toBe('leads:read');
    expect((await whoami(world, narrowed.access_token)).body.scopes).toEqual(['leads:read']);
    const again = await refresh(world, setup, narrowed.refresh_token!);
    expect(again.scope).toBe('leads:write contacts:read');
    await expect(refresh(world, setup, again.refresh_token!, { scope: 'leads:write ui:extend' })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('stay within what the workspace approves now: approving again with fewer scopes narrows earlier grants', async () => {
    const setup = await setUpApp(world);
    const wide = await authorizeApp(world, setup, { scope: 'leads:read contacts:read' });
    await authorizeApp(world, setup, { scope: 'contacts:read' });
    const renewed = await refresh(world, setup, wide.refresh_token!);
    expect(renewed.scope).toBe('contacts:read');
    await expect(refresh(world, setup, renewed.refresh_token!, { scope: 'leads:read' })).rejects.toMatchObject({ error: 'invalid_scope' });
  });

  it('used twice are treated as theft: the app is uninstalled, every token revoked, app.uninstalled sent', async () => {
    const setup = await setUpApp(world);
    const first = await authorizeApp(world, setup);
    const other = await authorizeApp(world, setup); // a second grant of the same installation
    const second = await refresh(world, setup, first.refresh_token!);

    await expect(refresh(world, setup, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    for (const token of [first.access_token, second.access_token, other.access_token]) {
      const answer = await whoami(world, token);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('invalid_token');
    }
    await expect(refresh(world, setup, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(refresh(world, setup, other.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

    const installations = await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`);
    expect(installations.body.data).toMatchObject([
      { app_id: setup.app.id, status: 'uninstalled', uninstall_reason: 'refresh_token_reused' },
    ]);
    const event = await world.receiver.waitFor(
      (received) => received.json.type === 'app.uninstalled' && received.json.data.app_id === setup.app.id,
    );
    expect(event.json.data).toMatchObject({ workspace_id: setup.workspaceId, installation_id: installations.body.data[0].id });
    expect(signatureValid(event, setup.app.client_secret!)).toBe(true);

    // Installing again is a new installation.
    const fresh = await authorizeApp(world, setup);
    expect(fresh.installation_id).not.toBe(first.installation_id);
  });
});

describe('revocation (RFC 7009)', () => {
  it('always answers 200 with an empty object, for unknown and repeated tokens too', async () => {
    const setup = await setUpApp(world);
    for (const token of ['svc_rt_unknown', 'svc_at_unknown', 'anything']) {
      const response = await oauth.revocationRequest(world.as, setup.client, clientAuth(setup), token, HTTP);
      expect(response.status).toBe(200);
      expect(await response.clone().json()).toEqual({});
      await oauth.processRevocationResponse(response);
    }
  });

  it('of a refresh token revokes everything issued with it; of an access token, only that token', async () => {
    const setup = await setUpApp(world);
    const first = await authorizeApp(world, setup);
    const second = await refresh(world, setup, first.refresh_token!);
    const kept = await authorizeApp(world, setup);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(world.as, setup.client, clientAuth(setup), second.refresh_token!, HTTP),
    );
    for (const token of [first.access_token, second.access_token]) expect((await whoami(world, token)).status).toBe(401);
    await expect(refresh(world, setup, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await whoami(world, kept.access_token)).status).toBe(200);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(world.as, setup.client, clientAuth(setup), kept.access_token, HTTP),
    );
    expect((await whoami(world, kept.access_token)).status).toBe(401);
    expect((await refresh(world, setup, kept.refresh_token!)).access_token).toMatch(/^svc_at_/);
  });

  it("leaves another client's token alone (and still answers 200)", async () => {
    const setup = await setUpApp(world);
    const other = await setUpApp(world);
    const tokens = await authorizeApp(world, setup);
    const response = await oauth.revocationRequest(world.as, other.client, clientAuth(other), tokens.access_token, HTTP);
    expect(response.status).toBe(200);
    expect((await whoami(world, tokens.access_token)).status).toBe(200);
  });

  it('needs client authentication (401 invalid_client) and a token (400 invalid_request)', async () => {
    const setup = await setUpApp(world);
    const wrong = await oauth.revocationRequest(world.as, setup.client, oauth.ClientSecretBasic('nope'), 'svc_at_x', HTTP);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    const missing = await send(world, 'POST', '/oauth/revoke', { client_id: setup.app.client_id, client_secret: setup.app.client_secret });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });
});

describe('client secret rotation', () => {
  it('keeps the old secret working at the token endpoint for 24 hours, the new one at once', async () => {
    const setup = await setUpApp(world);
    const oldSecret = setup.app.client_secret!;
    const tokens = await authorizeApp(world, setup);
    const rotated = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/apps/${setup.app.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret: string = rotated.body.client_secret;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.previous_client_secret).toBe(oldSecret);

    await advanceClock(world, setup, 24 * 3600 - 1);
    const withOld = await refresh(world, setup, tokens.refresh_token!, { auth: oauth.ClientSecretBasic(oldSecret) });
    const withNew = await refresh(world, setup, withOld.refresh_token!, { auth: oauth.ClientSecretBasic(newSecret) });
    await advanceClock(world, setup, 1);
    await expect(refresh(world, setup, withNew.refresh_token!, { auth: oauth.ClientSecretBasic(oldSecret) })).rejects.toBeInstanceOf(
      oauth.WWWAuthenticateChallengeError,
    );
    expect((await refresh(world, setup, withNew.refresh_token!, { auth: oauth.ClientSecretBasic(newSecret) })).access_token).toMatch(
      /^svc_at_/,
    );
  });

  it('signs lifecycle events with the new secret at once', async () => {
    const setup = await setUpApp(world);
    await authorizeApp(world, setup);
    const rotated = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/apps/${setup.app.id}/rotate-secret`);
    const [installation] = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`)).body.data;
    await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/installations/${installation.id}/uninstall`);
    const event = await world.receiver.waitFor(
      (received) => received.json.type === 'app.uninstalled' && received.json.data.app_id === setup.app.id,
    );
    expect(signatureValid(event, rotated.body.client_secret)).toBe(true);
    expect(signatureValid(event, setup.app.client_secret!)).toBe(false);
  });

  it('is refused for a public client, which has no secret (422)', async () => {
    const setup = await setUpApp(world, { public: true });
    const answer = await send(world, 'POST', `/_mock/workspaces/${setup.workspaceId}/apps/${setup.app.id}/rotate-secret`);
    expect(answer.status).toBe(422);
  });
});
