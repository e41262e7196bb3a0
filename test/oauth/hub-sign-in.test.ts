// The hub's sign-in page (openapi/paths/hub.yaml; spec 5.2: an owner or admin approves on the hub,
// its sign-in and consent site), on a deployment stand-in, whose inputs carry the owner's email and
// password: a wrong password is refused without saying which part was wrong, a right one gives the
// session the consent form decides with, and hostile input meets no 500, no script and no redirect
// to another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../support/stand-in.ts';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => {
  await standIn?.server.close();
});

const hub = () => standIn.inputs.hub_url!;
const member = () => standIn.inputs.hub_member!;

function signIn(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${hub()}/signin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** An authorization address of the stand-in's app (spec 5.2 step 2). */
function authorizePath(): string {
  const client = standIn.inputs.oauth_client!;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uri!,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'xyz',
  });
  return `/oauth/authorize?${query}`;
}

describe('signing in to the hub', () => {
  it('shows a form of email and password', async () => {
    const page = await fetch(`${hub()}/signin`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const id of ['signin-email', 'signin-password', 'signin-submit']) expect(html).toContain(`id="${id}"`);
  });

  it('refuses a wrong password and an unknown email with the same page, and starts no session', async () => {
    const wrongPassword = await signIn({ email: member().email, password: `${member().password}x` });
    const unknownEmail = await signIn({ email: `nobody.${member().email}`, password: member().password });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await answer.text()).toContain('The email or the password is wrong');
    }
  });

  it('signs the member in: the session cookie, then the consent page it came from, which decides as that member', async () => {
    const next = authorizePath();
    const answer = await signIn({ email: member().email.toUpperCase(), password: member().password, next });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(next);
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^svc_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const session = cookie.split(';')[0]!;
    const page = await (await fetch(`${hub()}${next}`, { headers: { cookie: session } })).text();
    expect(page).toContain('You are signed in as');
    const consentRequest = /name="consent_request" value="([^"]+)"/.exec(page)![1]!;
    const decided = await fetch(`${hub()}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session },
      body: new URLSearchParams({ consent_request: consentRequest, decision: 'approve' }).toString(),
    });
    expect(decided.status).toBe(302);
    expect(new URL(decided.headers.get('location')!).searchParams.get('code')).toMatch(/^svc_ac_/);
  });

  it('shows the sign-in form on the consent page while nobody is signed in', async () => {
    const page = await (await fetch(`${hub()}${authorizePath()}`)).text();
    expect(page).toContain('id="signin-email"');
    expect(page).toContain('id="consent-approve"');
  });

  it('never sends the browser to another site, whatever next says', async () => {
    const elsewhere = ['https://evil.example/oauth/authorize', '//evil.example/oauth/authorize', '/\\evil.example/oauth/authorize'];
    for (const next of [...elsewhere, '/v1/leads', 'javascript:alert(1)']) {
      const answer = await signIn({ email: member().email, password: member().password, next });
      expect(answer.status, next).toBe(303);
      expect(answer.headers.get('location'), next).toBe('/signin');
    }
  });

  it('refuses a form posted from a page of another site (login CSRF) and signs nobody in', async () => {
    const fromOrigin = await signIn(member(), { origin: 'https://evil.example' });
    const fromSite = await signIn(member(), { 'sec-fetch-site': 'cross-site' });
    for (const answer of [fromOrigin, fromSite]) {
      expect(answer.status).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect((await signIn(member(), { origin: hub(), 'sec-fetch-site': 'same-origin' })).status).toBe(303);
  });

  it('shows hostile input back escaped, and answers malformed forms without a 500', async () => {
    const script = '"><script>alert(1)</script>@x.example';
    const page = await (await signIn({ email: script, password: 'p', next: `/oauth/authorize?"><script>alert(2)</script>` })).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#34;&#62;&#60;script&#62;alert(1)');
    for (const form of [{ email: member().email }, { email: '', password: '' }]) {
      expect((await signIn(form as Record<string, string>)).status).toBe(422);
    }
    const named = await signIn({ ...member(), member_id: 'mem_1' });
    expect(named.status).toBe(400);
    expect((await named.json()).error.code).toBe('unknown_field');
    expect((await signIn({ email: 'a'.repeat(100_000), password: 'p' })).status).toBeLessThan(500);
    expect((await fetch(`${hub()}/signin?next=${'/'.repeat(4001)}`)).status).toBe(422);
  });
});
