// The MSW face in Node: setupServer with crmkit's handlers, and plain fetch.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCrmHandlers } from '../../src/adapters/msw.ts';

const crm = createCrmHandlers();
const server = setupServer(...crm.handlers);
beforeAll(() => server.listen());
afterAll(() => server.close());

it('answers fetch calls to the mock origin from the same core, with no server listening', async () => {
  const created = await (await fetch('http://127.0.0.1:4010/_mock/workspaces', { method: 'POST' })).json();
  const whoami = await fetch('http://127.0.0.1:4010/v1/api-keys/whoami', { headers: { Authorization: `Bearer ${created.api_key}` } });
  expect(whoami.status).toBe(200);
  expect(whoami.headers.get('x-request-id')).toBeTruthy();
  expect(crm.mock.state.workspaces.has(created.workspace.id)).toBe(true);
});

it('lets a test arrange state in the tables and see it through fetch', async () => {
  const { apiKey, tables, workspace } = await crm.createWorkspace({ seed: 2, seedSize: 10 });
  const lead = [...tables.leads.values()][0]!;
  const answer = await (
    await fetch(`http://127.0.0.1:4010/v1/leads/${lead.number}`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json();
  expect(answer).toMatchObject({ id: lead.id, name: lead.name });
  await fetch('http://127.0.0.1:4010/v1/leads', {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: '{"name":"From the UI"}',
  });
  const made = tables.leads.collection.findMany((q) => q.where({ name: 'From the UI' }));
  expect(made).toHaveLength(1);
  expect(workspace.tables.leads.size).toBe(11);
});

it('requests() shows what the app sent and how the mock answered, as the request journal does', async () => {
  const { apiKey, workspace } = await crm.createWorkspace();
  await fetch('http://127.0.0.1:4010/v1/leads', {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: '{"name":"Sent by the app","colour":"red"}',
  });
  const [refused] = crm.requests({ workspaceId: workspace.id, operation: 'createLead' });
  expect(refused).toMatchObject({
    status: 400,
    request: { body: '{"name":"Sent by the app","colour":"red"}' },
    problem: { code: 'unknown_field' },
  });
  const viaControl = await (await fetch(`http://127.0.0.1:4010/_mock/workspaces/${workspace.id}/requests?status=4xx`)).json();
  expect(viaControl.data.map((entry: { id: string }) => entry.id)).toEqual([refused!.id]);
});

it('fails calls on demand through the MSW face too: a dropped connection is a network error', async () => {
  const { apiKey } = await crm.createWorkspace();
  await fetch('http://127.0.0.1:4010/_mock/failures', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: [{ operation: 'getWhoami', error: 'drop', times: 1 }] }),
  });
  const whoami = () => fetch('http://127.0.0.1:4010/v1/api-keys/whoami', { headers: { Authorization: `Bearer ${apiKey}` } });
  await expect(whoami()).rejects.toThrow(TypeError);
  expect((await whoami()).status).toBe(200);
});

it('reset() empties the mock', async () => {
  crm.reset();
  expect(crm.mock.state.workspaces.size).toBe(0);
});
