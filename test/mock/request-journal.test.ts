// The request journal (control API /_mock/requests): what the mock answered, to verify what an
// app sent and see why a request was refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/mock.ts';
import { call } from '../support/mock-client.ts';

let mock: Mock;
let ws: string;
let key: string;

beforeEach(async () => {
  mock = createMock();
  const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  ws = created.workspace.id;
  key = created.api_key;
});

const journal = async (query = '', workspace: string | null = ws) =>
  (await call(mock, 'GET', workspace ? `/_mock/workspaces/${workspace}/requests${query}` : `/_mock/requests${query}`)).body.data;

describe('the request journal', () => {
  it('keeps a request as it came and its answer as it went, newest first', async () => {
    const created = await call(mock, 'POST', '/v1/leads', {
      key,
      body: { name: 'Journal lead' },
      headers: { 'x-request-id': 'my-request-1' },
    });
    await call(mock, 'GET', `/v1/leads/${created.body.id}`, { key });
    const [read, create] = await journal();
    expect(read).toMatchObject({ method: 'GET', operation: 'getLead', status: 200, workspace_id: ws, problem: null });
    expect(create).toMatchObject({ id: 'my-request-1', method: 'POST', path: '/v1/leads', operation: 'createLead', status: 201 });
    expect(JSON.parse(create.request.body)).toEqual({ name: 'Journal lead' });
    expect(JSON.parse(create.response.body).id).toBe(created.body.id);
    expect(create.request.headers.authorization).toBe(`${`Bearer ${key}`.slice(0, 16)}…`);
    expect(create.response.headers['x-request-id']).toBe('my-request-1');
  });

  it("keeps a call an injected failure answered under its key's workspace, with its body (failures on demand)", async () => {
    await call(mock, 'PUT', '/_mock/failures', {
      body: {
        rules: [
          { operation: 'createLead', error: 'internal', times: 1 },
          { operation: 'getWhoami', error: 'drop', times: 1 },
        ],
      },
    });
    expect((await call(mock, 'POST', '/v1/leads', { key, body: { name: 'Failed lead' } })).status).toBe(500);
    await mock.handle(new Request(`http://127.0.0.1:4010/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } }));
    const [failed] = await journal('?status=500');
    expect(failed).toMatchObject({ workspace_id: ws, operation: 'createLead', status: 500, problem: { code: 'internal' } });
    expect(JSON.parse(failed.request.body)).toEqual({ name: 'Failed lead' });
    expect((await journal('?operation=getWhoami'))[0]).toMatchObject({ workspace_id: ws, operation: 'getWhoami' });
    // A key the mock does not know stays out of every workspace.
    await call(mock, 'PUT', '/_mock/failures', { body: { rules: [{ operation: 'createLead', error: 'internal', times: 1 }] } });
    await call(mock, 'POST', '/v1/leads', { key: 'svc_live_unknown', body: { name: 'Nobody' } });
    expect(await journal('?status=500')).toHaveLength(1);
    expect((await journal('?status=500', null))[0]).toMatchObject({ workspace_id: null, request: { body: '{"name":"Nobody"}' } });
  });

  it('says why a request was refused: the code, the message and the fields', async () => {
    await call(mock, 'POST', '/v1/leads', { key, body: { name: 'x'.repeat(300) } });
    await call(mock, 'POST', '/v1/leads', { key, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    const [badJson, invalid] = await journal();
    expect(invalid.problem).toMatchObject({ code: 'validation_failed', fields: { name: expect.any(String) } });
    expect(badJson).toMatchObject({ status: 400, problem: { code: 'bad_json' }, request: { body: '{"name": ' } });
  });

  it('filters by operation, status or class, time and number', async () => {
    await call(mock, 'POST', '/v1/leads', { key, body: {} });
    await call(mock, 'GET', '/v1/leads', { key });
    await call(mock, 'GET', '/v1/leads/ld_00000000000000000000000000', { key });
    expect((await journal('?operation=listLeads')).map((entry: any) => entry.operation)).toEqual(['listLeads']);
    expect((await journal('?status=4xx')).map((entry: any) => entry.status)).toEqual([404]);
    expect((await journal('?status=201')).map((entry: any) => entry.operation)).toEqual(['createLead']);
    expect(await journal('?limit=2')).toHaveLength(2);
    expect(await journal(`?until=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).toEqual([]);
    expect(await journal(`?since=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).toHaveLength(3);
  });

  it("shows a workspace only its own requests; the mock's journal also has those that reached no workspace", async () => {
    const other = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
    await call(mock, 'GET', '/v1/leads', { key: other.api_key });
    await call(mock, 'GET', '/v1/leads', { key: 'svc_live_not_a_key' });
    expect(await journal()).toEqual([]);
    const all = await journal('', null);
    expect(all.map((entry: any) => [entry.workspace_id, entry.status])).toEqual([
      [null, 401],
      [other.workspace.id, 200],
    ]);
  });

  it('leaves out the control API, and empties on request', async () => {
    await call(mock, 'GET', '/v1/api-keys/whoami', { key });
    await call(mock, 'GET', `/_mock/workspaces/${ws}/clock`);
    expect((await journal('', null)).map((entry: any) => entry.operation)).toEqual(['getWhoami']);
    await call(mock, 'DELETE', '/_mock/requests');
    expect(await journal('', null)).toEqual([]);
  });
});
