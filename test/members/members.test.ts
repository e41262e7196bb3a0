// Members and teams (spec 2.7, 4.6).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
beforeAll(async () => {
  setup = await setUpMock();
});

const ROLES = ['owner', 'admin', 'team_lead', 'manager', 'viewer'];

async function members(key = setup.key): Promise<any[]> {
  const answer = await call(setup.mock, 'GET', '/v1/members', { key });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function teams(key = setup.key): Promise<any[]> {
  const answer = await call(setup.mock, 'GET', '/v1/teams', { key });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('members (spec 2.7, 4.6)', () => {
  it('members list one active member of every role with their name, email and joined_at', async () => {
    const list = await members();
    expect(list.map((member) => member.role).sort()).toEqual([...ROLES].sort());
    for (const member of list) {
      expect(member).toMatchObject({ id: expect.stringMatching(/^mb_/), status: 'active', email: expect.stringContaining('@') });
      expect(member.name).not.toBe('');
    }
  });

  it("the key's own member is is_me", async () => {
    const asOwner = await members();
    expect(asOwner.filter((member) => member.is_me).map((member) => member.role)).toEqual(['owner']);
    const managerKey = await setup.newKey({ scopes: ['users:read'], role: 'manager' });
    const asManager = await members(managerKey);
    expect(asManager.filter((member) => member.is_me).map((member) => member.role)).toEqual(['manager']);
  });

  it('members and teams without users:read answer missing_scope with scope users:read', async () => {
    const key = await setup.newKey({ scopes: ['leads:read'] });
    for (const path of ['/v1/members', '/v1/teams']) {
      const answer = await call(setup.mock, 'GET', path, { key });
      expect([answer.status, answer.body.error.code, answer.body.error.scope]).toEqual([403, 'missing_scope', 'users:read']);
    }
  });
});

describe('teams (spec 2.7)', () => {
  it('a new workspace has two teams that hold members of every role', async () => {
    const list = await teams();
    expect(list).toHaveLength(2);
    const byId = new Map((await members()).map((member) => [member.id, member.role]));
    const roles = new Set(list.flatMap((team) => team.member_ids.map((id: string) => byId.get(id))));
    expect([...roles].sort()).toEqual([...ROLES].sort());
  });

  it("a member's team_ids are the teams whose member_ids name them, several possible", async () => {
    const teamList = await teams();
    const memberList = await members();
    for (const member of memberList) {
      const holding = teamList.filter((team) => team.member_ids.includes(member.id)).map((team) => team.id);
      expect(member.team_ids.sort()).toEqual(holding.sort());
    }
    expect(memberList.some((member) => member.team_ids.length > 1)).toBe(true);
  });
});

// The pipeline refuses these before any handler (spec 4.6: first-party web app only; spec 5.1).
describe('first-party-only member routes refuse API keys', () => {
  // `{member}` and `{team}` stand for ids of the workspace's own member and team.
  const routes: [string, string, unknown][] = [
    ['POST', '/v1/invites', { email: 'new@acme.uz', role: 'manager' }],
    ['PATCH', '/v1/members/{member}', { role: 'viewer' }],
    ['POST', '/v1/members/{member}/deactivate', undefined],
    ['POST', '/v1/teams', { name: 'Sales Bukhara' }],
    ['PATCH', '/v1/teams/{team}', { name: 'Renamed' }],
    ['DELETE', '/v1/teams/{team}', undefined],
  ];

  it.each(routes)('%s %s answers 403 forbidden first_party_only and changes nothing', async (method, template, body) => {
    const [member] = await members();
    const [team] = await teams();
    const path = template.replace('{member}', member.id).replace('{team}', team.id);
    const answer = await call(setup.mock, method, path, { key: setup.key, body });
    expect([answer.status, answer.body.error]).toEqual([
      403,
      expect.objectContaining({ code: 'forbidden', permission: 'first_party_only' }),
    ]);
    expect(await members()).toContainEqual(member);
    expect(await teams()).toContainEqual(team);
  });
});
