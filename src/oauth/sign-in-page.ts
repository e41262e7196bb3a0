// The hub's sign-in page (openapi/paths/hub.yaml, inferred): email and password of a member, posted
// to `POST /signin` with the consent page to go back to. Everything shown is escaped: an email
// typed back into the form, `next`, a member's name.
import type { Member } from '../workspaces/member.ts';
import { escapeHtml, page } from './hub-page.ts';

export type SignInView = { next: string | undefined; email?: string; problem?: string; signedIn?: Member };

export function signInPage(view: SignInView): string {
  const problem = view.problem ? `<p class="note" role="alert">${escapeHtml(view.problem)}</p>` : '';
  const member = view.signedIn;
  const who = member ? `<p class="note">Signed in as ${escapeHtml(member.name)} (${escapeHtml(member.email)}).</p>` : '';
  return page('Sign in', `<h1>Sign in</h1>${who}${problem}${signInForm(view.next, view.email)}`);
}

/** The form alone: the consent page shows it too when nobody is signed in. */
export function signInForm(next: string | undefined, email = ''): string {
  return `
    <form method="post" action="/signin">
      ${next ? `<input type="hidden" name="next" value="${escapeHtml(next)}">` : ''}
      <label for="signin-email">Email</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(email)}">
      <label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required maxlength="1000">
      <div class="actions"><button id="signin-submit" type="submit">Sign in</button></div>
    </form>`;
}

/**
 * Where the browser goes once signed in: `next` only when it is the hub's consent page (a path,
 * never another origin: no open redirect), else the sign-in page itself.
 */
export function safeNext(next: string | undefined): string | undefined {
  if (!next) return undefined;
  const base = 'http://hub.invalid';
  try {
    const url = new URL(next, base);
    return next.startsWith('/') && url.origin === base && url.pathname === '/oauth/authorize' ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
