// The first-party web app's session (the document's `firstPartySession`, a `svc_session` cookie;
// inferred) and the routes only it reaches: member, invite and team writes (spec 4.6) and custom
// field writes (spec 4.9), reserved for owners and admins signed in to the web app.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';
import { changeMember } from '../../src/resources/members/membership.ts';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

type Role = 'owner' | 'admin' | 'team_lead' | 'manager' | 'viewer';

let setup: Setup;
/** The workspace's member of each role (one per role in a new workspace). */
let memberOf: Record<Role, string>;
/** An active session cookie of the member of each role. */
let sessionOf: Record<Role, string>;

beforeAll(async () => {
  setup = await setUpMock();
  memberOf = await membersByRole(setup);
  sessionOf = Object.fromEntries(
    await Promise.all(Object.entries(memberOf).map(async ([role, id]) => [role, await signIn(setup, id)])),
  ) as Record<Role, string>;
});

async function membersByRole(of: Setup): Promise<Record<Role, string>> {
  const listed = await call(of.mock, 'GET', '/v1/members', { key: of.key });
  return Object.fromEntries(listed.body.data.map((member: { role: Role; id: string }) => [member.role, member.id])) as Record<Role, string>;
}

async function signIn(of: Setup, memberId: string): Promise<string> {
  const answer = await call(of.mock, 'POST', `/_mock/workspaces/${of.workspaceId}/sessions`, { body: { member_id: memberId } });
  if (answer.status !== 201) throw new Error(`cannot sign in: ${JSON.stringify(answer.body)}`);
  return answer.body.cookie;
}

/** A request of the web app: the session cookie and nothing else. */
function asSession(cookie: string, method: string, path: string, body?: unknown, of: Setup = setup): Promise<Answer> {
  return call(of.mock, method, path, { headers: { Cookie: cookie }, body });
}

async function members(of: Setup = setup): Promise<any[]> {
  return (await call(of.mock, 'GET', '/v1/members', { key: of.key })).body.data;
}

async function member(id: string): Promise<any> {
  return (await members()).find((candidate) => candidate.id === id);
}

async function teams(of: Setup = setup): Promise<any[]> {
  return (await call(of.mock, 'GET', '/v1/teams', { key: of.key })).body.data;
}

async function newTeam(name: string, memberIds: string[] = []): Promise<any> {
  const answer = await asSession(sessionOf.owner, 'POST', '/v1/teams', { name, member_ids: memberIds });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** A member of the role added through the control API, and their session. */
async function newMember(role: Role, of: Setup = setup): Promise<{ id: string; cookie: string }> {
  const added = await call(of.mock, 'POST', `/_mock/workspaces/${of.workspaceId}/members`, { body: { role } });
  return { id: added.body.id, cookie: await signIn(of, added.body.id) };
}

/** An OAuth access token of an app installed by the member (the OAuth flow itself is tested elsewhere). */
function accessToken(memberId: string, scopes: string[]): string {
  const { state } = setup.mock;
  const token = `svc_at_${crypto.randomUUID().replaceAll('-', '')}`;
  const ids = {
    installationId: state.workspaces.get(setup.workspaceId)!.newId('installation'),
    appId: state.workspaces.get(setup.workspaceId)!.newId('app'),
  };
  state.addAccessToken({
    token,
    workspaceId: setup.workspaceId,
    ...ids,
    appName: 'Test app',
    scopes,
    memberId,
    expiresAt: '2099-01-01T00:00:00Z',
    revokedAt: null,
  });
  return token;
}

function expectError(answer: Answer, status: number, error: Record<string, unknown>): void {
  expect([answer.status, answer.body?.error]).toEqual([status, expect.objectContaining(error)]);
}

const operations = [...indexOperations(loadDocument('crm')).values()];

describe('signing in through the control API', () => {
  it('a session is a svc_session cookie of the member, the cookie the document names, valid 30 days', async () => {
    const answer = await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/sessions`, {
      body: { member_id: memberOf.admin },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      cookie: expect.stringMatching(/^svc_session=[A-Za-z0-9_-]{43}$/),
      member_id: memberOf.admin,
      expires_at: expect.any(String),
    });
    const scheme = loadDocument('crm').components!.securitySchemes!.firstPartySession as { in: string; name: string };
    expect([scheme.in, scheme.name]).toEqual(['cookie', 'svc_session']);
    const now = Date.parse((await call(setup.mock, 'GET', `/_mock/workspaces/${setup.workspaceId}/clock`)).body.now);
    expect(Math.abs(Date.parse(answer.body.expires_at) - now - 30 * 86_400_000)).toBeLessThan(60_000);
  });

  it('an unknown or deactivated member cannot sign in (422 under member_id)', async () => {
    const unknown = await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/sessions`, {
      body: { member_id: `mb_${'0'.repeat(26)}` },
    });
    expectError(unknown, 422, { code: 'validation_failed', fields: { member_id: expect.any(String) } });
    const leaving = await newMember('viewer');
    expect((await asSession(sessionOf.owner, 'POST', `/v1/members/${leaving.id}/deactivate`)).status).toBe(200);
    const deactivated = await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/sessions`, {
      body: { member_id: leaving.id },
    });
    expectError(deactivated, 422, { code: 'validation_failed', fields: { member_id: expect.any(String) } });
  });
});

describe('which routes take a session (the document security of each operation)', () => {
  it('first-party-only operations take the session and no bearer credential', () => {
    const firstParty = operations.filter((operation) => operation.isFirstPartyOnly);
    expect(firstParty.map((operation) => operation.id).sort()).toEqual([
      'createField',
      'createInvite',
      'createTeam',
      'deactivateMember',
      'deleteField',
      'deleteTeam',
      'updateField',
      'updateMember',
      'updateTeam',
    ]);
    for (const operation of firstParty)
      expect([operation.id, operation.acceptsSession, operation.acceptsBearer]).toEqual([operation.id, true, false]);
  });

  it('a route whose security lists the session beside keys takes both: the author edits their note through the web app', async () => {
    const lead = (await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Noted' } })).body;
    const byManager = accessToken(memberOf.manager, ['notes:write', 'leads:read']);
    const written = (
      await call(setup.mock, 'POST', '/v1/notes', { key: byManager, body: { entity_type: 'lead', entity_id: lead.id, text: 'draft' } })
    ).body;
    expect(operations.find((operation) => operation.id === 'updateNote')).toMatchObject({
      acceptsSession: true,
      acceptsBearer: true,
      isFirstPartyOnly: false,
    });
    const edited = await asSession(sessionOf.manager, 'PATCH', `/v1/notes/${written.id}`, { text: 'final' });
    expect([edited.status, edited.body.data?.text]).toEqual([200, 'final']);
    // Not a first-party-only route: the role does not open it, only authorship does (spec 4.5).
    expectError(await asSession(sessionOf.admin, 'PATCH', `/v1/notes/${written.id}`, { text: 'theirs' }), 403, {
      code: 'edit_window_closed',
    });
  });

  it('a session is refused on an API-key route (401 invalid_token)', async () => {
    expectError(await asSession(sessionOf.owner, 'GET', '/v1/members'), 401, { code: 'invalid_token' });
    expectError(await asSession(sessionOf.owner, 'POST', '/v1/leads', { name: 'Through the web app' }), 401, { code: 'invalid_token' });
  });

  it('an API-key route ignores a session cookie sent beside a key: the key decides', async () => {
    const viewerKey = await setup.newKey({ scopes: ['users:read'], role: 'viewer' });
    const answer = await call(setup.mock, 'GET', '/v1/members', { key: viewerKey, headers: { Cookie: sessionOf.owner } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.filter((listed: any) => listed.is_me).map((listed: any) => listed.id)).toEqual([memberOf.viewer]);
  });

  it('API keys and OAuth tokens are still refused on first-party routes (403 forbidden first_party_only)', async () => {
    const [team] = await teams();
    const attempts: [string, string, unknown][] = [
      ['POST', '/v1/teams', { name: 'By key' }],
      ['PATCH', `/v1/teams/${team.id}`, { name: 'By key' }],
      ['POST', '/v1/invites', { email: 'key@acme.uz', role: 'viewer' }],
      ['PATCH', `/v1/members/${memberOf.viewer}`, { name: 'By key' }],
      ['POST', '/v1/fields', { entity: 'lead', key: 'by_key', label: 'By key', type: 'text' }],
    ];
    for (const key of [setup.key, accessToken(memberOf.owner, ['users:read'])]) {
      for (const [method, path, body] of attempts) {
        expectError(await call(setup.mock, method, path, { key, body }), 403, { code: 'forbidden', permission: 'first_party_only' });
      }
    }
    expect((await teams()).find((listed) => listed.id === team.id).name).toBe(team.name);
  });

  it("a session's secret sent as a bearer token is no API key (401 invalid_token)", async () => {
    const secret = sessionOf.owner.slice('svc_session='.length);
    expectError(await call(setup.mock, 'GET', '/v1/members', { key: secret }), 401, { code: 'invalid_token' });
    expectError(await call(setup.mock, 'POST', '/v1/teams', { key: secret, body: { name: 'Bearer' } }), 401, { code: 'invalid_token' });
  });

  it('a first-party route with no credential or an unknown session answers 401 invalid_token', async () => {
    expectError(await call(setup.mock, 'POST', '/v1/teams', { body: { name: 'Nobody' } }), 401, { code: 'invalid_token' });
    expectError(await asSession(`svc_session=${'x'.repeat(43)}`, 'POST', '/v1/teams', { name: 'Forged' }), 401, { code: 'invalid_token' });
  });

  it('the session cookie is found among other cookies', async () => {
    const answer = await asSession(`theme=dark; ${sessionOf.owner}; lang=uz`, 'POST', '/v1/teams', { name: 'Among cookies' });
    expect(answer.status).toBe(201);
  });
});

describe("a session acts with its member's role and status (spec 4.6)", () => {
  // `{member}` and `{team}` stand for the viewer and a team of the workspace; `{field}` for a custom field.
  const routes: [string, string, unknown][] = [
    ['POST', '/v1/invites', { email: 'someone@acme.uz', role: 'viewer' }],
    ['PATCH', '/v1/members/{member}', { name: 'Renamed' }],
    ['POST', '/v1/members/{member}/deactivate', undefined],
    ['POST', '/v1/teams', { name: 'Refused' }],
    ['PATCH', '/v1/teams/{team}', { name: 'Refused' }],
    ['DELETE', '/v1/teams/{team}', undefined],
    ['POST', '/v1/fields', { entity: 'lead', key: 'refused', label: 'Refused', type: 'text' }],
    ['PATCH', '/v1/fields/{field}', { required: true }],
    ['DELETE', '/v1/fields/{field}', undefined],
  ];

  it.each(['team_lead', 'manager', 'viewer'] as const)(
    "a %s's session is refused on every first-party route (403 forbidden owner_or_admin) and nothing changes",
    async (role) => {
      const team = await newTeam(`Kept for ${role}`, [memberOf.viewer]);
      const field = (
        await asSession(sessionOf.owner, 'POST', '/v1/fields', { entity: 'contact', key: `kept_${role}`, label: 'Kept', type: 'text' })
      ).body;
      const before = {
        members: await members(),
        teams: await teams(),
        fields: (await call(setup.mock, 'GET', '/v1/fields', { key: setup.key })).body.data,
      };
      for (const [method, template, body] of routes) {
        const path = template.replace('{member}', memberOf.viewer).replace('{team}', team.id).replace('{field}', field.id);
        expectError(await asSession(sessionOf[role], method, path, body), 403, { code: 'forbidden', permission: 'owner_or_admin' });
      }
      expect({
        members: await members(),
        teams: await teams(),
        fields: (await call(setup.mock, 'GET', '/v1/fields', { key: setup.key })).body.data,
      }).toEqual(before);
    },
  );

  it("a manager's session cannot invite (403 forbidden)", async () => {
    const answer = await asSession(sessionOf.manager, 'POST', '/v1/invites', { email: 'new.hire@acme.uz', role: 'viewer' });
    expectError(answer, 403, { code: 'forbidden', permission: 'owner_or_admin' });
  });

  it("an admin's session can invite", async () => {
    expect((await asSession(sessionOf.admin, 'POST', '/v1/invites', { email: 'new.hire@acme.uz', role: 'viewer' })).status).toBe(201);
  });

  it('a role change takes effect on the next request of the same session', async () => {
    const promoted = await newMember('manager');
    expect((await asSession(promoted.cookie, 'POST', '/v1/teams', { name: 'Too early' })).status).toBe(403);
    expect((await asSession(sessionOf.owner, 'PATCH', `/v1/members/${promoted.id}`, { role: 'admin' })).status).toBe(200);
    expect((await asSession(promoted.cookie, 'POST', '/v1/teams', { name: 'Now allowed' })).status).toBe(201);
    expect((await asSession(sessionOf.owner, 'PATCH', `/v1/members/${promoted.id}`, { role: 'viewer' })).status).toBe(200);
    expectError(await asSession(promoted.cookie, 'POST', '/v1/teams', { name: 'Not any more' }), 403, {
      code: 'forbidden',
      permission: 'owner_or_admin',
    });
  });

  it("a deactivated member's session answers 401", async () => {
    const leaving = await newMember('admin');
    expect((await asSession(leaving.cookie, 'POST', '/v1/teams', { name: 'Before leaving' })).status).toBe(201);
    expect((await asSession(sessionOf.owner, 'POST', `/v1/members/${leaving.id}/deactivate`)).status).toBe(200);
    expectError(await asSession(leaving.cookie, 'POST', '/v1/teams', { name: 'After leaving' }), 401, { code: 'invalid_token' });
  });

  it('a session answers 401 once 30 days have passed on the workspace clock', async () => {
    const own = await setUpMock();
    const owner = (await membersByRole(own)).owner;
    const cookie = await signIn(own, owner);
    await call(own.mock, 'POST', `/_mock/workspaces/${own.workspaceId}/clock`, {
      body: { freeze: true, advance_seconds: 30 * 86_400 - 60 },
    });
    expect((await asSession(cookie, 'POST', '/v1/teams', { name: 'Still in' }, own)).status).toBe(201);
    await call(own.mock, 'POST', `/_mock/workspaces/${own.workspaceId}/clock`, { body: { advance_seconds: 60 } });
    expectError(await asSession(cookie, 'POST', '/v1/teams', { name: 'Expired' }, own), 401, { code: 'invalid_token' });
  });

  it("a member's sessions share one request budget, as an installation's tokens do", async () => {
    const own = await setUpMock();
    const owner = (await membersByRole(own)).owner;
    const [first, second] = [await signIn(own, owner), await signIn(own, owner)];
    await call(own.mock, 'POST', `/_mock/workspaces/${own.workspaceId}/clock`, { body: { freeze: true } });
    await call(own.mock, 'PATCH', `/_mock/workspaces/${own.workspaceId}/settings`, { body: { limits: { requests_per_minute: 2 } } });
    expect((await asSession(first, 'POST', '/v1/teams', { name: 'One' }, own)).status).toBe(201);
    expect((await asSession(second, 'POST', '/v1/teams', { name: 'Two' }, own)).status).toBe(201);
    expectError(await asSession(second, 'POST', '/v1/teams', { name: 'Three' }, own), 429, { code: 'rate_limited' });
    expect((await call(own.mock, 'GET', '/v1/teams', { key: own.key })).status).toBe(200);
  });

  it('sessions are in snapshots: put back, one signed in before still acts, one signed in after is gone', async () => {
    const own = await setUpMock();
    const owner = (await membersByRole(own)).owner;
    const before = await signIn(own, owner);
    const snapshot = (await call(own.mock, 'GET', `/_mock/workspaces/${own.workspaceId}/snapshot`)).body;
    const after = await signIn(own, owner);
    expect((await call(own.mock, 'PUT', `/_mock/workspaces/${own.workspaceId}/snapshot`, { body: snapshot })).status).toBe(200);
    expect((await asSession(before, 'POST', '/v1/teams', { name: 'Kept session' }, own)).status).toBe(201);
    expectError(await asSession(after, 'POST', '/v1/teams', { name: 'Later session' }, own), 401, { code: 'invalid_token' });
  });
});

describe('changing members (PATCH /v1/members/{id})', () => {
  it("an owner's session can change a member's name, role and teams; only the fields sent change", async () => {
    const changing = await newMember('manager');
    const team = await newTeam('Sales Bukhara');
    const answer = await asSession(sessionOf.owner, 'PATCH', `/v1/members/${changing.id}`, {
      name: 'Jasur A.',
      role: 'team_lead',
      team_ids: [team.id],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: changing.id,
      name: 'Jasur A.',
      role: 'team_lead',
      status: 'active',
      team_ids: [team.id],
      is_me: false,
    });
    expect(await member(changing.id)).toEqual({ ...answer.body, is_me: false });
    expect((await teams()).find((listed) => listed.id === team.id).member_ids).toEqual([changing.id]);
    const renamedOnly = await asSession(sessionOf.owner, 'PATCH', `/v1/members/${changing.id.replace(/^mb_/, 'member_')}`, {
      name: 'Jasur',
    });
    expect(renamedOnly.body).toEqual({ ...answer.body, name: 'Jasur' });
  });

  it("the session's own member is is_me", async () => {
    const answer = await asSession(sessionOf.admin, 'PATCH', `/v1/members/${memberOf.admin}`, {});
    expect(answer.body).toMatchObject({ id: memberOf.admin, is_me: true });
  });

  it('team_ids must be teams of the workspace (422 under team_ids[i]) and nothing changes', async () => {
    const before = await member(memberOf.team_lead);
    const [team] = await teams();
    const answer = await asSession(sessionOf.owner, 'PATCH', `/v1/members/${memberOf.team_lead}`, {
      name: 'Changed',
      team_ids: [team.id, `tm_${'0'.repeat(26)}`],
    });
    expectError(answer, 422, { code: 'validation_failed', fields: { 'team_ids[1]': expect.any(String) } });
    expect(await member(memberOf.team_lead)).toEqual(before);
  });

  it("the owner's role cannot change and no one becomes owner (403 forbidden transfer_ownership)", async () => {
    for (const [id, role] of [
      [memberOf.owner, 'admin'],
      [memberOf.admin, 'owner'],
    ] as const) {
      expectError(await asSession(sessionOf.owner, 'PATCH', `/v1/members/${id}`, { role }), 403, {
        code: 'forbidden',
        permission: 'transfer_ownership',
      });
    }
    expect((await member(memberOf.owner)).role).toBe('owner');
    expect((await member(memberOf.admin)).role).toBe('admin');
    expect((await asSession(sessionOf.admin, 'PATCH', `/v1/members/${memberOf.owner}`, { role: 'owner', name: 'Dilnoza K.' })).status).toBe(
      200,
    );
    expect((await asSession(sessionOf.owner, 'PATCH', `/v1/members/${memberOf.owner}`, { name: 'Dilnoza Karimova' })).status).toBe(200);
  });

  it('an unknown member answers 404', async () => {
    expectError(await asSession(sessionOf.owner, 'PATCH', `/v1/members/mb_${'0'.repeat(26)}`, { name: 'Nobody' }), 404, {
      code: 'not_found',
    });
    expectError(await asSession(sessionOf.owner, 'POST', `/v1/members/mb_${'0'.repeat(26)}/deactivate`), 404, { code: 'not_found' });
  });

  it('a member change is undone with the request that fails after it', async () => {
    const workspace = setup.mock.state.workspaces.get(setup.workspaceId)!;
    const changed = workspace.members.get(memberOf.viewer)!;
    const before = structuredClone(changed);
    await expect(
      workspace.transactions.run(() => {
        changeMember(workspace, changed, (draft) => {
          draft.name = 'Half done';
          draft.teamIds.push('tm_half');
        });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(changed).toEqual(before);
  });
});

describe('deactivating members (POST /v1/members/{id}/deactivate)', () => {
  it('an admin deactivates a member: status deactivated, listed still; again answers the same', async () => {
    const leaving = await newMember('manager');
    const answer = await asSession(sessionOf.admin, 'POST', `/v1/members/${leaving.id}/deactivate`);
    expect([answer.status, answer.body.id, answer.body.status]).toEqual([200, leaving.id, 'deactivated']);
    expect((await member(leaving.id)).status).toBe('deactivated');
    expect(await asSession(sessionOf.admin, 'POST', `/v1/members/${leaving.id}/deactivate`)).toMatchObject({
      status: 200,
      body: answer.body,
    });
  });

  it('the owner cannot be deactivated (403 forbidden transfer_ownership)', async () => {
    for (const cookie of [sessionOf.admin, sessionOf.owner]) {
      expectError(await asSession(cookie, 'POST', `/v1/members/${memberOf.owner}/deactivate`), 403, {
        code: 'forbidden',
        permission: 'transfer_ownership',
      });
    }
    expect((await member(memberOf.owner)).status).toBe('active');
  });
});

describe('invites (POST /v1/invites)', () => {
  it('an invite answers 201 with the pending invite: email lowercased, role, teams, 7 days to accept', async () => {
    const [team] = await teams();
    const answer = await asSession(sessionOf.owner, 'POST', '/v1/invites', {
      email: 'Bobur@Acme.UZ',
      role: 'manager',
      team_ids: [team.id],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      object: 'invite',
      email: 'bobur@acme.uz',
      role: 'manager',
      team_ids: [team.id],
      status: 'pending',
    });
    expect(Date.parse(answer.body.expires_at) - Date.parse(answer.body.created_at)).toBe(7 * 86_400_000);
  });

  it("an active member's email, an unknown team or the owner role is refused (422)", async () => {
    const { email } = await member(memberOf.viewer);
    expectError(await asSession(sessionOf.owner, 'POST', '/v1/invites', { email: email.toUpperCase(), role: 'viewer' }), 422, {
      code: 'validation_failed',
      fields: { email: expect.any(String) },
    });
    expectError(
      await asSession(sessionOf.owner, 'POST', '/v1/invites', { email: 'x@acme.uz', role: 'viewer', team_ids: [`tm_${'0'.repeat(26)}`] }),
      422,
      {
        code: 'validation_failed',
        fields: { 'team_ids[0]': expect.any(String) },
      },
    );
    expectError(await asSession(sessionOf.owner, 'POST', '/v1/invites', { email: 'x@acme.uz', role: 'owner' }), 422, {
      code: 'validation_failed',
    });
  });

  it("a deactivated member's email can be invited again", async () => {
    const leaving = await newMember('viewer');
    expect((await asSession(sessionOf.owner, 'POST', `/v1/members/${leaving.id}/deactivate`)).status).toBe(200);
    const { email } = await member(leaving.id);
    expect((await asSession(sessionOf.owner, 'POST', '/v1/invites', { email, role: 'viewer' })).status).toBe(201);
  });
});

describe('teams (POST, PATCH, DELETE /v1/teams)', () => {
  it("an admin's session creates a team with members, who list it in team_ids", async () => {
    const answer = await asSession(sessionOf.admin, 'POST', '/v1/teams', {
      name: 'Sales Namangan',
      member_ids: [memberOf.manager, memberOf.viewer.replace(/^mb_/, 'member_')],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^tm_[0-9a-z]{26}$/),
      name: 'Sales Namangan',
      member_ids: [memberOf.manager, memberOf.viewer].sort(),
      created_at: expect.any(String),
    });
    expect(await teams()).toContainEqual(answer.body);
    expect((await member(memberOf.manager)).team_ids).toContain(answer.body.id);
  });

  it("an owner's session can rename a team", async () => {
    const team = await newTeam('Sales Fergana', [memberOf.team_lead]);
    const answer = await asSession(sessionOf.owner, 'PATCH', `/v1/teams/${team.id}`, { name: 'Sales Fergana Valley' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...team, name: 'Sales Fergana Valley' });
    expect((await teams()).find((listed) => listed.id === team.id)).toEqual(answer.body);
  });

  it("member_ids replaces the team's members, and their team_ids follow", async () => {
    const team = await newTeam('Sales Khiva', [memberOf.team_lead, memberOf.manager]);
    const answer = await asSession(sessionOf.owner, 'PATCH', `/v1/teams/${team.id}`, { member_ids: [memberOf.manager, memberOf.viewer] });
    expect(answer.body).toEqual({ ...team, member_ids: [memberOf.manager, memberOf.viewer].sort() });
    expect((await member(memberOf.team_lead)).team_ids).not.toContain(team.id);
    expect((await member(memberOf.viewer)).team_ids).toContain(team.id);
  });

  it('unknown members are refused (422 under member_ids[i]) and no team is made or changed', async () => {
    const before = await teams();
    const unknown = `mb_${'0'.repeat(26)}`;
    expectError(await asSession(sessionOf.owner, 'POST', '/v1/teams', { name: 'Ghosts', member_ids: [memberOf.viewer, unknown] }), 422, {
      code: 'validation_failed',
      fields: { 'member_ids[1]': expect.any(String) },
    });
    expectError(await asSession(sessionOf.owner, 'PATCH', `/v1/teams/${before[0].id}`, { name: 'Ghosts', member_ids: [unknown] }), 422, {
      code: 'validation_failed',
    });
    expect(await teams()).toEqual(before);
  });

  it('deleting a team answers {ok, id}; it leaves the list and its members keep their other teams', async () => {
    const team = await newTeam('Short-lived', [memberOf.manager]);
    const others = (await member(memberOf.manager)).team_ids.filter((id: string) => id !== team.id);
    expect((await asSession(sessionOf.owner, 'DELETE', `/v1/teams/${team.id}`)).body).toEqual({ ok: true, id: team.id });
    expect((await teams()).map((listed) => listed.id)).not.toContain(team.id);
    expect((await member(memberOf.manager)).team_ids).toEqual(others);
    expectError(await asSession(sessionOf.owner, 'DELETE', `/v1/teams/${team.id}`), 404, { code: 'not_found' });
    expectError(await asSession(sessionOf.owner, 'PATCH', `/v1/teams/${team.id}`, { name: 'Gone' }), 404, { code: 'not_found' });
  });
});

describe('custom field writes through the routes (spec 4.9)', () => {
  async function lead(custom: Record<string, unknown>): Promise<Answer> {
    return call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Field test', custom } });
  }

  it("an admin's session creates a field (201) that record writes then take", async () => {
    expectError(await lead({ floor: 3 }), 422, { code: 'validation_failed', fields: { 'custom.floor': expect.any(String) } });
    const created = await asSession(sessionOf.admin, 'POST', '/v1/fields', {
      entity: 'lead',
      key: 'floor',
      label: 'Floor',
      type: 'number',
      group: 'Delivery',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^fd_/),
      entity: 'lead',
      key: 'floor',
      type: 'number',
      label: { en: 'Floor', ru: 'Floor' },
      group: 'Delivery',
      required: false,
    });
    const listed = await call(setup.mock, 'GET', '/v1/fields?entity=lead', { key: setup.key });
    expect(listed.body.data).toContainEqual(created.body);
    const written = await lead({ floor: 3 });
    expect([written.status, written.body.custom.floor]).toEqual([201, 3]);
  });

  it('a key already used on the entity answers 422 under key', async () => {
    expectError(
      await asSession(sessionOf.owner, 'POST', '/v1/fields', { entity: 'lead', key: 'budget', label: 'Budget', type: 'number' }),
      422,
      {
        code: 'validation_failed',
        fields: { key: expect.any(String) },
      },
    );
  });

  it('a change with a session applies only the fields sent; an unknown field answers 404', async () => {
    const field = (
      await asSession(sessionOf.owner, 'POST', '/v1/fields', { entity: 'contact', key: 'nickname', label: 'Nickname', type: 'text' })
    ).body;
    const changed = await asSession(sessionOf.owner, 'PATCH', `/v1/fields/${field.id}`, { required: true, position: 1 });
    expect([changed.status, changed.body]).toEqual([200, { ...field, required: true, position: 1 }]);
    expectError(await asSession(sessionOf.owner, 'PATCH', `/v1/fields/fd_${'0'.repeat(26)}`, { required: true }), 404, {
      code: 'not_found',
    });
  });

  it('deleting a field with a session answers {ok, id} and records lose its values', async () => {
    const field = (
      await asSession(sessionOf.owner, 'POST', '/v1/fields', { entity: 'lead', key: 'gift_wrap', label: 'Gift wrap', type: 'checkbox' })
    ).body;
    const created = (await lead({ gift_wrap: true, comment: 'stays' })).body;
    expect((await asSession(sessionOf.owner, 'DELETE', `/v1/fields/${field.id}`)).body).toEqual({ ok: true, id: field.id });
    const read = await call(setup.mock, 'GET', `/v1/leads/${created.id}`, { key: setup.key });
    expect(read.body.custom).not.toHaveProperty('gift_wrap');
    expect(read.body.custom.comment).toBe('stays');
    expectError(await lead({ gift_wrap: true }), 422, { code: 'validation_failed', fields: { 'custom.gift_wrap': expect.any(String) } });
  });
});
