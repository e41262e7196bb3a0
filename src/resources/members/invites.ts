// Invites (spec 4.6; inferred in the document): the answer is the pending invite. The mock has no
// invitee to accept it, so it keeps none; it checks what the web app would refuse.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';
import { teamIdsFrom } from './membership.ts';

export type InviteCreate = components['schemas']['InviteCreate'];
export type Invite = components['schemas']['Invite'];

/** An invite lapses unaccepted after 7 days (the document's `Invite.expires_at`). */
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export function createInvite(context: RecordContext, body: InviteCreate): Invite {
  const { workspace } = context;
  const email = body.email.toLowerCase();
  const isMember = [...workspace.members.values()].some((member) => member.status === 'active' && member.email.toLowerCase() === email);
  if (isMember) throw new ApiError('validation_failed', { fields: { email: 'is already an active member of this workspace' } });
  const teamIds = teamIdsFrom(workspace, body.team_ids ?? []);
  const now = workspace.now();
  return {
    object: 'invite',
    email,
    role: body.role,
    team_ids: teamIds,
    status: 'pending',
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + INVITE_LIFETIME_MS).toISOString(),
  };
}
