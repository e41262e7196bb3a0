// Every story in scenarios/ against a deployment stand-in (`crmkit mock --stand-in`): no control
// API, a workspace that already holds demo data and that every story shares, its clock at real
// time, and only the inputs a QA engineer would have. No step may fail there (a failure is a false
// one: the stand-in is the sound mock), every skip says why, and nothing a story made stays
// outside the trash.
import { createServer } from 'node:net';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentInputs } from '../../conformance/inputs.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { prepareStandIn } from '../../src/cli/stand-in.ts';
import { createMock } from '../../src/mock.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';
import { runScenarios } from '../../scenarios/runner/run.ts';
import type { ScenarioReport } from '../../scenarios/runner/report.ts';

const DIRECTORY = new URL('../../scenarios/', import.meta.url);
const files = readdirSync(DIRECTORY).filter((name) => name.endsWith('.yaml')).sort();

/** What a story could leave behind: the records of these tables outside the trash. */
const TABLES = ['leads', 'contacts', 'companies', 'tasks', 'products', 'tags', 'webhooks'] as const;

function liveRecords(workspace: Workspace): Record<string, string[]> {
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

describe('the stories against a deployment stand-in', () => {
  let server: RunningServer;
  let workspace: Workspace;
  let inputs: DeploymentInputs;
  let before: Record<string, string[]>;
  let report: ScenarioReport;

  beforeAll(async () => {
    const mock = createMock({ controlApi: false, allowPrivateWebhooks: true });
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
    mock.state.config.urls = { base_url: server.url, hub_url: server.url, workspace_url: server.url };
    ({ workspace, inputs } = await prepareStandIn(mock.state, mock.state.config.urls));
    before = liveRecords(workspace);
    const port = await freePort();
    report = await runScenarios(files.map((name) => new URL(name, DIRECTORY).pathname), {
      baseUrl: inputs.base_url,
      hubUrl: inputs.hub_url,
      workspaceUrl: inputs.workspace_url,
      apiKey: inputs.api_key,
      keys: { ...(inputs.limited_key ? { limited: inputs.limited_key } : {}), ...(inputs.other_workspace_key ? { other_workspace: inputs.other_workspace_key } : {}) },
      receiverUrl: `http://127.0.0.1:${port}`,
      receiverPort: port,
    });
  }, 120_000);
  afterAll(() => server?.close());

  it('fails no step of any story', () => {
    const failed = report.scenarios.filter((scenario) => scenario.outcome !== 'passed').map((scenario) => {
      const step = scenario.steps.find((candidate) => candidate.outcome === 'failed');
      return `${scenario.file}: ${scenario.message}\n${step?.evidence ?? ''}`;
    });
    expect(failed).toEqual([]);
  });

  it('says why for every step it skips', () => {
    const skipped = report.scenarios.flatMap((scenario) => scenario.steps.filter((step) => step.outcome === 'skipped').map((step) => ({ story: scenario.file.split('/').pop(), step })));
    for (const { step } of skipped) expect(step.message, step.at).toMatch(/\w{3,}/);
    console.log(`stand-in: ${report.scenarios.length} stories, ${skipped.length} steps skipped:\n${skipped.map(({ story, step }) => `  ${story} ${step.index}. ${step.name}: ${step.message}`).join('\n')}`);
  });

  it('leaves nothing a story made outside the trash', () => {
    expect(liveRecords(workspace)).toEqual(before);
  });
});
