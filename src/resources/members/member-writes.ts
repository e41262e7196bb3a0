// Changing and deactivating members (spec 2.7, 4.6; the bodies and answers are inferred in the
// document). A workspace keeps its one owner: the spec shows no transfer of ownership, so the
// owner's role never changes, no one else becomes owner, and the owner cannot be deactivated.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';
import { changeMember, findMember, teamIdsFrom } from './membership.ts';
import { presentMember, type ApiMember } from './present-member.ts';

export type MemberUpdate = components['schemas']['MemberUpdate'];

export function updateMember(context: RecordContext, id: string, body: MemberUpdate): ApiMember {
  const { workspace } = context;
  const member = findMember(workspace, id);
  if (body.role !== undefined && body.role !== member.role && (member.role === 'owner' || body.role === 'owner')) refuseOwnershipChange();
  const teamIds = body.team_ids && teamIdsFrom(workspace, body.team_ids);
  changeMember(workspace, member, (changed) => {
    if (body.name !== undefined) changed.name = body.name;
    if (body.role !== undefined) changed.role = body.role;
    if (teamIds) changed.teamIds = teamIds;
  });
  return presentMember(member, context.memberId);
}

/** Deactivated, the member's sessions answer 401 (auth/authenticate.ts); deactivating again changes nothing. */
export function deactivateMember(context: RecordContext, id: string): ApiMember {
  const { workspace } = context;
  const member = findMember(workspace, id);
  if (member.role === 'owner') refuseOwnershipChange();
  if (member.status === 'active') {
    changeMember(workspace, member, (changed) => {
      changed.status = 'deactivated';
    });
  }
  return presentMember(member, context.memberId);
}

function refuseOwnershipChange(): never {
  throw new ApiError(
    'forbidden',
    { permission: 'transfer_ownership' },
    {
      detail: {
        en: 'The workspace owner stays the owner.',
        ru: 'Владелец рабочего пространства остаётся владельцем.',
        uz: 'Ish maydoni egasi egaligicha qoladi.',
      },
    },
  );
}
