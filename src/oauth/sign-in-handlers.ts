// The hub's sign-in page and its form (openapi/paths/hub.yaml; spec 5.2: an owner or admin approves
// on the hub, its "sign-in and consent site"). A member with a password signs in with email and
// password and gets the `svc_session` cookie the consent form reads; the control API's session
// route (`POST /_mock/workspaces/{ws}/sessions`) stays for tests that sign in without a page.
import { newSession, SESSION_COOKIE } from '../auth/session.ts';
import type { TagHandlers } from '../http/handler.ts';
import type { MockState } from '../mock-state.ts';
import { errorPage, htmlResponse } from './consent-page.ts';
import { memberSigningIn } from './hub-passwords.ts';
import { signedInMember } from './signed-in-member.ts';
import { safeNext, signInPage } from './sign-in-page.ts';

/** The one answer to a wrong email or a wrong password: which of the two is never said. */
const WRONG = 'The email or the password is wrong, or the member cannot sign in.';

export const hubSignInHandlers: Pick<TagHandlers<'OAuth'>, 'hubSignInPage' | 'hubSignIn'> = {
  hubSignInPage({ state, request, input }) {
    const next = safeNext(input.query.next);
    return htmlResponse(signInPage({ next, signedIn: signedInMember(state, request)?.member }), 200);
  },

  async hubSignIn({ state, request, input }) {
    // Login CSRF: a page of another site must not sign the person's browser in as someone else.
    if (fromOtherSite(request)) {
      return htmlResponse(errorPage('Cannot sign in', "Sign in from the hub's own sign-in page."), 403);
    }
    const form = input.body;
    const next = safeNext(form.next);
    const found = await memberSigningIn(state, form.email, form.password);
    if (!found) return htmlResponse(signInPage({ next, email: form.email, problem: WRONG }), 401);
    const session = newSession(found.workspace.id, found.member.id, found.workspace.now());
    state.addSession(session);
    const headers = { Location: next ?? '/signin', 'Set-Cookie': sessionCookie(state, session.token), 'Cache-Control': 'no-store' };
    return new Response(null, { status: 303, headers: { ...headers, 'Referrer-Policy': 'no-referrer' } });
  },
};

/**
 * A form posted by a page of another site. Browsers say so in `Sec-Fetch-Site`; the hub's own pages
 * send no referrer, so their posts carry `Origin: null`, and `Origin` is read only from a browser
 * that sends no `Sec-Fetch-Site`. A client that is no browser sends neither.
 */
function fromOtherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).host !== (request.headers.get('host') ?? new URL(request.url).host);
  } catch {
    return true;
  }
}

/** The session cookie: never readable by scripts, not sent on other sites' posts, `Secure` on an https hub. */
function sessionCookie(state: MockState, token: string): string {
  const secure = state.config.urls.hub_url.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}
