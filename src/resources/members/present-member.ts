// Members and teams as the API shows them (spec 2.7).
import type { components } from '../../spec/generated/crm.d.ts';
import type { Member } from '../../workspaces/member.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { StoredTeam, Team } from './team-record.ts';

export type ApiMember = components['schemas']['Member'];

/** `meId` is the member the caller acts for: that one member is `is_me`. */
export function presentMember(member: Member, meId: string | null): ApiMember {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    status: member.status,
    joined_at: member.joinedAt,
    is_me: member.id === meId,
    team_ids: [...member.teamIds],
  };
}

export function presentTeam(workspace: Workspace, team: StoredTeam): Team {
  return {
    ...team,
    member_ids: membersInOrder(workspace)
      .filter((member) => member.teamIds.includes(team.id))
      .map((member) => member.id),
  };
}

/** Oldest first: ids sort by creation time (spec 2.1). */
export function membersInOrder(workspace: Workspace): Member[] {
  return [...workspace.members.values()].sort(byId);
}

export function teamsInOrder(workspace: Workspace): StoredTeam[] {
  return [...workspace.tables.teams.values()].sort(byId);
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
