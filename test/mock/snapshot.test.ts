// GET and PUT /_mock/workspaces/{ws}/snapshot: a workspace saved whole and put back, in the same
// mock or another one, behaves as it did.
import { beforeEach, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/mock.ts';
import { createIdFactory } from '../../src/ids/ids.ts';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';

let setup: Setup;
let ws: string;
beforeEach(async () => {
  setup = await setUpMock();
  ws = setup.workspaceId;
});

const snapshotPath = (id: string) => `/_mock/workspaces/${id}/snapshot`;

async function save(mock: Mock = setup.mock, id = ws): Promise<any> {
  const answer = await call(mock, 'GET', snapshotPath(id));
  expect(answer.status).toBe(200);
  // Through JSON, as a file or another process would hold it.
  return JSON.parse(JSON.stringify(answer.body));
}

async function restore(snapshot: unknown, mock: Mock = setup.mock, id = ws) {
  return call(mock, 'PUT', snapshotPath(id), { body: snapshot });
}

async function createLead(name: string, key = setup.key, mock = setup.mock) {
  const answer = await call(mock, 'POST', '/v1/leads', { key, body: { name } });
  expect(answer.status).toBe(201);
  return answer.body;
}

const whoami = (key: string, mock = setup.mock) => call(mock, 'GET', '/v1/api-keys/whoami', { key });

describe('a workspace snapshot', () => {
  it('holds the settings, members, keys, numbers, clock and every table', async () => {
    await createLead('Kitchen set');
    const snapshot = await save();
    const tables = setup.mock.state.workspaces.get(ws)!.tables;
    expect(snapshot.format).toBe(1);
    expect(snapshot.workspace).toMatchObject({ id: ws, plan: 'pro', read_only: false });
    expect(snapshot.members.map((member: any) => member.role)).toContain('owner');
    expect(snapshot.api_keys.map((apiKey: any) => apiKey.key)).toContain(setup.key);
    expect(snapshot.numbers.lead).toBe(1);
    expect(Object.keys(snapshot.tables).sort()).toEqual(Object.keys(tables).sort());
    expect(snapshot.tables.leads.map((lead: any) => lead.name)).toEqual(['Kitchen set']);
  });

  it('put back restores records, numbers, keys and the clock', async () => {
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { freeze: true, set: '2027-03-01T09:00:00Z' } });
    const lead = await createLead('Sofa');
    const limitedKey = await setup.newKey({ scopes: ['leads:read'], expires_at: '2027-03-02T00:00:00Z', allowed_ips: ['127.0.0.1'] });
    await call(setup.mock, 'PATCH', `/_mock/workspaces/${ws}/settings`, {
      body: { plan: 'business', limits: { requests_per_minute: 500 } },
    });
    const snapshot = await save();

    const other = createMock();
    expect((await restore(snapshot, other)).body).toEqual({ ok: true, id: ws });
    expect((await call(other, 'GET', `/v1/leads/${lead.id}`, { key: setup.key })).body).toEqual(lead);
    expect((await whoami(limitedKey, other)).status).toBe(200);
    expect((await call(other, 'POST', '/v1/leads', { key: limitedKey, body: {} })).status).toBe(403);
    expect((await call(other, 'GET', `/_mock/workspaces/${ws}/clock`)).body).toEqual({ now: '2027-03-01T09:00:00.000Z', frozen: true });
    expect((await call(other, 'GET', `/_mock/workspaces/${ws}/settings`)).body).toMatchObject({
      plan: 'business',
      limits: { requests_per_minute: 500 },
    });
    expect(await save(other)).toEqual({ ...snapshot, exported_at: expect.any(String) });
  });

  it('keeps expired and revoked keys as they were', async () => {
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { freeze: true, set: '2027-01-01T00:00:00Z' } });
    const expiring = await setup.newKey({ scopes: ['leads:read'], expires_at: '2027-01-01T00:01:00Z' });
    const revoked = await setup.newKey({ scopes: ['leads:read'] });
    const revokedId = (await whoami(revoked)).body.id;
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/api-keys/${revokedId}/revoke`);
    const other = createMock();
    await restore(await save(), other);
    expect((await whoami(revoked, other)).body.error.code).toBe('key_revoked');
    expect((await whoami(expiring, other)).status).toBe(200);
    await call(other, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 60 } });
    expect((await whoami(expiring, other)).body.error.code).toBe('key_expired');
  });

  it("keeps the web app's sessions: a member signed in before is still signed in", async () => {
    const owner = (await call(setup.mock, 'GET', '/v1/members', { key: setup.key })).body.data.find(
      (member: any) => member.role === 'owner',
    );
    const { cookie } = (await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/sessions`, { body: { member_id: owner.id } })).body;
    const rename = (mock: Mock, name: string) =>
      call(mock, 'PATCH', `/v1/members/${owner.id}`, { headers: { Cookie: cookie }, body: { name } });
    expect((await rename(setup.mock, 'Before')).status).toBe(200);
    const other = createMock();
    await restore(await save(), other);
    expect((await rename(other, 'After')).body).toMatchObject({ id: owner.id, name: 'After' });
  });

  it('keeps a running clock as far from real time as it was', async () => {
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 86_400 } });
    const other = createMock();
    await restore(await save(), other);
    const { body } = await call(other, 'GET', `/_mock/workspaces/${ws}/clock`);
    expect(body.frozen).toBe(false);
    expect(Math.abs(Date.parse(body.now) - (Date.now() + 86_400_000))).toBeLessThan(5_000);
  });
});

describe('putting a snapshot back', () => {
  it('a changed workspace goes back to the snapshot', async () => {
    const kept = await createLead('Kept');
    const snapshot = await save();
    const added = await createLead('Added later');
    const laterKey = await setup.newKey({ scopes: ['leads:read'] });
    await call(setup.mock, 'PATCH', `/_mock/workspaces/${ws}/settings`, { body: { read_only: true } });

    expect((await restore(snapshot)).status).toBe(200);
    expect((await call(setup.mock, 'GET', `/v1/leads/${kept.id}`, { key: setup.key })).status).toBe(200);
    expect((await call(setup.mock, 'GET', `/v1/leads/${added.id}`, { key: setup.key })).status).toBe(404);
    expect((await whoami(laterKey)).body.error.code).toBe('invalid_token');
    expect((await call(setup.mock, 'GET', `/_mock/workspaces/${ws}/settings`)).body.read_only).toBe(false);
  });

  it("leads created after restore keep counting from the snapshot's numbers", async () => {
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { freeze: true } });
    await createLead('One');
    const second = await createLead('Two');
    const snapshot = await save();
    await createLead('Three, forgotten');

    // Another mock, as another process would be: its ids and numbers start from nothing.
    const other = createMock();
    await restore(snapshot, other);
    const next = await createLead('Three', setup.key, other);
    expect(next.number).toBe(second.number + 1);
    // Under the frozen clock every id shares one millisecond: the new one must still sort last.
    expect(next.id > second.id).toBe(true);
    const list = await call(other, 'GET', '/v1/leads', { key: setup.key });
    expect(list.body.data.map((lead: any) => lead.name).slice(0, 3)).toEqual(['Three', 'Two', 'One']);
  });

  it('a malformed snapshot answers 422 and leaves the workspace as it was', async () => {
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { freeze: true } });
    const lead = await createLead('Stays');
    const snapshot = await save();
    const broken = [
      { ...snapshot, format: 2 },
      { ...snapshot, members: 'nobody' },
      { ...snapshot, workspace: { ...snapshot.workspace, plan: 'platinum' } },
      { ...snapshot, tables: { ...snapshot.tables, leads: [{ ...snapshot.tables.leads[0], name: 42 }] } },
      { ...snapshot, tables: { ...snapshot.tables, gadgets: [] } },
      { ...snapshot, api_keys: [...snapshot.api_keys, snapshot.api_keys[0]] },
      { tables: {} },
    ];
    const fields = [];
    for (const body of broken) {
      const answer = await restore(body);
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toBe('validation_failed');
      fields.push(Object.keys(answer.body.error.fields)[0]);
    }
    expect(fields).toEqual(['format', 'members', 'workspace.plan', 'tables.leads[0].name', 'tables.gadgets', 'api_keys[1].id', 'format']);
    expect(await save()).toEqual({ ...snapshot, exported_at: expect.any(String) });
    expect((await call(setup.mock, 'GET', `/v1/leads/${lead.id}`, { key: setup.key })).status).toBe(200);
  });

  it('takes a snapshot over the 1 MB that the CRM API allows a body', async () => {
    await createLead('Copied');
    const snapshot = await save();
    const newId = createIdFactory();
    const [stored] = snapshot.tables.leads;
    snapshot.tables.leads = Array.from({ length: 3_000 }, (_, index) => ({ ...stored, id: newId('lead', Date.now()), number: index + 1 }));
    expect(JSON.stringify(snapshot).length).toBeGreaterThan(1024 * 1024);
    expect((await restore(snapshot)).status).toBe(200);
    expect(setup.mock.state.workspaces.get(ws)!.tables.leads.size).toBe(3_000);
  });

  it('refuses a secret that opens another workspace, and takes a snapshot of a gone one under its new id', async () => {
    const snapshot = await save();
    const otherId: string = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body.workspace.id;
    const clash = await restore(snapshot, setup.mock, otherId);
    expect(clash.status).toBe(422);
    expect(clash.body.error.fields['api_keys[0].key']).toMatch(ws);

    await call(setup.mock, 'POST', '/_mock/reset');
    expect((await restore(snapshot, setup.mock, otherId)).status).toBe(200);
    expect((await whoami(setup.key)).body.workspace.id).toBe(otherId);
    const lead = await createLead('Moved');
    const events = await call(setup.mock, 'GET', `/_mock/workspaces/${otherId}/events`);
    expect(events.body.data.every((event: any) => event.workspace_id === otherId)).toBe(true);
    expect(lead.id).toMatch(/^ld_/);
  });
});

describe('work that waited on the clock, in the mock a snapshot is put back into', () => {
  const clock = (mock: Mock, change: Record<string, unknown>) => call(mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: change });
  const channelOf = (type: string) =>
    [...setup.mock.state.workspaces.get(ws)!.tables.channels.values()].find((channel) => channel.type === type)!;
  /** The snapshot of `setup`'s workspace put back into a new mock, as `crmkit mock --state` does at start. */
  async function moved(options = {}): Promise<Mock> {
    const other = createMock(options);
    expect((await restore(await save(), other)).status).toBe(200);
    return other;
  }

  it('a failed webhook delivery is retried on its schedule, with the same delivery id', async () => {
    setup = await setUpMock({ allowPrivateWebhooks: true });
    ws = setup.workspaceId;
    const receiver = await WebhookReceiver.start();
    try {
      receiver.answerEvery(() => ({ status: 503 }));
      await clock(setup.mock, { freeze: true, set: '2027-03-01T09:00:00Z' });
      await call(setup.mock, 'POST', '/v1/webhooks', {
        key: setup.key,
        body: { name: 'Down', url: receiver.url(), events: ['lead.created'] },
      });
      await createLead('Sofa');
      await clock(setup.mock, { advance_seconds: 0 });
      expect(receiver.received).toHaveLength(1);

      const other = await moved({ allowPrivateWebhooks: true });
      receiver.answerEvery(() => ({ status: 200 }));
      await clock(other, { advance_seconds: 59 });
      expect(receiver.received).toHaveLength(1);
      await clock(other, { advance_seconds: 1 });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['svc-delivery']).toBe(receiver.received[0]!.headers['svc-delivery']);
    } finally {
      await receiver.close();
    }
  });

  it('a snoozed conversation wakes up when its time comes', async () => {
    await clock(setup.mock, { freeze: true, set: '2027-03-01T09:00:00Z' });
    const channel = channelOf('simulator');
    const { conversation_id } = (
      await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/channels/${channel.id}/inbound`, { body: { text: 'Salom!' } })
    ).body;
    await call(setup.mock, 'POST', `/v1/conversations/${conversation_id}/snooze`, {
      key: setup.key,
      body: { until: '2027-03-01T10:00:00Z' },
    });

    const other = await moved();
    await clock(other, { advance_seconds: 3600 });
    expect((await call(other, 'GET', `/v1/conversations/${conversation_id}`, { key: setup.key })).body).toMatchObject({
      status: 'open',
      snoozed_until: null,
    });
    const woken = (await call(other, 'GET', `/_mock/workspaces/${ws}/events?type=conversation.status_changed`)).body.data;
    expect(woken[0].data.object).toMatchObject({ id: conversation_id, status: 'open' });
  });

  it('a message on its way is sent, delivered and read on time', async () => {
    await clock(setup.mock, { freeze: true, set: '2027-03-01T09:00:00Z' });
    const channel = channelOf('simulator');
    const { conversation_id } = (
      await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/channels/${channel.id}/inbound`, { body: { text: 'Salom!' } })
    ).body;
    const sent = (
      await call(setup.mock, 'POST', `/v1/conversations/${conversation_id}/messages`, {
        key: setup.key,
        body: { text: 'Assalomu alaykum!' },
      })
    ).body;
    await clock(setup.mock, { advance_seconds: 1 });

    const other = await moved();
    const statusIn = async () =>
      (await call(other, 'GET', `/v1/conversations/${conversation_id}/messages`, { key: setup.key })).body.data.find(
        (message: any) => message.id === sent.id,
      ).status;
    expect(await statusIn()).toBe('sent');
    await clock(other, { advance_seconds: 1 });
    expect(await statusIn()).toBe('delivered');
    await clock(other, { advance_seconds: 3 });
    expect(await statusIn()).toBe('read');
  });
});
