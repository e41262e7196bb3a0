// The mutation test of one family of the suite: against each named fault of the family, at least
// one check of the family fails (the mutation score must be 100 %), and every check of the family
// fails under at least one of the family's faults (no check that cannot fail). One file per family
// lets vitest run the families side by side.
//
// A family whose runs mostly wait (deliveries to the receiver, a second of real time before a
// retry, a moment for what must not come) runs its faults side by side (`sideBySide`): each fault
// has a mock, a server and a receiver of its own, so the runs share nothing but the wait. At most
// vitest's maxConcurrency (5) run at once; the last test, which needs every fault's result, runs
// after them all (vitest runs a suite's concurrent tests as one group before the next test).
import { afterAll, describe, expect, it } from 'vitest';
import type { Family } from '../../../conformance/check.ts';
import { ALL_CHECKS } from '../../../conformance/checks/index.ts';
import { runConformance, type Report } from '../../../conformance/run.ts';
import { startServer } from '../../../src/adapters/node-server.ts';
import { FAULT_DESCRIPTIONS } from '../../../src/faults/fault-descriptions.ts';
import { FAULT_CATALOG, type FaultInfo } from '../../../src/faults/index.ts';
import { createMock } from '../../../src/mock.ts';

export async function runAgainst(faults: string[], only?: string[]): Promise<Report> {
  // The webhook checks deliver to the suite's receiver on 127.0.0.1, which only a developer's mock allows.
  const mock = createMock({ faults, allowPrivateWebhooks: true });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  try {
    return await runConformance({ baseUrl: server.url, only });
  } finally {
    await server.close();
  }
}

/** A fault's own family, and the families whose requests let its family's observers see it. */
function familiesFor(fault: FaultInfo): string[] {
  return fault.family === 'responses' ? ['responses', 'input', 'state'] : [fault.family, 'responses'];
}

export type MutationOptions = {
  /** Run the faults' tests at once (for a family whose runs wait more than they compute). */
  sideBySide?: boolean;
};

export function mutationSuite(family: Family, { sideBySide = false }: MutationOptions = {}): void {
  // A blind hunt's faults (marked `hunt`) measure the suite; they are not among the faults it must catch.
  const faults = FAULT_CATALOG.filter((fault) => fault.family === family && !fault.hunt);
  const checks = ALL_CHECKS.filter((check) => check.family === family);
  const caught: string[] = [];
  const checksThatFailed = new Set<string>();

  describe(`the ${family} checks against each named fault of their family`, () => {
    const test = sideBySide ? it.concurrent : it;
    for (const fault of faults) {
      // The test's own expect: concurrent tests must not share the global one's state.
      test(`catch ${fault.name}`, async ({ expect }) => {
        const report = await runAgainst([fault.name], familiesFor(fault));
        for (const result of report.results) if (result.outcome === 'failed') checksThatFailed.add(result.id);
        const failedOfFamily = report.results.filter((result) => result.outcome === 'failed' && result.family === family);
        expect(failedOfFamily.map((result) => result.id), `${fault.name}: ${FAULT_DESCRIPTIONS[fault.name]}`).not.toEqual([]);
        caught.push(fault.name);
      }, 120_000);
    }

    it('each fail under at least one of them', () => {
      expect(caught, 'runs after the fault tests, in the same file').toHaveLength(faults.length);
      expect(checks.map((check) => check.id).filter((id) => !checksThatFailed.has(id))).toEqual([]);
    });
  });

  afterAll(() => {
    console.log(`conformance mutation score of ${family}: ${caught.length}/${faults.length} faults caught`);
  });
}
