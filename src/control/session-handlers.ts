// /_mock/workspaces/{ws}/sessions: a member signed in to the web app, whose `svc_session` cookie
// the first-party-only routes take (openapi/control/sessions.yaml, auth/session.ts).
import { newSession, SESSION_COOKIE } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import { normalizeId } from '../ids/ids.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

export const sessionHandlers: HandlerMap = {
  createSession({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const member = workspace.members.get(normalizeId((input.body as { member_id: string }).member_id));
    if (!member) throw new ApiError('validation_failed', { fields: { member_id: `no member of workspace ${workspace.id} has this id` } });
    if (member.status !== 'active')
      throw new ApiError('validation_failed', { fields: { member_id: 'the member is deactivated and cannot sign in' } });
    const session = newSession(workspace.id, member.id, workspace.now());
    state.addSession(session);
    return { status: 201, body: { cookie: `${SESSION_COOKIE}=${session.token}`, member_id: member.id, expires_at: session.expiresAt } };
  },
};
