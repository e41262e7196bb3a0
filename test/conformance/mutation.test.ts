// The suite against the mock: everything passes on the clean mock, every named fault makes at
// least one check of its own family fail (the mutation score must be 100%), and every check
// fails under at least one fault (no check that cannot fail).
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../conformance/checks/index.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer } from '../../src/adapters/node-server.ts';
import { FAULTS } from '../../src/faults/index.ts';
import type { Fault } from '../../src/faults/fault.ts';
import { createMock } from '../../src/mock.ts';

async function runAgainst(faults: string[], only?: string[]): Promise<Report> {
  // The webhook checks deliver to the suite's receiver on 127.0.0.1, which only a developer's mock allows.
  const mock = createMock({ faults, allowPrivateWebhooks: true });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  mock.state.config.urls = { base_url: server.url, hub_url: server.url, workspace_url: server.url };
  try {
    return await runConformance({ baseUrl: server.url, only });
  } finally {
    await server.close();
  }
}

/** A fault's own family, and the families whose requests let its family's observers see it. */
function familiesFor(fault: Fault): string[] {
  return fault.family === 'responses' ? ['responses', 'input', 'state'] : [fault.family, 'responses'];
}

describe('the conformance suite against the clean mock', () => {
  it('passes every check', async () => {
    const report = await runAgainst([]);
    const notPassed = report.results.filter((result) => result.outcome !== 'passed');
    expect(notPassed.map((result) => `${result.id}: ${result.message}\n${result.evidence ?? ''}`)).toEqual([]);
  });
});

const caught: string[] = [];
const checksThatFailed = new Set<string>();

describe('the conformance suite against each named fault', () => {
  for (const fault of FAULTS) {
    it(`catches ${fault.name} with a ${fault.family} check`, async () => {
      const report = await runAgainst([fault.name], familiesFor(fault));
      for (const result of report.results) if (result.outcome === 'failed') checksThatFailed.add(result.id);
      const failedOfFamily = report.results.filter((result) => result.outcome === 'failed' && result.family === fault.family);
      expect(failedOfFamily.map((result) => result.id), `${fault.name}: ${fault.description}`).not.toEqual([]);
      caught.push(fault.name);
    });
  }
});

describe('every check', () => {
  it('fails under at least one named fault', () => {
    expect(caught, 'runs after the fault tests, in the same file').toHaveLength(FAULTS.length);
    expect(ALL_CHECKS.map((check) => check.id).filter((id) => !checksThatFailed.has(id))).toEqual([]);
  });
});

afterAll(() => {
  console.log(`conformance mutation score: ${caught.length}/${FAULTS.length} faults caught`);
});
