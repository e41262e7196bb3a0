// The two teams every new workspace starts with, so that `team_ids` and `member_ids` mean
// something from the first request: every role is in a team, and the manager is in both
// (spec 2.7: a member can be in several teams).
import type { Role } from '../../workspaces/member.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

const STARTER_TEAMS: { name: string; roles: Role[] }[] = [
  { name: 'Sales Tashkent', roles: ['owner', 'team_lead', 'manager'] },
  { name: 'Sales Samarkand', roles: ['admin', 'manager', 'viewer'] },
];

/** Runs after the workspace's members exist (one per role). */
export async function addStarterTeams(workspace: Workspace): Promise<void> {
  const created_at = new Date(workspace.now()).toISOString();
  for (const { name, roles } of STARTER_TEAMS) {
    const team = await workspace.tables.teams.insert({ id: workspace.newId('team'), name, created_at });
    for (const member of workspace.members.values()) {
      if (roles.includes(member.role)) member.teamIds.push(team.id);
    }
  }
}
