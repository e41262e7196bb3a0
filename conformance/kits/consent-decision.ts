// A person's decision on a consent request (spec 5.2 step 3), the one way every OAuth check gets
// it: on a crmkit mock on the hub's own consent page and its form, posted in a session of the
// workspace's owner that the control API gives (the mock gives no member a hub password), so that
// the decision and the callback go through the interface as a browser's would; on a deployment
// given `hub_member`, in headless Chromium on the hub's own pages (hub-browser.ts); otherwise
// nobody can decide and the check is skipped.
import type { CheckContext } from '../context.ts';
import { decideInBrowser, type Decision } from './hub-browser.ts';
import { controlCall } from '../mock-control.ts';

/** The owner's session cookie, made once per check run. */
const ownerCookies = new WeakMap<CheckContext, Promise<string>>();

export const NEEDS_APPROVAL =
  'needs an approval by an owner or admin: give hub_member (email and password of one, ' +
  'who signs in to the hub in headless Chromium) in the inputs, or run against a crmkit mock';

/** Where the browser is sent back to after `decision` on the consent page of `query`. */
export async function decide(context: CheckContext, query: URLSearchParams, decision: Decision): Promise<URL> {
  const authorizeUrl = `${context.target.hubUrl}/oauth/authorize?${query}`;
  if (context.target.mock) return decideOnPage(context, query, decision);
  const hub = context.target.hubBrowser;
  if (!hub) context.skip(NEEDS_APPROVAL);
  // A request that leaves redirect_uri out goes back to the one the app registered.
  const redirectUri = query.get('redirect_uri') ?? context.target.oauthClient?.redirectUri;
  if (!redirectUri) context.skip('needs the redirect URI registered for the client (--redirect-uri), where the browser comes back');
  return decideInBrowser(context, hub, authorizeUrl, redirectUri, decision);
}

/** Whether this run can get decisions at all (a mock, or a hub member for the browser). */
export function canDecide(context: CheckContext): boolean {
  return context.target.mock !== undefined || context.target.hubBrowser !== undefined;
}

/** The consent page of `query` decided by its form, as the workspace's owner: where its answer sends the browser. */
async function decideOnPage(context: CheckContext, query: URLSearchParams, decision: Decision): Promise<URL> {
  const hub = context.target.hubUrl;
  // send, not call: the query is the caller's, malformed on purpose for some checks (a redirect back is answered then).
  const page = await context.client.send('GET', `/oauth/authorize?${query}`, {
    key: null,
    origin: 'hub',
    headers: { accept: 'text/html' },
  });
  // A malformed request of a known app and redirect URI goes back to the app at once, with no page (spec 5.2).
  if (page.status >= 300 && page.status < 400 && page.headers.location) return new URL(page.headers.location, hub);
  const consentRequest = /name="consent_request" value="([^"]+)"/.exec(page.text)?.[1];
  if (page.status !== 200 || !consentRequest)
    context.fail(`the consent page answered ${page.status} without its form (a consent_request field) to ${decision} on`, page);
  // send, not call: a form-encoded body, raw bytes; call sends JSON bodies only.
  const posted = await context.client.send('POST', '/oauth/authorize', {
    key: null,
    origin: 'hub',
    rawBody: new URLSearchParams({ consent_request: consentRequest, decision }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: await ownerCookie(context) },
  });
  const location = posted.headers.location;
  if (posted.status < 300 || posted.status >= 400 || !location)
    context.fail(`the owner's ${decision} on the consent page answered ${posted.status}, not a redirect back to the app`, posted);
  return new URL(location, hub);
}

function ownerCookie(context: CheckContext): Promise<string> {
  let cookie = ownerCookies.get(context);
  if (!cookie) ownerCookies.set(context, (cookie = signInOwner(context)));
  return cookie;
}

/** A session of the workspace's owner (control API), the member the control route's decisions are made as. */
async function signInOwner(context: CheckContext): Promise<string> {
  const members = await context.client.call('listMembers');
  const owner = members.json?.data?.find?.((member: { role?: string }) => member.role === 'owner');
  if (!owner) context.fail(`GET /v1/members answered ${members.status} without an owner to approve as`, members);
  const session = await controlCall(context, 'POST', `/_mock/workspaces/${context.target.mock!.workspaceId}/sessions`, {
    member_id: owner.id,
  });
  return session.cookie;
}
