// Spec 4.6, 4.9 and 5.1: the write routes of members, teams and custom fields are first-party web
// app only: they do not accept API keys (refused as 401 or 403; the spec names no code), and are
// reserved for owners and admins signed in to the web app. Keys are tried on every target with
// harmless requests (empty PATCH bodies, a team or field named with the run id, an invite to an
// example.com address); a DELETE or a deactivation is only sent for a team, field or member made
// for the run on a mock. Sessions (how a member signs in is not shown: inferred, a mock's control
// API) then show owners and admins allowed and a manager refused with 403 (invites too); a
// member's team_ids set by PATCH show in the teams list; a deleted team leaves its members'
// team_ids; and an owner cannot be deactivated.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { controlCall, mockWorkspaceId } from '../../mock-control.ts';
import type { OperationId, OperationParameters } from '../../operation-call.ts';
import { mockSession } from '../../kits/records-kit.ts';

export const firstPartyRoutes: ActiveCheck = {
  kind: 'active',
  id: 'members.first-party-routes',
  area: 'members',
  title:
    'member, team and field writes refuse API keys and are open to owners and admins signed in, not to other roles; team changes show on members and an owner stays',
  spec: '4.6, 4.9, 5.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (context.target.readOnly) context.skip('needs writes; the run is read-only');
    await judgeKeysRefused(context);
    if (context.target.mock) await judgeSessions(context);
  },
};

function refusal(answer: Exchange): string | undefined {
  return [401, 403].includes(answer.status)
    ? undefined
    : `${answer.request.method} ${new URL(answer.request.url).pathname} with an API key answered ${answer.status}, not 401 or 403`;
}

async function judgeKeysRefused(context: CheckContext): Promise<void> {
  const name = `conformance ${context.runId}`;
  const taken: Exchange[] = [];
  const send: KeySend = async (rule, operation, parameters) => {
    const answer = await context.client.call(operation, parameters);
    context.judge(rule, refusal(answer), answer);
    if (refusal(answer)) taken.push(answer);
    return answer;
  };
  const members = await context.client.call('listMembers');
  const member = members.status === 200 ? members.json?.data?.[0] : undefined;
  await send('members.invites-refuse-keys', 'createInvite', { body: { email: `conformance.${Date.now()}@example.com`, role: 'viewer' } });
  if (member) await send('members.patch-refuses-keys', 'updateMember', { path: { id: member.id }, body: {} });
  await send('teams.create-refuses-keys', 'createTeam', { body: { name } });
  const teams = await context.client.call('listTeams');
  if (teams.status === 200 && teams.json?.data?.[0])
    await send('teams.patch-refuses-keys', 'updateTeam', { path: { id: teams.json.data[0].id }, body: {} });
  await send('fields.create-refuses-keys', 'createField', {
    body: { entity: 'contact', key: `conf_${Date.now().toString(36)}`, label: name, type: 'text' },
  });
  const fields = await context.client.call('listFields');
  // A field list not shaped {data} (fields.list-envelope's to judge) names no field to PATCH: the rule is skipped, not the check broken.
  const listedField = fields.status === 200 && Array.isArray(fields.json?.data) ? fields.json.data[0] : undefined;
  if (listedField) await send('fields.patch-refuses-keys', 'updateField', { path: { id: listedField.id }, body: {} });
  else context.skipRule('fields.patch-refuses-keys', `GET /v1/fields answered ${fields.status} with no field in data to PATCH`);
  // A deployment's own members, teams and fields are not deactivated or deleted to see a refusal.
  if (context.target.mock) await sendToSpares(context, name, send);
  // Spec 5.1: routes marked first-party web app only accept no API key, whichever they are.
  context.judge('auth.first-party-only', taken[0] && refusal(taken[0]), taken[0]);
}

/** A deactivation and two deletes with the key, each of a member, team or field made for the run on the mock. */
type KeySend = <Id extends OperationId>(rule: string, operation: Id, parameters: OperationParameters<Id>) => Promise<Exchange>;

async function sendToSpares(context: CheckContext, name: string, send: KeySend): Promise<void> {
  const workspace = `/_mock/workspaces/${mockWorkspaceId(context)}`;
  const spareMember = await controlCall(context, 'POST', `${workspace}/members`, { role: 'viewer', name });
  const spareTeam = await controlCall(context, 'POST', `${workspace}/teams`, { name });
  const spareField = await controlCall(context, 'POST', `${workspace}/fields`, {
    entity: 'contact',
    key: `conf_${Date.now().toString(36)}_spare`,
    label: name,
    type: 'text',
  });
  await send('members.deactivate-refuses-keys', 'deactivateMember', { path: { id: spareMember.id } });
  await send('teams.delete-refuses-keys', 'deleteTeam', { path: { id: spareTeam.id } });
  await send('fields.delete-refuses-keys', 'deleteField', { path: { id: spareField.id } });
}

async function judgeSessions(context: CheckContext): Promise<void> {
  const name = `conformance ${context.runId}`;
  const owner = await mockSession(context, 'owner');
  const admin = await mockSession(context, 'admin');
  const manager = await mockSession(context, 'manager');
  const as = <Id extends OperationId>(session: { cookie: string }, operation: Id, parameters: OperationParameters<Id>) =>
    context.client.call(operation, { ...parameters, key: null, headers: { cookie: session.cookie } });

  const problems: { problem: string; answer: Exchange }[] = [];
  const expect = (answer: Exchange, status: number) => {
    if (answer.status !== status)
      problems.push({
        problem: `${answer.request.method} ${new URL(answer.request.url).pathname} by a signed-in owner or admin answered ${answer.status}, not ${status}`,
        answer,
      });
    return answer;
  };
  const team = expect(await as(owner, 'createTeam', { body: { name, member_ids: [owner.memberId] } }), 201);
  if (team.status === 201) {
    expect(await as(admin, 'updateTeam', { path: { id: team.json.id }, body: { name: `${name} renamed` } }), 200);
    const deleted = expect(await as(owner, 'deleteTeam', { path: { id: team.json.id } }), 200);
    if (deleted.status === 200) await judgeTeamLeft(context, team.json.id);
  }
  const field = expect(
    await as(admin, 'createField', {
      body: { entity: 'contact', key: `conf_${Date.now().toString(36)}_session`, label: name, type: 'text' },
    }),
    201,
  );
  if (field.status === 201) {
    const relabeled = expect(await as(owner, 'updateField', { path: { id: field.json.id }, body: { label: 'Plain label' } }), 200);
    const labels = relabeled.json?.label ?? {};
    const plainLabel =
      relabeled.status === 200 && Object.keys(labels).length > 0 && Object.values(labels).every((text) => text === 'Plain label')
        ? undefined
        : `a plain string label gave ${JSON.stringify(labels)}`;
    context.judge('fields.label-plain-string', plainLabel, relabeled);
    context.judge('conventions.localized-names-plain-string', plainLabel, relabeled);
    expect(await as(admin, 'deleteField', { path: { id: field.json.id } }), 200);
  }
  expect(await as(admin, 'createInvite', { body: { email: `conformance.${Date.now()}@example.com`, role: 'viewer' } }), 201);
  const spare = await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/members`, { role: 'viewer', name });
  await judgeTeamIdsPatch(context, (parameters) => as(admin, 'updateMember', parameters), spare.id);
  const deactivated = expect(await as(admin, 'deactivateMember', { path: { id: spare.id } }), 200);
  context.judge('members.first-party-owners-admins', problems[0]?.problem, problems[0]?.answer ?? team);
  context.judge(
    'members.deactivate-status',
    deactivated.status === 200 && deactivated.json?.status === 'deactivated'
      ? undefined
      : `a deactivated member shows status ${deactivated.json?.status}`,
    deactivated,
  );

  const refused = [
    await as(manager, 'createTeam', { body: { name } }),
    await as(manager, 'createField', {
      body: { entity: 'contact', key: `conf_${Date.now().toString(36)}_manager`, label: name, type: 'text' },
    }),
    await as(manager, 'createInvite', { body: { email: `conformance.${Date.now()}.manager@example.com`, role: 'viewer' } }),
  ];
  const allowed = refused.find((answer) => answer.status !== 403);
  // send, not call: what a wrong answer made may be an invite, which the document gives no delete.
  const removeAllowed = (path: string) => context.client.send('DELETE', path, { key: null, headers: { cookie: owner.cookie } });
  if (allowed?.status === 201) context.cleanup(() => removeAllowed(`${new URL(allowed.request.url).pathname}/${allowed.json.id}`));
  context.judge(
    'members.first-party-other-roles',
    allowed &&
      `${allowed.request.method} ${new URL(allowed.request.url).pathname} by a signed-in manager answered ${allowed.status}, not 403`,
    allowed ?? refused[0],
  );

  // Last: under a fault that lets it through, the run's own owner (not the workspace's) is the one deactivated.
  const ownerKept = await as(admin, 'deactivateMember', { path: { id: owner.memberId } });
  context.judge(
    'members.owner-stays',
    ownerKept.status === 403
      ? undefined
      : `deactivating an owner answered ${ownerKept.status} ${ownerKept.json?.status ?? ownerKept.json?.error?.code ?? ''}, not 403`,
    ownerKept,
  );
}

type PatchMember = (parameters: OperationParameters<'updateMember'>) => Promise<Exchange>;

/** After a team is deleted, no member's team_ids names it. */
async function judgeTeamLeft(context: CheckContext, teamId: string): Promise<void> {
  const members = await context.client.call('listMembers');
  if (members.status !== 200) return context.skipRule('teams.delete-leaves-members', `GET /v1/members answered ${members.status}`);
  const stale = (members.json.data ?? []).find((member: any) => (member.team_ids ?? []).includes(teamId));
  context.judge('teams.delete-leaves-members', stale && `member ${stale.id} still has the deleted team ${teamId} in team_ids`, members);
}

/** A member's team_ids set by PATCH are what the teams list shows: the member in that team, and in no other. */
async function judgeTeamIdsPatch(context: CheckContext, patchMember: PatchMember, memberId: string): Promise<void> {
  const teams = await context.client.call('listTeams');
  const target = teams.status === 200 ? teams.json.data?.[0] : undefined;
  if (!target) return context.skipRule('members.patch-team-ids', 'the workspace lists no team');
  const patched = await patchMember({ path: { id: memberId }, body: { team_ids: [target.id] } });
  if (patched.status !== 200) return context.judge('members.patch-team-ids', `PATCH team_ids answered ${patched.status}, not 200`, patched);
  const after = await context.client.call('listTeams');
  const holding = (after.json?.data ?? []).filter((team: any) => (team.member_ids ?? []).includes(memberId)).map((team: any) => team.id);
  const problem =
    JSON.stringify(patched.json.team_ids) !== JSON.stringify([target.id])
      ? `the member answered team_ids ${JSON.stringify(patched.json.team_ids)}, not [${target.id}]`
      : JSON.stringify(holding) !== JSON.stringify([target.id])
        ? `after team_ids [${target.id}], the teams list shows the member in ${JSON.stringify(holding)}`
        : undefined;
  context.judge('members.patch-team-ids', problem, after);
}
