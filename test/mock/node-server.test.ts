// The standalone face: node:http in front of the core, and the `crmkit mock` command.
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { withCrmkitMock } from '../support/crmkit-process.ts';

describe('the node:http server', () => {
  const mock = createMock();
  const running = startServer(mock, { port: 0 });
  afterAll(async () => (await running).close());

  it('serves the core over HTTP on an ephemeral port, with the request id and JSON', async () => {
    const { url } = await running;
    const created = await (await fetch(`${url}/_mock/workspaces`, { method: 'POST' })).json();
    const response = await fetch(`${url}/v1/api-keys/whoami`, {
      headers: { Authorization: `Bearer ${created.api_key}`, 'X-Request-Id': 'node-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('node-1');
    expect((await response.json()).workspace.id).toBe(created.workspace.id);
  });

  it('streams a request body and refuses one over 1 MB', async () => {
    const { url } = await running;
    const response = await fetch(`${url}/_mock/workspaces`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
  });
});

describe('crmkit mock', () => {
  it('answers whoami with the key it prints on start', async () => {
    await withCrmkitMock([], async (url, key) => {
      const response = await fetch(`${url}/v1/api-keys/whoami`, { headers: { Authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
    });
  });

  it('with --seed 3 --seed-size 25 starts on the demo workspace with 25 leads', async () => {
    await withCrmkitMock(['--seed', '3', '--seed-size', '25'], async (url, key) => {
      const leads = await (await fetch(`${url}/v1/leads?limit=1`, { headers: { Authorization: `Bearer ${key}` } })).json();
      expect(leads.summary.count).toBe(25);
    });
  });
});
