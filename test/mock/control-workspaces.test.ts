// POST /_mock/workspaces: a workspace that has everything a test needs to start at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let created: any;
beforeAll(async () => {
  setup = await setUpMock();
  created = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: { plan: 'start', currency: 'USD' } })).body;
});

const channelTypes = (loadDocument('crm').components!.schemas!.ChannelType as { enum: string[] }).enum;

describe('a new workspace', () => {
  it('has the plan and currency asked for', () => {
    expect(created.workspace).toMatchObject({ plan: 'start', currency: 'USD' });
  });

  it('has two pipelines, each with open, won and lost stages named in uz-Latn, ru and en', () => {
    expect(created.pipelines.length).toBeGreaterThanOrEqual(2);
    for (const pipeline of created.pipelines) {
      expect(new Set(pipeline.stages.map((stage: any) => stage.type))).toEqual(new Set(['open', 'won', 'lost']));
      for (const stage of pipeline.stages) expect(Object.keys(stage.name).sort()).toEqual(['en', 'ru', 'uz-Latn']);
      expect(pipeline.stages.map((stage: any) => stage.position)).toEqual([...pipeline.stages.keys()]);
    }
  });

  it('has one channel of every channel type the document lists', () => {
    expect(created.channels.map((channel: any) => channel.type).sort()).toEqual([...channelTypes].sort());
  });

  it('has a website form with consent text that sends leads to the first pipeline', () => {
    const [form] = created.forms;
    expect(form.texts[form.default_lang].consent).not.toBe('');
    expect(form.pipeline_id).toBe(created.pipelines[0].id);
    expect(created.pipelines[0].stages.map((stage: any) => stage.id)).toContain(form.stage_id);
  });

  it('has an app whose client id is its app id, with a secret and a redirect URI', () => {
    expect(created.app.client_id).toBe(created.app.id);
    expect(created.app.client_secret.length).toBeGreaterThanOrEqual(32);
    expect(created.app.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1\//);
  });
});

describe('deleting a workspace', () => {
  it('takes it out with its keys and records, answers 404 for it from then on, and leaves the others as they were', async () => {
    const gone = (await call(setup.mock, 'POST', '/_mock/workspaces', {})).body;
    const lead = await call(setup.mock, 'POST', '/v1/leads', { key: gone.api_key, body: { name: 'Going' } });
    expect(lead.status).toBe(201);
    const deleted = await call(setup.mock, 'DELETE', `/_mock/workspaces/${gone.workspace.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { ok: true, id: gone.workspace.id } });
    expect((await call(setup.mock, 'GET', '/v1/leads', { key: gone.api_key })).status).toBe(401);
    expect((await call(setup.mock, 'GET', `/_mock/workspaces/${gone.workspace.id}/clock`)).status).toBe(404);
    const again = await call(setup.mock, 'DELETE', `/_mock/workspaces/${gone.workspace.id}`);
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const listed = (await call(setup.mock, 'GET', '/_mock/workspaces')).body.data.map((workspace: any) => workspace.id);
    expect(listed).toContain(created.workspace.id);
    expect(listed).not.toContain(gone.workspace.id);
    expect((await call(setup.mock, 'GET', '/v1/leads', { key: created.api_key })).status).toBe(200);
  });
});

describe('the clock route', () => {
  it('answers the time after an advance, and refuses an unknown workspace with 404', async () => {
    const workspace = created.workspace.id;
    const frozen = await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/clock`, {
      body: { freeze: true, set: '2027-01-01T00:00:00Z' },
    });
    expect(frozen.body).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: true });
    const advanced = await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/clock`, { body: { advance_seconds: 90 } });
    expect(advanced.body.now).toBe('2027-01-01T00:01:30.000Z');
    const unknown = await call(setup.mock, 'GET', `/_mock/workspaces/ws_${'0'.repeat(26)}/clock`);
    expect(unknown.status).toBe(404);
  });

  it("runs what falls due on the workspace's clock before it answers", async () => {
    const workspace = created.workspace.id;
    await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/clock`, { body: { freeze: true } });
    const clock = setup.mock.state.workspaces.get(workspace)!.clock;
    const ranAt: number[] = [];
    clock.schedule(clock.now() + 60_000, () => void ranAt.push(clock.now()));
    const before = clock.now();
    await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/clock`, { body: { advance_seconds: 120 } });
    expect(ranAt).toEqual([before + 60_000]);
  });
});

describe('content routes', () => {
  it('add a pipeline after the others, its stages in order, where leads can then go', async () => {
    const workspace = created.workspace.id;
    const stages = [
      { name: { en: 'New' }, type: 'open' },
      { name: { en: 'Done' }, type: 'won' },
    ];
    const { status, body: pipeline } = await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/pipelines`, {
      body: { name: { en: 'Service' }, stages },
    });
    expect(status).toBe(201);
    expect(pipeline.position).toBe(created.pipelines.length);
    expect(pipeline.stages.map((stage: any) => [stage.name.en, stage.position])).toEqual([
      ['New', 0],
      ['Done', 1],
    ]);
    const lead = await call(setup.mock, 'POST', '/v1/leads', { key: created.api_key, body: { pipeline_id: pipeline.id } });
    expect(lead.body.stage_id).toBe(pipeline.stages[0].id);
  });

  it('add a channel of a type, active', async () => {
    const { status, body } = await call(setup.mock, 'POST', `/_mock/workspaces/${created.workspace.id}/channels`, {
      body: { type: 'whatsapp', name: 'Second line' },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: 'whatsapp', name: 'Second line', status: 'active' });
  });

  it('add a form from the starter form, with its stage checked against its pipeline', async () => {
    const path = `/_mock/workspaces/${created.workspace.id}/forms`;
    const { body: form } = await call(setup.mock, 'POST', path, {
      body: { name: 'Landing', min_ms: 0, pipeline_id: created.pipelines[1].id },
    });
    expect(form).toMatchObject({
      name: 'Landing',
      min_ms: 0,
      pipeline_id: created.pipelines[1].id,
      stage_id: created.pipelines[1].stages[0].id,
    });
    expect(form.texts.ru.consent).not.toBe('');
    const wrong = await call(setup.mock, 'POST', path, {
      body: { pipeline_id: created.pipelines[1].id, stage_id: created.pipelines[0].stages[0].id },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toHaveProperty('stage_id');
  });

  it('add an app: a confidential client has a secret, a public one none', async () => {
    const path = `/_mock/workspaces/${created.workspace.id}/apps`;
    const body = { name: 'Tracker', redirect_uri: 'http://127.0.0.1:9999/callback', scopes: ['leads:read'] };
    const confidential = (await call(setup.mock, 'POST', path, { body })).body;
    const publicClient = (await call(setup.mock, 'POST', path, { body: { ...body, public: true } })).body;
    expect(confidential.client_secret).toEqual(expect.any(String));
    expect(publicClient.client_secret).toBeNull();
    expect(publicClient.client_id).toBe(publicClient.id);
  });
});

describe('people and fields routes', () => {
  it('add a member in a team, listed by the API with team_ids', async () => {
    const workspace = created.workspace.id;
    const team = (await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/teams`, { body: { name: 'Sales Bukhara' } })).body;
    const { status, body: member } = await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/members`, {
      body: { role: 'manager', name: 'Jasur Aliyev', team_ids: [team.id] },
    });
    expect(status).toBe(201);
    const listed = (await call(setup.mock, 'GET', '/v1/members', { key: created.api_key })).body.data.find(
      (item: any) => item.id === member.id,
    );
    expect(listed).toMatchObject({ name: 'Jasur Aliyev', role: 'manager', team_ids: [team.id], is_me: false });
  });

  it('refuse a team that does not exist with validation_failed', async () => {
    const answer = await call(setup.mock, 'POST', `/_mock/workspaces/${created.workspace.id}/members`, {
      body: { role: 'viewer', team_ids: [`tm_${'0'.repeat(26)}`] },
    });
    expect(answer.status).toBe(422);
  });

  it('add a custom field that lead values are then checked against', async () => {
    const workspace = created.workspace.id;
    const field = await call(setup.mock, 'POST', `/_mock/workspaces/${workspace}/fields`, {
      body: { entity: 'lead', key: 'floor', label: 'Floor', type: 'number' },
    });
    expect(field.status).toBe(201);
    const bad = await call(setup.mock, 'POST', '/v1/leads', { key: created.api_key, body: { custom: { floor: 'third' } } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toHaveProperty('custom.floor');
    const good = await call(setup.mock, 'POST', '/v1/leads', { key: created.api_key, body: { custom: { floor: 3 } } });
    expect(good.body.custom.floor).toBe(3);
  });
});
