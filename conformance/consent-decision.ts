// A person's decision on a consent request (spec 5.2 step 3), the one way every OAuth check gets
// it: on a crmkit mock through its control route, which decides as the consent page does; on a
// deployment given `hub_member`, in headless Chromium on the hub's own pages (hub-browser.ts);
// otherwise nobody can decide and the check is skipped.
import type { CheckContext } from './context.ts';
import { decideInBrowser, type Decision } from './hub-browser.ts';
import { controlCall } from './mock-control.ts';

export const NEEDS_APPROVAL =
  'needs an approval by an owner or admin: give hub_member (email and password of one, ' +
  'who signs in to the hub in headless Chromium) in the inputs, or run against a crmkit mock';

/** Where the browser is sent back to after `decision` on the consent page of `query`. */
export async function decide(context: CheckContext, query: URLSearchParams, decision: Decision): Promise<URL> {
  const authorizeUrl = `${context.target.hubUrl}/oauth/authorize?${query}`;
  if (context.target.mock) {
    const decided = await controlCall(context, 'POST', '/_mock/oauth/consent', { authorize_url: authorizeUrl, decision });
    return new URL(decided.redirect_url);
  }
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
