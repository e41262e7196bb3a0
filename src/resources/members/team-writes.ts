// Creating, changing and deleting teams (spec 2.7, 4.6; the bodies are inferred in the document).
// Who is in a team is kept on the members (team-record.ts), so `member_ids` is written there.
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';
import { findTeam, memberIdsFrom, setTeamMembers } from './membership.ts';
import { presentTeam } from './present-member.ts';
import type { Team } from './team-record.ts';

export type TeamCreate = components['schemas']['TeamCreate'];
export type TeamUpdate = components['schemas']['TeamUpdate'];

export async function createTeam(context: RecordContext, body: TeamCreate): Promise<Team> {
  const { workspace } = context;
  const memberIds = memberIdsFrom(workspace, body.member_ids ?? []);
  const team = await workspace.tables.teams.insert({ id: workspace.newId('team'), name: body.name, created_at: context.nowIso() });
  setTeamMembers(workspace, team.id, memberIds);
  return presentTeam(workspace, team);
}

/** Only the fields sent change; `member_ids` replaces the team's members. */
export async function updateTeam(context: RecordContext, id: string, body: TeamUpdate): Promise<Team> {
  const { workspace } = context;
  let team = findTeam(workspace, id);
  const memberIds = body.member_ids && memberIdsFrom(workspace, body.member_ids);
  if (body.name !== undefined) team = await workspace.tables.teams.update(team.id, (draft) => void (draft.name = body.name!));
  if (memberIds) setTeamMembers(workspace, team.id, memberIds);
  return presentTeam(workspace, team);
}

/** The members stay, without the team. */
export function deleteTeam(context: RecordContext, id: string): { ok: true; id: string } {
  const { workspace } = context;
  const team = findTeam(workspace, id);
  setTeamMembers(workspace, team.id, []);
  workspace.tables.teams.remove(team.id);
  return { ok: true, id: team.id };
}
