// How the suite behaves toward the deployment it checks: it waits out Retry-After, and an
// interrupted run stops early and still deletes what it created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveCheck } from '../../conformance/check.ts';
import { documentedStatus } from '../../conformance/checks/responses/documented-status.ts';
import { ConformanceClient } from '../../conformance/client.ts';
import { runConformance } from '../../conformance/run.ts';
import { resolveTarget } from '../../conformance/target.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';

let mock: Mock;
let server: RunningServer;
beforeAll(async () => {
  mock = createMock({ allowPrivateWebhooks: true });
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe('the conformance client', () => {
  it('waits out a 429 with Retry-After and sends the request again', async () => {
    const target = await resolveTarget({ baseUrl: server.url });
    await fetch(`${server.url}/_mock/workspaces/${target.mock!.workspaceId}/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limits: { requests_per_second: 2 } }),
    });
    const client = new ConformanceClient(target);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.send('GET', '/v1/api-keys/whoami'));
    await client.close();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(client.exchanges.some((exchange) => exchange.status === 429)).toBe(true);
  });
});

describe('an interrupted run', () => {
  it('stops after the check in progress and deletes the records it made', async () => {
    const stop = new AbortController();
    const report = await runConformance({
      baseUrl: server.url,
      only: ['state'],
      signal: stop.signal,
      onResult: () => stop.abort(),
    });
    expect(report.results.filter((result) => result.family === 'state')).toHaveLength(1);
    const workspace = [...mock.state.workspaces.values()].find((candidate) => [...candidate.tables.leads.values()].length > 0);
    const live = workspace ? [...workspace.tables.leads.values()].filter((lead) => lead.deleted_at === null) : [];
    expect(live).toEqual([]);
  });
});

describe('a problem only with operations the spec does not show', () => {
  it('warns against a deployment and fails against a crmkit mock (spec README, reading 3)', async () => {
    const faulty = createMock({ faults: ['not-found-as-409'] });
    const faultyServer = await startServer(faulty, { port: 0, host: '127.0.0.1' });
    try {
      const created = await (await fetch(`${faultyServer.url}/_mock/workspaces`, { method: 'POST' })).json();
      const readUnknownPipeline: ActiveCheck = {
        kind: 'active', id: 'test.read-pipeline', family: 'state', title: 'reads a pipeline that does not exist', spec: '-', basis: 'inferred', writes: false,
        async run(context) {
          await context.client.send('GET', `/v1/pipelines/pl_${'0'.repeat(26)}`);
        },
      };
      const checks = [readUnknownPipeline, documentedStatus];
      const asDeployment = await runConformance({ baseUrl: faultyServer.url, apiKey: created.api_key, checks });
      const asMock = await runConformance({ baseUrl: faultyServer.url, checks });
      expect(asDeployment.results.find((result) => result.id === documentedStatus.id)?.outcome).toBe('warned');
      expect(asMock.results.find((result) => result.id === documentedStatus.id)?.outcome).toBe('failed');
    } finally {
      await faultyServer.close();
    }
  });
});

describe('a mock that refuses private webhook URLs (no --allow-private-webhooks)', () => {
  it('skips the events and oauth checks whose receiver is on 127.0.0.1, saying why, and fails none', async () => {
    const plain = createMock();
    const plainServer = await startServer(plain, { port: 0, host: '127.0.0.1' });
    try {
      const report = await runConformance({ baseUrl: plainServer.url, only: ['events', 'oauth'] });
      const failed = report.results.filter((result) => result.outcome === 'failed').map((result) => `${result.id}: ${result.message}`);
      expect(failed).toEqual([]);
      expect(report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id)).toEqual([]);
      const skipped = new Map(report.results.filter((result) => result.outcome === 'skipped').map((result) => [result.id, result.message]));
      for (const id of ['events.app-lifecycle', 'events.lifecycle-retries', 'oauth.secret-rotation']) expect(skipped.get(id), id).toMatch(/--allow-private-webhooks/);
    } finally {
      await plainServer.close();
    }
  }, 300_000);
});
