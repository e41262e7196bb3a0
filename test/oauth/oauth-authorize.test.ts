// `GET {hub_url}/oauth/authorize` and its consent page (spec 5.2 steps 2 and 3) over real HTTP:
// what is never redirected (an error page), what is redirected with `error`, the page and its
// form, and the 15 minutes a consent request lives.
import { describe, expect, it } from 'vitest';
import { documentedFetch } from '../support/documented-fetch.ts';
import {
  advanceClock,
  exchangeCode,
  send,
  setUpApp,
  signIn,
  startAuthorization,
  useWorld,
  type AppSetup,
  type Flow,
} from './oauth-fixture.ts';

const world = useWorld();

async function open(flow: Flow, headers: Record<string, string> = {}): Promise<Response> {
  return documentedFetch(flow.url, { headers });
}

/** The query of the redirect the browser is sent to. */
async function redirected(flow: Flow): Promise<URLSearchParams> {
  const response = await open(flow);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(world.receiver.redirectUri);
  return location.searchParams;
}

async function expectErrorPage(flow: Flow): Promise<string> {
  const response = await open(flow);
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

function consentRequestOf(html: string): string {
  return /name="consent_request" value="([^"]+)"/.exec(html)![1]!;
}

/** The consent page's form posted back, by the member whose session cookie is given (none: nobody signed in). */
async function submit(form: Record<string, string>, cookie?: string): Promise<Response> {
  return documentedFetch(`${world.server.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(form),
  });
}

describe('requests that are never redirected (an error page)', () => {
  it('shows an error page for an unknown client', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { client_id: `app_${'0'.repeat(26)}` });
    expect(await expectErrorPage(flow)).toContain('No app has this client_id');
  });

  it('shows an error page for a missing or repeated client_id', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    flow.url.searchParams.delete('client_id');
    await expectErrorPage(flow);
    flow.url.searchParams.append('client_id', setup.app.client_id);
    flow.url.searchParams.append('client_id', setup.app.client_id);
    await expectErrorPage(flow);
  });

  it('shows an error page for a redirect URI that is not exactly the registered one', async () => {
    const setup = await setUpApp(world);
    for (const redirectUri of [
      `${world.receiver.redirectUri}/other`,
      `${world.receiver.redirectUri}?x=1`,
      `${world.receiver.redirectUri}#top`,
      'https://attacker.example/callback',
    ]) {
      const flow = await startAuthorization(world, setup, { redirect_uri: redirectUri });
      expect(await expectErrorPage(flow)).toContain('not registered');
    }
  });

  it('shows an error page for a redirect URI with a wildcard that would match the registered one', async () => {
    const setup = await setUpApp(world);
    const registered = new URL(world.receiver.redirectUri);
    for (const redirectUri of [
      `${registered.origin}/*`,
      `${registered.protocol}//*${registered.pathname}`,
      `${world.receiver.redirectUri}*`,
    ]) {
      const flow = await startAuthorization(world, setup, { redirect_uri: redirectUri });
      expect(await expectErrorPage(flow)).toContain('not registered');
    }
  });

  it('refuses to register an app whose redirect URI has a wildcard or a fragment, or is plain http elsewhere than localhost (spec 5.2)', async () => {
    const created = await send(world, 'POST', '/_mock/workspaces', {});
    const register = (redirectUri: string) =>
      send(world, 'POST', `/_mock/workspaces/${created.body.workspace.id}/apps`, {
        name: 'Wild',
        redirect_uri: redirectUri,
        scopes: ['leads:read'],
      });
    for (const redirectUri of [
      'https://*.example.com/callback',
      'https://app.example.com/*',
      'https://app.example.com/oauth/cb*',
      'http://localhost:5173/*',
      'https://app.example.com/callback#done',
      'http://app.example.com/callback',
    ]) {
      const answer = await register(redirectUri);
      expect([redirectUri, answer.status, answer.body.error?.code]).toEqual([redirectUri, 422, 'validation_failed']);
      expect(Object.keys(answer.body.error.fields)).toEqual(['redirect_uri']);
    }
    for (const redirectUri of ['https://app.example.com/oauth/callback', 'http://localhost:5173/callback', 'http://127.0.0.1/callback']) {
      expect((await register(redirectUri)).status).toBe(201);
    }
  });

  it('answers the control route with 422 naming the address for an unknown client', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { client_id: `app_${'0'.repeat(26)}` });
    const answer = await send(world, 'POST', '/_mock/oauth/consent', { authorize_url: flow.url.href, decision: 'approve' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.error.fields)).toEqual(['authorize_url']);
  });
});

describe('malformed requests are redirected with error and state', () => {
  const cases: [string, (setup: AppSetup) => Record<string, string>, string][] = [
    ['response_type other than code', () => ({ response_type: 'token' }), 'unsupported_response_type'],
    ['a scope the app does not declare', () => ({ scope: 'leads:read tasks:write' }), 'invalid_scope'],
    ['the PKCE method plain', () => ({ code_challenge_method: 'plain' }), 'invalid_request'],
    ['a malformed code_challenge', () => ({ code_challenge: 'short' }), 'invalid_request'],
  ];
  it.each(cases)('%s', async (_, query, error) => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, query(setup));
    const answer = await redirected(flow);
    expect(answer.get('error')).toBe(error);
    expect(answer.get('state')).toBe(flow.state);
    expect(answer.get('error_description')).toBeTruthy();
  });

  it('a missing response_type, code_challenge or code_challenge_method', async () => {
    const setup = await setUpApp(world);
    for (const name of ['response_type', 'code_challenge', 'code_challenge_method']) {
      const flow = await startAuthorization(world, setup);
      flow.url.searchParams.delete(name);
      expect((await redirected(flow)).get('error')).toBe('invalid_request');
    }
  });

  it('a repeated parameter', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    flow.url.searchParams.append('scope', 'leads:read');
    flow.url.searchParams.append('scope', 'contacts:read');
    expect((await redirected(flow)).get('error')).toBe('invalid_request');
  });

  it('a state over 500 characters, which is not sent back', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { state: 'x'.repeat(501) });
    const answer = await redirected(flow);
    expect(answer.get('error')).toBe('invalid_request');
    expect(answer.has('state')).toBe(false);
    const fine = await startAuthorization(world, setup, { state: 'x'.repeat(500) });
    expect((await open(fine)).status).toBe(200);
  });

  it('the control route answers the same redirect', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { response_type: 'token' });
    const answer = await send(world, 'POST', '/_mock/oauth/consent', { query: flow.url.search, decision: 'approve' });
    expect(answer.status).toBe(200);
    expect(new URL(answer.body.redirect_url).searchParams.get('error')).toBe('unsupported_response_type');
  });
});

describe('the consent page', () => {
  it('shows the app, the workspace, the scopes asked for and who decides (the signed-in member, not a choice of members), and cannot be framed', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup, { scope: 'leads:read ui:extend' });
    const response = await open(flow);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('Call Tracker');
    expect(html).toContain('<code>leads:read</code>');
    expect(html).toContain('<code>ui:extend</code>');
    expect(html).not.toContain('<code>leads:write</code>');
    expect(html).not.toContain('name="member_id"');
    for (const member of setup.members) expect(html).not.toContain(member.id);
    expect(html).toContain('signed in');
    expect(consentRequestOf(html)).toMatch(/^cr_/);
  });

  it('posts the decision back: approve redirects with a code and the state, and a second post is expired', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const consentRequest = consentRequestOf(await (await open(flow)).text());
    const owner = await signIn(world, setup, 'owner');
    const approved = await submit({ consent_request: consentRequest, decision: 'approve' }, owner.cookie);
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect((await exchangeCode(world, setup, flow, callback)).access_token).toMatch(/^svc_at_/);
    const [installation] = (await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`)).body.data;
    expect(installation.member_id).toBe(owner.memberId);

    const again = await submit({ consent_request: consentRequest, decision: 'approve' }, owner.cookie);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('expired');
  });

  it('posts a denial back as error=access_denied', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const consentRequest = consentRequestOf(await (await open(flow)).text());
    const denied = await submit({ consent_request: consentRequest, decision: 'deny' }, (await signIn(world, setup, 'viewer')).cookie);
    expect(denied.status).toBe(302);
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('refuses approval by a member who is not an owner or admin with a 403 page', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const consentRequest = consentRequestOf(await (await open(flow)).text());
    const viewer = await signIn(world, setup, 'viewer');
    const refused = await submit({ consent_request: consentRequest, decision: 'approve' }, viewer.cookie);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('decides nothing without a signed-in member, whatever member the form names (spec 5.2)', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const consentRequest = consentRequestOf(await (await open(flow)).text());
    const owner = setup.members.find((member) => member.role === 'owner')!;
    const forged = await submit({ consent_request: consentRequest, member_id: owner.id, decision: 'approve' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('location')).toBeNull();
    expect((await forged.json()).error.code).toBe('invalid_token');
    const anonymous = await submit({ consent_request: consentRequest, decision: 'approve' });
    expect(anonymous.status).toBe(401);
    // A member id beside a real session is not how the form speaks: it is refused, not used.
    const viewer = await signIn(world, setup, 'viewer');
    const named = await submit({ consent_request: consentRequest, member_id: owner.id, decision: 'approve' }, viewer.cookie);
    expect(named.status).toBe(400);
    expect((await named.json()).error.code).toBe('unknown_field');
    expect((await send(world, 'GET', `/_mock/workspaces/${setup.workspaceId}/installations`)).body.data).toEqual([]);
    // The request was not used up: the owner, signed in, still decides it.
    expect(
      (await submit({ consent_request: consentRequest, decision: 'approve' }, (await signIn(world, setup, 'owner')).cookie)).status,
    ).toBe(302);
  });

  it("refuses an owner signed in to another workspace than the app's", async () => {
    const setup = await setUpApp(world);
    const other = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const consentRequest = consentRequestOf(await (await open(flow)).text());
    const stranger = await signIn(world, other, 'owner');
    const refused = await submit({ consent_request: consentRequest, decision: 'approve' }, stranger.cookie);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
  });
});

describe('a consent request is valid 15 minutes on the workspace clock', () => {
  it('is the same request when its address is opened again within them', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const first = consentRequestOf(await (await open(flow)).text());
    await advanceClock(world, setup, 15 * 60 - 1);
    expect(consentRequestOf(await (await open(flow)).text())).toBe(first);
  });

  it('answers 400 request_expired after them: a page, the envelope for JSON, and on the control route', async () => {
    const setup = await setUpApp(world);
    const flow = await startAuthorization(world, setup);
    const consentRequest = consentRequestOf(await (await open(flow)).text());
    await advanceClock(world, setup, 15 * 60);

    expect(await expectErrorPage(flow)).toContain('expired');
    const json = await open(flow, { Accept: 'application/json' });
    expect(json.status).toBe(400);
    expect((await json.json()).error.code).toBe('request_expired');
    const control = await send(world, 'POST', '/_mock/oauth/consent', { authorize_url: flow.url.href, decision: 'approve' });
    expect(control.status).toBe(400);
    expect(control.body.error.code).toBe('request_expired');
    const posted = await submit({ consent_request: consentRequest, decision: 'approve' }, (await signIn(world, setup, 'owner')).cookie);
    expect(posted.status).toBe(400);

    // A person whose browser asks for Russian or Uzbek reads the page in that language (spec 7.1).
    const russian = await open(flow, { 'Accept-Language': 'ru' });
    const russianPage = await russian.text();
    expect([
      russian.status,
      /lang="ru"/.test(russianPage),
      /[\u0400-\u04FF]/.test(russianPage.replace(/<style>[\s\S]*<\/style>/, '')),
    ]).toEqual([400, true, true]);
    const uzbekPage = await (await open(flow, { 'Accept-Language': 'uz' })).text();
    expect(uzbekPage).toContain('lang="uz"');
    expect(uzbekPage).toContain('muddati');

    // The app starts again with a new PKCE pair and state: a new request.
    const again = await startAuthorization(world, setup);
    expect((await open(again)).status).toBe(200);
  });
});
