// Sessions of the first-party web app: the `svc_session` cookie of the document's
// `firstPartySession` scheme (inferred; the spec says only "first-party web app only", 4.6, 4.9).
// The hub's sign-in page makes one for a member with a password (oauth/sign-in-handlers.ts), and
// `POST /_mock/workspaces/{ws}/sessions` for any active member. A session acts
// for one member, with that member's role and status at the time of each request.
import { randomBase64url } from '../store/random-text.ts';
import type { Role } from '../workspaces/member.ts';

export type Session = {
  /** The secret value of the cookie. */
  token: string;
  workspaceId: string;
  memberId: string;
  expiresAt: string;
};

/** The cookie's name, as `components.securitySchemes.firstPartySession` gives it. */
export const SESSION_COOKIE = 'svc_session';

/** Inferred (the spec shows no sessions): 30 days on the workspace's clock. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Spec 4.6: first-party-only routes are reserved for owners and admins signed in to the web app. */
export const FIRST_PARTY_ROLES: readonly Role[] = ['owner', 'admin'];

export function newSession(workspaceId: string, memberId: string, now: number): Session {
  return { token: randomBase64url(32), workspaceId, memberId, expiresAt: new Date(now + SESSION_LIFETIME_MS).toISOString() };
}

/** The value of the `svc_session` cookie the request carries, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}
