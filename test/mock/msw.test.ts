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

it('reset() empties the mock', async () => {
  crm.reset();
  expect(crm.mock.state.workspaces.size).toBe(0);
});
