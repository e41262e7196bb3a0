// Runs the checks against a target: active checks one after another (each its own failure or
// pass), then every observer over all the exchanges the run made, then the cleanup.
import { CheckFailure, CheckSkipped, type ActiveCheck, type Check, type CheckInfo, type Family, type Observer } from './check.ts';
import { ALL_CHECKS } from './checks/index.ts';
import { ConformanceClient } from './client.ts';
import { createContext } from './context.ts';
import { describeExchange } from './exchange.ts';
import { resolveTarget, type Target, type TargetOptions } from './target.ts';

export type Outcome = 'passed' | 'failed' | 'warned' | 'skipped';

export type CheckResult = CheckInfo & { outcome: Outcome; message?: string; evidence?: string; ms: number };

export type Report = { target: { baseUrl: string; mock: boolean }; runId: string; results: CheckResult[] };

export type RunOptions = TargetOptions & {
  /** Only these families (or check ids). */
  only?: string[];
  checks?: Check[];
  onResult?: (result: CheckResult) => void;
  /** Stops the run after the check in progress; what the suite created is still deleted. */
  signal?: AbortSignal;
};

export async function runConformance(options: RunOptions): Promise<Report> {
  const target = await resolveTarget(options);
  const runId = `r${Date.now().toString(36)}`;
  const client = new ConformanceClient(target);
  const undo: (() => Promise<unknown>)[] = [];
  const checks = selected(options.checks ?? ALL_CHECKS, options.only);
  const results: CheckResult[] = [];
  const record = (result: CheckResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  try {
    for (const check of checks.filter((c): c is ActiveCheck => c.kind === 'active')) {
      if (options.signal?.aborted) break;
      record(await runActive(check, target, client, runId, undo));
    }
    for (const observer of checks.filter((c): c is Observer => c.kind === 'observer')) record(judge(observer, target, client));
  } finally {
    for (const step of undo.reverse()) await step().catch(() => {});
    await client.close();
  }
  return { target: { baseUrl: target.baseUrl, mock: target.mock !== undefined }, runId, results };
}

async function runActive(check: ActiveCheck, target: Target, client: ConformanceClient, runId: string, undo: (() => Promise<unknown>)[]): Promise<CheckResult> {
  const started = performance.now();
  const info = infoOf(check);
  try {
    if (check.writes && target.readOnly) throw new CheckSkipped('sends writes; the run is read-only');
    await check.run(createContext(target, client, runId, undo));
    return { ...info, outcome: 'passed', ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    if (error instanceof CheckSkipped) return { ...info, outcome: 'skipped', message: error.message, ms };
    if (error instanceof CheckFailure) return failed(info, target, error.message, error.exchange && describeExchange(error.exchange), ms);
    return failed(info, target, `the check itself broke: ${error instanceof Error ? error.message : String(error)}`, undefined, ms);
  }
}

/**
 * An observer fails on its first problem with a documented operation; a problem only with
 * operations the spec does not show (`x-inferred`) is judged like an inferred check.
 */
function judge(observer: Observer, target: Target, client: ConformanceClient): CheckResult {
  const info = infoOf(observer);
  if (client.exchanges.length === 0) return { ...info, outcome: 'skipped', message: 'no exchange to judge', ms: 0 };
  let inferredProblem: { problem: string; evidence: string } | undefined;
  for (const exchange of client.exchanges) {
    const problem = observer.observe(exchange);
    if (!problem) continue;
    if (!exchange.operation?.isInferred) return failed(info, target, problem, describeExchange(exchange), 0);
    inferredProblem ??= { problem, evidence: describeExchange(exchange) };
  }
  if (inferredProblem) return failed({ ...info, basis: 'inferred' }, target, `${inferredProblem.problem} (an operation the spec does not show)`, inferredProblem.evidence, 0);
  return { ...info, outcome: 'passed', message: `${client.exchanges.length} exchanges`, ms: 0 };
}

/** Inferred parts only warn against a deployment crmkit did not build (spec README, reading 3). */
function failed(info: CheckInfo, target: Target, message: string, evidence: string | undefined, ms: number): CheckResult {
  const outcome = info.basis === 'inferred' && !target.mock ? 'warned' : 'failed';
  return { ...info, outcome, message, evidence, ms };
}

function infoOf(check: Check): CheckInfo {
  const { id, family, title, spec, basis } = check;
  return { id, family, title, spec, basis };
}

function selected(checks: Check[], only: string[] | undefined): Check[] {
  if (!only?.length) return checks;
  return checks.filter((check) => only.includes(check.family as Family) || only.includes(check.id));
}
