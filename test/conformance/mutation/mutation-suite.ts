// The mutation test of one spec area, rule by rule (issue 23): under each named fault of the area
// (the area of the rules it proves), every rule the fault names in its `proves` fails, and no rule
// of another area fails (observers' rules excepted: they judge every exchange, whatever area made
// it), unless CROSS_AREA_FAILURES names it with its reason; every check of the area fails under at
// least one of the area's faults (no check that cannot fail). One file per area lets vitest run the
// areas side by side; unproven-rules.test.ts holds the catalog's judged rules to the faults' `proves`.
//
// An area whose runs mostly wait (deliveries to the receiver, a second of real time before a
// retry, a moment for what must not come) runs its faults side by side (`sideBySide`): each fault
// has a mock, a server and a receiver of its own, so the runs share nothing but the wait. At most
// vitest's maxConcurrency (5) run at once; the last test, which needs every fault's result, runs
// after them all (vitest runs a suite's concurrent tests as one group before the next test).
import { afterAll, describe, expect, it } from 'vitest';
import type { Area } from '../../../src/spec/areas.ts';
import { ALL_CHECKS } from '../../../conformance/areas/index.ts';
import { rulesOfChecks } from '../../../conformance/rules/catalog.ts';
import { FAULT_DESCRIPTIONS } from '../../../src/faults/fault-descriptions.ts';
import { FAULT_PROOFS } from '../../../src/faults/fault-proofs.ts';
import { FAULT_CATALOG } from '../../../src/faults/index.ts';
import { checksFor, crossAreaFailures, faultArea, failedRules, runAgainst } from '../../support/fault-runs.ts';
import { CROSS_AREA_FAILURES } from './cross-area-failures.ts';

export type MutationOptions = {
  /** Run the faults' tests at once (for an area whose runs wait more than they compute). */
  sideBySide?: boolean;
};

export function mutationSuite(area: Area, { sideBySide = false }: MutationOptions = {}): void {
  // A blind hunt's faults (marked `hunt`) measure the suite; they are not among the faults it must catch.
  const faults = FAULT_CATALOG.filter((fault) => !fault.hunt && faultArea(fault) === area);
  const checks = ALL_CHECKS.filter((check) => check.area === area);
  const caught: string[] = [];
  const checksThatFailed = new Set<string>();

  describe(`the ${area} checks against each named fault of their area`, () => {
    const test = sideBySide ? it.concurrent : it;
    for (const fault of faults) {
      const proves = FAULT_PROOFS[fault.name] ?? [];
      const said = `${fault.name}: ${FAULT_DESCRIPTIONS[fault.name]}`;
      // The test's own expect: concurrent tests must not share the global one's state.
      test(`catch ${fault.name}, failing ${proves.join(', ')}`, async ({ expect }) => {
        expect(proves, `${fault.name} names the rules it breaks (proves)`).not.toEqual([]);
        const report = await runAgainst([fault.name], checksFor(fault));
        for (const result of report.results) if (result.outcome === 'failed') checksThatFailed.add(result.id);
        const failed = failedRules(report);
        expect(
          proves.filter((rule) => !failed.includes(rule)),
          `${said}\nthese rules it proves did not fail`,
        ).toEqual([]);
        const allowed = CROSS_AREA_FAILURES[fault.name]?.rules ?? [];
        expect(
          crossAreaFailures(failed, proves).filter((rule) => !allowed.includes(rule)),
          `${said}\nrules of other areas failed`,
        ).toEqual([]);
        caught.push(fault.name);
        // An area's whole run, waits for deliveries included: the limit only stops a hang (at load 28 a webhooks run passed 120 s).
      }, 600_000);
    }

    it('each fail under at least one of them', () => {
      expect(caught, 'runs after the fault tests, in the same file').toHaveLength(faults.length);
      // A check of the area whose rules only another area's faults break is proven in that area's file.
      const provenElsewhere = (id: string) =>
        (rulesOfChecks().get(id) ?? []).some((rule) =>
          FAULT_CATALOG.some((fault) => !fault.hunt && faultArea(fault) !== area && (FAULT_PROOFS[fault.name] ?? []).includes(rule)),
        );
      expect(checks.map((check) => check.id).filter((id) => !checksThatFailed.has(id) && !provenElsewhere(id))).toEqual([]);
    });
  });

  afterAll(() => {
    console.log(`conformance mutation score of ${area}: ${caught.length}/${faults.length} faults caught, each failing the rules it proves`);
  });
}
