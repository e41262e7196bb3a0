// Spec 2.7 and 4.6: `GET /v1/members` and `GET /v1/teams` answer `{data: [...]}`; a member has a
// `mb_` id, name, email, a role of five, status active or deactivated, joined_at, is_me and
// team_ids (`[]` when none); a team has a `tm_` id, name, member_ids and created_at. On a mock a
// member in no team is added (control API), so that `[]` is seen; elsewhere only members the
// workspace has are judged. At most one member is the caller (`is_me`); which member an API key
// acts for is not shown, so none being `is_me` is not a failure.
import type { ActiveCheck } from '../../check.ts';
import { controlCall } from '../../mock-control.ts';
import { firstProblem, isTime } from '../../kits/records-kit.ts';

const ROLES = ['owner', 'admin', 'team_lead', 'manager', 'viewer'];

export const membersTeams: ActiveCheck = {
  kind: 'active',
  id: 'members.members-teams',
  area: 'members',
  title: 'members and teams list as {data} with the fields of 2.7, team_ids [] for a member in no team, and at most one is_me',
  spec: '2.7, 4.6',
  basis: 'documented',
  writes: false,
  async run(context) {
    const loner = context.target.mock
      ? await controlCall(context, 'POST', `/_mock/workspaces/${context.target.mock.workspaceId}/members`, {
          role: 'viewer',
          name: `conformance ${context.runId} no team`,
        })
      : undefined;
    const members = await context.client.call('listMembers');
    if (members.status === 403) context.skip('the key lacks users:read');
    context.expectStatus(members, 200);
    const list: any[] = Array.isArray(members.json?.data) ? members.json.data : [];
    context.judge(
      'members.list-envelope',
      Array.isArray(members.json?.data) && list.length > 0 ? undefined : 'the answer has no data list of members',
      members,
    );
    const broken = list.map((member) => ({ member, problem: memberProblem(member) })).find((entry) => entry.problem);
    context.judge('members.fields', broken && `member ${broken.member.id}: ${broken.problem}`, members);
    const badRole = list.find((member) => !ROLES.includes(member.role));
    context.judge('members.role-values', badRole && `member ${badRole.id} has role ${badRole.role}`, members);
    const badStatus = list.find((member) => !['active', 'deactivated'].includes(member.status));
    context.judge('members.status-values', badStatus && `member ${badStatus.id} has status ${badStatus.status}`, members);
    const mine = list.filter((member) => member.is_me === true);
    context.judge(
      'members.is-me',
      list.some((member) => typeof member.is_me !== 'boolean')
        ? 'is_me is not a boolean on every member'
        : mine.length > 1
          ? `${mine.length} members are is_me`
          : undefined,
      members,
    );
    const alone = loner
      ? list.find((member) => member.id === loner.id)
      : list.find((member) => Array.isArray(member.team_ids) && member.team_ids.length === 0);
    const teamless = list.find((member) => member.team_ids === null || member.team_ids === undefined);
    if (loner || alone || teamless)
      context.judge(
        'members.team-ids-empty',
        teamless
          ? `member ${teamless.id} has team_ids ${teamless.team_ids}, not []`
          : JSON.stringify(alone?.team_ids) === '[]'
            ? undefined
            : `a member in no team has team_ids ${JSON.stringify(alone?.team_ids)}`,
        members,
      );
    else context.skipRule('members.team-ids-empty', 'every member of the workspace is in a team: none shows the team_ids of one in none');

    const teams = await context.client.call('listTeams');
    context.expectStatus(teams, 200);
    const teamList: any[] = Array.isArray(teams.json?.data) ? teams.json.data : [];
    context.judge('teams.list-envelope', Array.isArray(teams.json?.data) ? undefined : 'the answer has no data list of teams', teams);
    const brokenTeam = teamList.map((team) => ({ team, problem: teamProblem(team) })).find((entry) => entry.problem);
    context.judge('teams.fields', brokenTeam && `team ${brokenTeam.team.id}: ${brokenTeam.problem}`, teams);
    const mismatch = teamList
      .flatMap((team) =>
        (Array.isArray(team.member_ids) ? team.member_ids : []).map((id: string) => ({
          team,
          member: list.find((member) => member.id === id),
        })),
      )
      .find(({ team, member }) => member && !(member.team_ids ?? []).includes(team.id));
    context.judge(
      'members.team-ids-match',
      mismatch &&
        `team ${mismatch.team.id} lists member ${mismatch.member.id}, whose team_ids ${JSON.stringify(mismatch.member.team_ids)} leave it out`,
      teams,
    );
  },
};

function memberProblem(member: any): string | undefined {
  return firstProblem(
    !/^mb_[0-9a-z]{26}$/.test(member.id) && `id ${member.id} is not mb_ and 26 letters or digits`,
    typeof member.name !== 'string' && 'name is not a string',
    typeof member.email !== 'string' && 'email is not a string',
    !isTime(member.joined_at) && `joined_at ${member.joined_at} is not a time`,
    !Array.isArray(member.team_ids) && `team_ids ${JSON.stringify(member.team_ids)} is not an array`,
  );
}

function teamProblem(team: any): string | undefined {
  return firstProblem(
    !/^tm_[0-9a-z]{26}$/.test(team.id) && `id ${team.id} is not tm_ and 26 letters or digits`,
    typeof team.name !== 'string' && 'name is not a string',
    !Array.isArray(team.member_ids) && 'member_ids is not an array',
    !isTime(team.created_at) && `created_at ${team.created_at} is not a time`,
  );
}
