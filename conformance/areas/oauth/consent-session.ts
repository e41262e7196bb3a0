// Spec 5.2 steps 2 and 3: an owner or admin of the workspace approves an app, as the person signed
// in to the hub. The consent page's form (inferred: the spec shows the page, not its form) carries
// the consent request and the decision; a decision posted without a signed-in member, naming the
// owner, must decide nothing and send the app no code, nor one posted after a failed sign-in on
// the hub's page. On a crmkit mock, whose control API gives
// sessions, a signed-in viewer's approval is refused and a signed-in admin's is taken.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { authorizeQuery, callbackTo, visitAuthorize } from './authorize-kit.ts';
import { needClient, pkcePair, type OAuthClient } from '../../kits/oauth-kit.ts';
import { mockSession } from '../../kits/records-kit.ts';

export const consentSession: ActiveCheck = {
  kind: 'active',
  id: 'oauth.consent-signed-in',
  area: 'oauth',
  title:
    'the consent form decides as the member signed in to the hub: without a session, a form naming the owner sends the app no code; a signed-in viewer cannot approve, an admin can',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    const client = needClient(context);
    if (!client.redirectUri) context.skip('needs the redirect URI registered for the client');
    const consentRequest = await openConsentRequest(context, client);
    const ownerId = await ownerOf(context);

    await judgeFailedSignIn(context, client, consentRequest);
    const forged = await post(context, { consent_request: consentRequest, member_id: ownerId, decision: 'approve' });
    const forgedCode = codeOf(context, forged, client);
    // Refused, or sent to sign in (a page or a redirect elsewhere): anything but a code for the app.
    context.judge(
      'oauth.consent-signed-in-member',
      forgedCode !== undefined
        ? `a decision posted with no signed-in member, naming the owner ${ownerId}, answered ${forged.status} and sent the app a code`
        : undefined,
      forged,
    );

    if (!context.target.mock)
      return context.skipRule(
        'oauth.approval-by-owner-admin',
        'signing in as a member of a chosen role needs a crmkit mock (control API sessions)',
      );
    const viewer = await mockSession(context, 'viewer');
    const refused = await post(context, { consent_request: consentRequest, decision: 'approve' }, viewer.cookie);
    const refusedCode = codeOf(context, refused, client);
    const admin = await mockSession(context, 'admin');
    const approved = await post(context, { consent_request: consentRequest, decision: 'approve' }, admin.cookie);
    const approvedCode = codeOf(context, approved, client);
    context.judge(
      'oauth.approval-by-owner-admin',
      refused.status !== 403 || refusedCode
        ? `a signed-in viewer's approval answered ${refused.status}${refusedCode ? ' with a code for the app' : ''}, not 403`
        : !approvedCode
          ? `a signed-in admin's approval answered ${approved.status}, not a redirect to the app with a code`
          : undefined,
      refusedCode || refused.status !== 403 ? refused : approved,
    );
  },
};

/** The consent request the page's form carries (a hidden `consent_request` field). */
async function openConsentRequest(context: CheckContext, client: OAuthClient): Promise<string> {
  const page = await visitAuthorize(context, authorizeQuery(client, pkcePair().challenge));
  const id = /name="consent_request" value="([^"]+)"/.exec(page.text)?.[1];
  if (page.status !== 200 || !id)
    context.skip(
      `the consent page answered ${page.status} without a consent_request form field: its form is not the one crmkit infers (or the hub asks to sign in first)`,
    );
  return id;
}

/**
 * A failed sign-in on the hub's page signs nobody in: the page is opened and its form posted as a
 * browser would, with an email no member has (so that no real member's sign-ins are counted
 * against them), and whatever cookie the answer sets, a decision posted with it sends the app no
 * code (oauth.consent-signed-in-member).
 */
async function judgeFailedSignIn(context: CheckContext, client: OAuthClient, consentRequest: string): Promise<void> {
  const email = `conformance-${context.runId}@example.com`;
  const next = `/oauth/authorize?${authorizeQuery(client, pkcePair().challenge)}`;
  await context.client.call('hubSignInPage', {
    query: { next },
    key: null,
    origin: 'hub',
    headers: { accept: 'text/html' },
  });
  // send, not call: a form-encoded body, raw bytes; call sends JSON bodies only.
  const signIn = await context.client.send('POST', '/signin', {
    key: null,
    origin: 'hub',
    rawBody: new URLSearchParams({ email, password: `conformance ${context.runId}`, next }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  const cookie = (signIn.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const decided = await post(context, { consent_request: consentRequest, decision: 'approve' }, cookie || undefined);
  context.judge(
    'oauth.consent-signed-in-member',
    codeOf(context, decided, client) !== undefined &&
      `a failed sign-in (${email}, a member of no workspace) answered ${signIn.status}${cookie ? ' with a cookie' : ''}, and a decision posted after it sent the app a code`,
    decided,
  );
}

/** The id of the workspace's owner, as the key sees the members (users:read). */
async function ownerOf(context: CheckContext): Promise<string> {
  const members = await context.client.call('listMembers');
  const owner = members.json?.data?.find?.((member: { role?: string }) => member.role === 'owner');
  if (!owner) context.skip(`GET /v1/members answered ${members.status} without an owner: the owner's id is needed to forge a decision`);
  return owner.id;
}

function post(context: CheckContext, form: Record<string, string>, cookie?: string): Promise<Exchange> {
  // send, not call: a form-encoded body, raw bytes (some forged on purpose); call sends JSON bodies only.
  return context.client.send('POST', '/oauth/authorize', {
    key: null,
    origin: 'hub',
    rawBody: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
}

/** The code a redirect to the app carries, if any. */
function codeOf(context: CheckContext, exchange: Exchange, client: OAuthClient): string | undefined {
  return callbackTo(exchange, client.redirectUri!, context.target.hubUrl)?.searchParams.get('code') ?? undefined;
}
