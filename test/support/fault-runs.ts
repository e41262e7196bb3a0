// One named fault's run of the suite, as the mutation test makes it (test/conformance/mutation/)
// and as scripts/measure-fault-proofs.ts measures it: a mock with the fault on, the checks of the
// fault's area, those the catalog names for the rules it proves, and the observers.
import { readFileSync } from 'node:fs';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { loadCatalog, rulesById } from '../../conformance/rules/catalog.ts';
import { shapeRuleId } from '../../conformance/rules/shape-rules.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer } from '../../src/adapters/node-server.ts';
import { FAULT_PROOFS } from '../../src/faults/fault-proofs.ts';
import { FAULT_CATALOG, type FaultInfo } from '../../src/faults/index.ts';
import type { Area } from '../../src/spec/areas.ts';
import { createMock } from '../../src/mock.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';

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

/**
 * The areas whose checks send the requests an observer's rule is seen on: a fault that only
 * observers catch (a field left out of an answer, a wrong status) runs with them.
 */
const OBSERVED_THROUGH: readonly Area[] = ['conventions', 'auth', 'errors', 'tags', 'tasks', 'notes'];

/** A fault's area, as it names it (src/faults/fault-catalog.ts): the mutation test holds it to the area of the rules it proves. */
export function faultArea(fault: Pick<FaultInfo, 'name'>): Area {
  const info = FAULT_CATALOG.find((candidate) => candidate.name === fault.name);
  if (!info) throw new Error(`${fault.name} is no named fault`);
  return info.area;
}

/**
 * The checks a fault's run needs: those of its area, those the catalog names for the rules it
 * proves, every observer, the areas observers see through when only observers judge what it proves,
 * for each operation of a rule it proves (a shape rule's own, or those the rule was judged on:
 * docs/rule-operations.json) the first check answered 2xx by it (docs/check-operations.json) when
 * none of those reaches it, and the checks it names to reach its operations (`alsoRun`).
 */
export function checksFor(fault: Pick<FaultInfo, 'name' | 'alsoRun'>): string[] {
  const proves = FAULT_PROOFS[fault.name] ?? [];
  const byId = rulesById();
  const named = proves.flatMap((rule) => byId.get(rule)?.checks ?? []);
  const observed = proves.length > 0 && proves.every((rule) => observerRules().has(rule));
  const areas = new Set<string>([faultArea(fault), ...(observed ? OBSERVED_THROUGH : [])]);
  const ids = ALL_CHECKS.filter((check) => areas.has(check.area) || check.kind === 'observer').map((check) => check.id);
  const chosen = new Set([...ids, ...named, ...(fault.alsoRun ?? [])]);
  for (const operation of new Set(proves.flatMap(operationsOf))) {
    const reaching = ALL_CHECKS.filter((check) => CHECK_OPERATIONS[check.id]?.includes(operation)).map((check) => check.id);
    if (reaching.length && !reaching.some((id) => chosen.has(id))) chosen.add(reaching[0]!);
  }
  return [...chosen];
}

const CHECK_OPERATIONS: Record<string, string[]> = readJson('docs/check-operations.json');
const RULE_OPERATIONS: Record<string, string[]> = readJson('docs/rule-operations.json');
let shapeOperations: Map<string, string> | undefined;

/** The operations a rule is about: a shape rule's own operation, or those its verdicts were judged on. */
function operationsOf(rule: string): string[] {
  shapeOperations ??= new Map([...indexOperations(loadDocument('crm')).keys()].map((id) => [shapeRuleId(id), id]));
  const shape = shapeOperations.get(rule);
  return shape ? [shape] : (RULE_OPERATIONS[rule] ?? []);
}

function readJson(path: string): any {
  return JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
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

/** A rule's area (`contacts` holds companies, `members` teams); the answers' shapes are `conventions`. */
export function areaOf(ruleId: string): string {
  catalogById ??= rulesById();
  const rule = catalogById.get(ruleId);
  if (!rule) throw new Error(`${ruleId} is no rule of the catalog`);
  return rule.area;
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
