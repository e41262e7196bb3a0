// Members and the teams they belong to, as the first-party routes change them (spec 2.7, 4.6).
// Members live in the workspace's map, not in a table, so a change records its own undo: a
// request that fails halfway leaves every member as it was.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { Member } from '../../workspaces/member.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { StoredTeam } from './team-record.ts';
import { notFound } from '../../errors/not-found.ts';

export function findMember(workspace: Workspace, id: string): Member {
  const member = workspace.members.get(normalizeId(id));
  if (!member) throw notFound(id, 'member');
  return member;
}

export function findTeam(workspace: Workspace, id: string): StoredTeam {
  const team = workspace.tables.teams.get(normalizeId(id));
  if (!team) throw notFound(id, 'team');
  return team;
}

/** The team ids sent, normalized and once each; 422 under `team_ids[i]` for one that is not a team of the workspace. */
export function teamIdsFrom(workspace: Workspace, sent: readonly string[]): string[] {
  return existingIds('team_ids', sent, (id) => workspace.tables.teams.get(id) !== undefined);
}

/** The member ids sent, normalized and once each; 422 under `member_ids[i]` for one that is not a member of the workspace. */
export function memberIdsFrom(workspace: Workspace, sent: readonly string[]): string[] {
  return existingIds('member_ids', sent, (id) => workspace.members.has(id));
}

function existingIds(field: string, sent: readonly string[], exists: (id: string) => boolean): string[] {
  const ids = sent.map(normalizeId);
  const missing = ids.findIndex((id) => !exists(id));
  if (missing >= 0) throw new ApiError('validation_failed', { fields: { [`${field}[${missing}]`]: 'no such record in this workspace' } });
  return [...new Set(ids)];
}

/** Changes a member in place inside the request's transaction. */
export function changeMember(workspace: Workspace, member: Member, change: (member: Member) => void): void {
  const before = { ...member, teamIds: [...member.teamIds] };
  workspace.transactions.recordUndo(async () => void Object.assign(member, before));
  change(member);
}

/** Makes `memberIds` exactly the members of the team (none: everyone leaves it). */
export function setTeamMembers(workspace: Workspace, teamId: string, memberIds: readonly string[]): void {
  for (const member of workspace.members.values()) {
    const belongs = memberIds.includes(member.id);
    if (belongs === member.teamIds.includes(teamId)) continue;
    changeMember(workspace, member, (changed) => {
      changed.teamIds = belongs ? [...changed.teamIds, teamId] : changed.teamIds.filter((id) => id !== teamId);
    });
  }
}
