// Runs the checks against a target: active checks one after another (each its own failure or
// pass), then every observer over all the exchanges the run made, then the cleanup (what the
// checks made, and the tags their records brought into the catalog); then each rule of the
// catalog gets its result from the checks that judge it (rules/rule-results.ts).
import { CheckFailure, CheckSkipped, observationsOf, type ActiveCheck, type Check, type CheckInfo, type Family, type Observer, type RuleVerdict } from './check.ts';
import { ALL_CHECKS } from './checks/index.ts';
import { ConformanceClient } from './client.ts';
import { createContext } from './context.ts';
import { describeExchange, type Exchange } from './exchange.ts';
import { rulesOfChecks } from './rules/catalog.ts';
import { couldJudgeOn, figuresOf, type Figures } from './rules/figures.ts';
import { ruleResults, type RuleResult } from './rules/rule-results.ts';
import { offerOf } from './rules/target-offer.ts';
import { withUnreachedReasons } from './rules/unreached-reasons.ts';
import { resolveTarget, type Target, type TargetOptions } from './target.ts';

export type Outcome = 'passed' | 'failed' | 'warned' | 'skipped';

/** A rule the check judged on its own (context.judge), or the rule its failure named. */
export type JudgedRule = { rule: string; problem?: string; evidence?: string; skipped?: string };

export type CheckResult = CheckInfo & {
  outcome: Outcome;
  message?: string;
  evidence?: string;
  ms: number;
  judged?: JudgedRule[];
  /** The check ended at a failure before its end (rules it had not judged yet were not judged). */
  stopped?: boolean;
};

/** `target.proxy`: the report is of the exchanges that went through `crmkit proxy` (at that address) to `baseUrl`. */
export type Report = {
  target: { baseUrl: string; mock: boolean; proxy?: string };
  runId: string;
  results: CheckResult[];
  rules: RuleResult[];
  /** The observable rules judged on this target, and those it could let the suite judge (rules/figures.ts). */
  summary: Figures;
  /** Exchanges the proxy forwarded without judging them, by what they were (the control API). */
  notJudged?: { what: string; exchanges: number }[];
};

export type RunOptions = TargetOptions & {
  /** Only these families (or check ids). */
  only?: string[];
  checks?: Check[];
  onResult?: (result: CheckResult) => void;
  /** Stops the run after the check in progress; what the suite created is still deleted. */
  signal?: AbortSignal;
};

export async function runConformance(options: RunOptions): Promise<Report> {
  // A broken catalog stops the run before any request is sent.
  rulesOfChecks();
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
  const tagsBefore = await tagNames(client);
  try {
    for (const check of checks.filter((c): c is ActiveCheck => c.kind === 'active')) {
      if (options.signal?.aborted) break;
      record(await runActive(check, target, client, runId, undo));
    }
    for (const observer of checks.filter((c): c is Observer => c.kind === 'observer')) record(judgeExchanges(observer, client.exchanges, target.mock !== undefined));
  } finally {
    for (const step of undo.reverse()) await step().catch(() => {});
    if (!target.readOnly) await sweepNewTags(client, tagsBefore);
    await client.close();
  }
  const offer = offerOf(options);
  const rules = withUnreachedReasons(ruleResults(results, target.mock !== undefined), offer);
  const summary = figuresOf(rules, couldJudgeOn(offer));
  const of = { baseUrl: target.baseUrl, mock: target.mock !== undefined };
  return { target: of, runId, results: withReadings(results, rules), rules, summary };
}

/** A check that failed only rules whose words the spec leaves open (their `reading`) warns, as those rules do. */
function withReadings(results: CheckResult[], rules: RuleResult[]): CheckResult[] {
  return results.map((result) => {
    if (result.outcome !== 'failed') return result;
    const broken = rules.filter((rule) => rule.check === result.id && (rule.outcome === 'failed' || rule.outcome === 'warned'));
    return broken.length && broken.every((rule) => rule.outcome === 'warned') ? { ...result, outcome: 'warned' } : result;
  });
}

/** The workspace's tag names (spec 4.4: at most 200, no paging), or undefined when the key cannot list them. */
async function tagNames(client: ConformanceClient): Promise<Set<string> | undefined> {
  const listed = await client.send('GET', '/v1/tags').catch(() => undefined);
  if (listed?.status !== 200 || !Array.isArray(listed.json?.data)) return undefined;
  return new Set(listed.json.data.map((tag: { name: string }) => tag.name.toLowerCase()));
}

/**
 * Tags the run's records brought into the catalog (spec 4.4: names on records are added to it)
 * stay there once the records are gone: deletes the tags that were not there before the run and
 * that no record outside the trash carries (spec 2.5: usage leaves deleted records out).
 */
async function sweepNewTags(client: ConformanceClient, before: Set<string> | undefined): Promise<void> {
  if (!before) return;
  const listed = await client.send('GET', '/v1/tags?usage=1').catch(() => undefined);
  for (const tag of listed?.json?.data ?? []) {
    const used = tag.usage ? tag.usage.leads + tag.usage.contacts + tag.usage.companies : 1;
    if (!before.has(String(tag.name).toLowerCase()) && used === 0) await client.send('DELETE', `/v1/tags/${tag.id}`).catch(() => undefined);
  }
}

async function runActive(check: ActiveCheck, target: Target, client: ConformanceClient, runId: string, undo: (() => Promise<unknown>)[]): Promise<CheckResult> {
  const started = performance.now();
  const info = infoOf(check);
  const context = createContext(target, client, runId, undo);
  const finish = (outcome: 'passed' | 'skipped', message?: string): CheckResult => {
    const judged = context.verdicts.map(toJudged);
    const problems = judged.filter((verdict) => verdict.problem);
    const ms = performance.now() - started;
    if (problems.length) return failed(info, target.mock !== undefined, problems.map((verdict) => verdict.problem).join('; '), problems[0]!.evidence, ms, judged);
    return { ...info, outcome, ...(message ? { message } : {}), ms, judged };
  };
  try {
    if (check.writes && target.readOnly) throw new CheckSkipped('sends writes; the run is read-only');
    await check.run(context);
    return withForeignRules(finish('passed'));
  } catch (error) {
    if (error instanceof CheckSkipped) return withForeignRules(finish('skipped', error.message));
    const judged = context.verdicts.map(toJudged);
    const ms = performance.now() - started;
    if (error instanceof CheckFailure) {
      const evidence = error.exchange && describeExchange(error.exchange);
      const named = error.rule ? [{ rule: error.rule, problem: error.message, ...(evidence ? { evidence } : {}) }] : [];
      return withForeignRules({ ...failed(info, target.mock !== undefined, [...judged.flatMap((verdict) => verdict.problem ?? []), error.message].join('; '), evidence, ms, [...judged, ...named]), stopped: true });
    }
    return { ...failed(info, target.mock !== undefined, `the check itself broke: ${error instanceof Error ? error.message : String(error)}`, undefined, ms, judged), stopped: true };
  }
}

function toJudged(verdict: RuleVerdict): JudgedRule {
  return { rule: verdict.rule, ...(verdict.skipped ? { skipped: verdict.skipped } : {}), ...(verdict.problem ? { problem: verdict.problem } : {}), ...(verdict.problem && verdict.exchange ? { evidence: describeExchange(verdict.exchange) } : {}) };
}

/** A check may judge only the rules the catalog gives it: another is the check's own mistake, not the target's. */
function withForeignRules(result: CheckResult): CheckResult {
  const own = new Set(rulesOfChecks().get(result.id) ?? []);
  const foreign = [...new Set((result.judged ?? []).map((verdict) => verdict.rule).filter((rule) => !own.has(rule)))];
  if (!foreign.length) return result;
  return { ...result, outcome: 'failed', message: `the check itself broke: it judges ${foreign.join(', ')}, which the catalog (conformance/rules/) does not give it` };
}

/**
 * An observer fails on its problems with documented operations; a problem only with operations
 * the spec does not show (`x-inferred`) is judged like an inferred check. An observer that names
 * the rule of each problem (`judge`) fails those rules only, and passes the others it judged.
 */
export function judgeExchanges(observer: Observer, exchanges: readonly Exchange[], mock: boolean): CheckResult {
  const info = infoOf(observer);
  if (exchanges.length === 0) return { ...info, outcome: 'skipped', message: 'no exchange to judge', ms: 0 };
  type Found = { rule?: string; problem: string; evidence: string };
  const documented = new Map<string, Found>();
  const inferred = new Map<string, Found>();
  for (const exchange of exchanges) {
    for (const { rule, problem } of observationsOf(observer, exchange)) {
      const into = exchange.operation?.isInferred ? inferred : documented;
      if (!into.has(rule ?? '')) into.set(rule ?? '', { rule, problem, evidence: describeExchange(exchange) });
    }
  }
  const inferredOnly = documented.size === 0;
  const found = [...(inferredOnly ? inferred : documented).values()];
  const judged = observer.judge ? observedRules(observer.id, found) : undefined;
  if (!found.length) return { ...info, outcome: 'passed', message: `${exchanges.length} exchanges`, ms: 0, ...(judged ? { judged } : {}) };
  const message = found.map((item) => item.problem).join('; ');
  const result = failed(inferredOnly ? { ...info, basis: 'inferred' } : info, mock, inferredOnly ? `${message} (an operation the spec does not show)` : message, found[0]!.evidence, 0, judged);
  return withForeignRules(result);
}

/** Each catalog rule of the observer with its first problem, or passed; and any rule it named that the catalog does not give it. */
function observedRules(check: string, found: { rule?: string; problem: string; evidence: string }[]): JudgedRule[] {
  const own = rulesOfChecks().get(check) ?? [];
  const verdict = (rule: string): JudgedRule => {
    const problem = found.find((item) => item.rule === rule);
    return problem ? { rule, problem: problem.problem, evidence: problem.evidence } : { rule };
  };
  const foreign = [...new Set(found.flatMap((item) => (item.rule && !own.includes(item.rule) ? [item.rule] : [])))];
  return [...own, ...foreign].map(verdict);
}

/** Inferred parts only warn against a deployment crmkit did not build (spec README, reading 3). */
function failed(info: CheckInfo, mock: boolean, message: string, evidence: string | undefined, ms: number, judged?: JudgedRule[]): CheckResult {
  const outcome = info.basis === 'inferred' && !mock ? 'warned' : 'failed';
  return { ...info, outcome, message, ...(evidence ? { evidence } : {}), ms, ...(judged?.length ? { judged } : {}) };
}

function infoOf(check: Check): CheckInfo {
  const { id, family, title, spec, basis } = check;
  return { id, family, title, spec, basis };
}

function selected(checks: Check[], only: string[] | undefined): Check[] {
  if (!only?.length) return checks;
  return checks.filter((check) => only.includes(check.family as Family) || only.includes(check.id));
}
