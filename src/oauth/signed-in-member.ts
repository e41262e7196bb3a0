// The member signed in to the hub on this request (the `svc_session` cookie, auth/session.ts), for
// the hub's pages that only show who is signed in: the consent page and the sign-in page. Deciding
// reads the session through the pipeline (submitConsent's security), never through this.
import { sessionTokenOf } from '../auth/session.ts';
import type { MockState } from '../mock-state.ts';
import type { Member } from '../workspaces/member.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export function signedInMember(state: MockState, request: Request): { workspace: Workspace; member: Member } | undefined {
  const token = sessionTokenOf(request);
  const found = token === undefined ? undefined : state.findCredential(token);
  if (found?.credential.kind !== 'session') return undefined;
  const { session } = found.credential;
  const member = found.workspace.members.get(session.memberId);
  if (member?.status !== 'active' || Date.parse(session.expiresAt) <= found.workspace.now()) return undefined;
  return { workspace: found.workspace, member };
}
