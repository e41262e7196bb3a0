// One named fault's run of the suite, as the mutation test makes it (test/conformance/mutation/)
// and as scripts/measure-fault-proofs.ts measures it: a mock with the fault on, the checks of the
// fault's family and of the families whose requests let that family's observers see it.
import { ALL_CHECKS } from '../../conformance/checks/index.ts';
import { loadCatalog, rulesById } from '../../conformance/rules/catalog.ts';
import { SHAPE_FILE } from '../../conformance/rules/shape-rules.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer } from '../../src/adapters/node-server.ts';
import type { FaultInfo } from '../../src/faults/index.ts';
import { createMock } from '../../src/mock.ts';

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

/** A fault's own family, the families whose requests let its family's observers see it, and the checks it names to reach its operations (`alsoRun`). */
export function familiesFor(fault: Pick<FaultInfo, 'family' | 'alsoRun'>): string[] {
  const families = fault.family === 'responses' ? ['responses', 'input', 'state'] : [fault.family, 'responses'];
  return [...families, ...(fault.alsoRun ?? [])];
}

/** The ids of the rules that failed in a run, in the catalog's order. */
export function failedRules(report: Report): string[] {
  return report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id);
}

/** Runs `work` over `items`, `width` at a time, in order of start. */
export async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

let catalogById: ReturnType<typeof rulesById> | undefined;

/** A rule's area: its catalog file (`contacts.yaml` holds companies, `members.yaml` teams); the answers' shapes are `responses`. */
export function areaOf(ruleId: string): string {
  catalogById ??= rulesById();
  const rule = catalogById.get(ruleId);
  if (!rule) throw new Error(`${ruleId} is no rule of the catalog`);
  return rule.file === SHAPE_FILE ? 'responses' : rule.file.replace(/\.yaml$/, '');
}

let observerJudged: Set<string> | undefined;

/** Rules an observer judges from every exchange of a run: any fault's requests can show them broken. */
export function observerRules(): ReadonlySet<string> {
  if (observerJudged) return observerJudged;
  const observers = new Set(ALL_CHECKS.filter((check) => check.kind === 'observer').map((check) => check.id));
  observerJudged = new Set(
    loadCatalog()
      .filter((rule) => rule.checks.some((check) => observers.has(check)))
      .map((rule) => rule.id),
  );
  return observerJudged;
}

/**
 * The rules that failed under a fault outside the areas of the rules it proves, observers'
 * rules excepted: what a fault of one area must not break in another.
 */
export function crossAreaFailures(failed: readonly string[], proves: readonly string[]): string[] {
  const areas = new Set(proves.map(areaOf));
  return failed.filter((rule) => !areas.has(areaOf(rule)) && !observerRules().has(rule));
}
