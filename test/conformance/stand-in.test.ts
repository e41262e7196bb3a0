// The suite against a deployment stand-in (`crmkit mock --stand-in`): no control API, a workspace
// that already holds data, its clock at real time, and only the inputs a QA engineer would have.
// No check may fail there (a failure is a false one: the stand-in is the sound mock), every skip
// says why, and nothing the run made stays outside the trash.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetOptionsOf } from '../../conformance/inputs.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { prepareStandIn } from '../../src/cli/stand-in.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';

let mock: Mock;
let server: RunningServer;
let workspace: Workspace;
let before: Record<string, string[]>;
let report: Report;

/** What a run could leave behind: the records of these tables outside the trash. */
const TABLES = ['leads', 'contacts', 'companies', 'tasks', 'products', 'tags', 'webhooks', 'fields', 'teams'] as const;

function liveRecords(): Record<string, string[]> {
  return Object.fromEntries(TABLES.map((name) => {
    const records = [...(workspace.tables[name] as { values(): Iterable<any> }).values()];
    return [name, records.filter((record) => !record.deleted_at).map((record) => record.id).sort()];
  }));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  mock = createMock({ controlApi: false, allowPrivateWebhooks: true });
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  mock.state.config.urls = { base_url: server.url, hub_url: server.url, workspace_url: server.url };
  const standIn = await prepareStandIn(mock.state, mock.state.config.urls);
  workspace = standIn.workspace;
  before = liveRecords();
  const port = await freePort();
  report = await runConformance({ ...targetOptionsOf(standIn.inputs), webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port });
}, 300_000);

afterAll(() => server?.close());

describe('the suite against a deployment stand-in', () => {
  it('fails no check and no rule', () => {
    const failed = report.results.filter((result) => result.outcome === 'failed').map((result) => `${result.id}: ${result.message}\n${result.evidence ?? ''}`);
    expect(failed).toEqual([]);
    expect(report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id)).toEqual([]);
  });

  it('says why for every check it skips', () => {
    const skipped = report.results.filter((result) => result.outcome === 'skipped');
    for (const result of skipped) expect(result.message, result.id).toMatch(/\w{3,}/);
    console.log(`stand-in: ${report.results.length} checks, ${skipped.length} skipped:\n${skipped.map((result) => `  ${result.id}: ${result.message}`).join('\n')}`);
  });

  it('leaves nothing it made outside the trash', () => {
    expect(liveRecords()).toEqual(before);
  });
});
