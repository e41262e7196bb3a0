// /_mock/workspaces/{ws}/{members,teams,fields}: what the web app manages and API keys cannot.
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import { createField, type CustomFieldCreate } from '../resources/fields/field-writes.ts';
import { presentMember, presentTeam } from '../resources/members/present-member.ts';
import { systemContext } from '../resources/records/record-context.ts';
import { normalizeId } from '../ids/ids.ts';
import { addMember } from '../workspaces/create-workspace.ts';
import type { Role } from '../workspaces/member.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

type MemberBody = { role: Role; name?: string; email?: string; team_ids?: string[] };
type TeamBody = { name: string; member_ids?: string[] };

export const peopleHandlers: HandlerMap = {
  addMember({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const body = input.body as MemberBody;
    const teamIds = existing(workspace, 'team_ids', body.team_ids ?? [], (id) => !!workspace.tables.teams.get(id));
    const member = addMember(workspace, { role: body.role, name: body.name, email: body.email, teamIds });
    return { status: 201, body: presentMember(member, null) };
  },

  async addTeam({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const body = input.body as TeamBody;
    const memberIds = existing(workspace, 'member_ids', body.member_ids ?? [], (id) => workspace.members.has(id));
    const team = await workspace.transactions.run(() =>
      workspace.tables.teams.insert({ id: workspace.newId('team'), name: body.name, created_at: new Date(workspace.now()).toISOString() }),
    );
    for (const id of memberIds) workspace.members.get(id)!.teamIds.push(team.id);
    return { status: 201, body: presentTeam(workspace, team) };
  },

  async addField({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const field = await workspace.transactions.run(() => createField(systemContext(state, workspace), input.body as CustomFieldCreate));
    return { status: 201, body: field };
  },
};

/** The ids sent under `field`, normalized, each of which must exist in the workspace. */
function existing(workspace: Workspace, field: string, ids: string[], exists: (id: string) => boolean): string[] {
  const normalized = ids.map(normalizeId);
  const missing = normalized.findIndex((id) => !exists(id));
  if (missing >= 0)
    throw new ApiError('validation_failed', { fields: { [`${field}[${missing}]`]: `no such record in workspace ${workspace.id}` } });
  return normalized;
}
