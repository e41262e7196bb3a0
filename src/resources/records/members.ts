// Members as other records show and name them: `owner {id, name}`, `assignee`, and checks that a
// member id sent in a body belongs to the workspace.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

export type MemberRef = { id: string; name: string };

export function memberRef(workspace: Workspace, memberId: string | null): MemberRef | null {
  const member = memberId ? workspace.members.get(memberId) : undefined;
  return member ? { id: member.id, name: member.name } : null;
}

/** The member id sent under `field`, normalized; 422 `validation_failed` when no such member. */
export function memberIdFrom(workspace: Workspace, sent: string | null | undefined, field: string): string | null {
  if (sent === null || sent === undefined) return null;
  const id = normalizeId(sent);
  if (!workspace.members.has(id))
    throw new ApiError('validation_failed', { fields: { [field]: 'no member of this workspace has this id' } });
  return id;
}
