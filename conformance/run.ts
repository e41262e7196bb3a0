// Runs the checks against a target: active checks one after another (each its own failure or
// pass), then every observer over all the exchanges the run made, then the cleanup (what the
// checks made, and the tags their records brought into the catalog); then each rule of the
// catalog gets its result from the checks that judge it (rules/rule-results.ts).
import { CheckFailure, CheckSkipped, type ActiveCheck, type Check, type CheckInfo, type Observer, type RuleVerdict } from './check.ts';
import { ALL_CHECKS } from './areas/index.ts';
import { ConformanceClient } from './client.ts';
import { createContext } from './context.ts';
import { describeExchange, requestLine, shownOf, type Exchange, type RequestLine, type Shown } from './exchange.ts';
import { observedRules, problemWithCount, type ObservedRule } from './observed-rules.ts';
import { rulesOfChecks } from './rules/catalog.ts';
import { couldJudgeOn, figuresOf, type Figures } from './rules/figures.ts';
import { ruleResults, type RuleResult } from './rules/rule-results.ts';
import { offerOf } from './rules/target-offer.ts';
import { withUnreachedReasons } from './rules/unreached-reasons.ts';
import { withProgress, type Progress } from '../harness/waiting.ts';
import { resolveTarget, type Target, type TargetOptions } from './target.ts';

export type Outcome = 'passed' | 'failed' | 'warned' | 'skipped';

/**
 * A rule the check judged on its own (context.judge), the rule its failure named, or an observer's
 * verdict on a rule over the run; `skipped`: left unjudged on purpose, saying why.
 */
export type JudgedRule = ObservedRule & { skipped?: string };

export type CheckResult = CheckInfo & {
  outcome: Outcome;
  message?: string;
  evidence?: string;
  /** The requests quoted in the evidence. */
  requests?: RequestLine[];
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

/** A check in progress: the run's reporter prints it while the check waits (issue 25, item 5). */
export type CheckProgress = Progress & { check: CheckInfo };

export type RunOptions = TargetOptions & {
  /** Only these spec areas (or check ids). */
  only?: string[];
  checks?: Check[];
  onResult?: (result: CheckResult) => void;
  /** Called every `progressEveryMs` (5 s) while an active check runs: how long it has run and what it waits for, for the reporter to say. */
  onProgress?: (progress: CheckProgress) => void;
  progressEveryMs?: number;
  /** Stops the run after the check in progress; what the suite created is still deleted. */
  signal?: AbortSignal;
  /**
   * Called as each active check ends with what it judged, each verdict with the exchange it was judged on, and every
   * exchange it made (scripts/rule-page.ts reads the operations of both).
   */
  onVerdicts?: (check: CheckInfo, verdicts: readonly RuleVerdict[], exchanges: readonly Exchange[]) => void;
};

export async function runConformance(options: RunOptions): Promise<Report> {
  // A broken catalog stops the run before any request is sent.
  rulesOfChecks();
  const target = await resolveTarget(options);
  const runId = `r${Date.now().toString(36)}`;
  const client = new ConformanceClient(target);
  const undo: (() => Promise<unknown>)[] = [];
  const checks = selectChecks(options.checks ?? ALL_CHECKS, options.only);
  const results: CheckResult[] = [];
  const record = (result: CheckResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  const tagsBefore = await tagNames(client);
  try {
    for (const check of checks.filter((c): c is ActiveCheck => c.kind === 'active')) {
      if (options.signal?.aborted) break;
      record(await checkWithProgress(infoOf(check), options, () => runActive(check, target, client, runId, undo, options.onVerdicts)));
    }
    for (const observer of checks.filter((c): c is Observer => c.kind === 'observer'))
      record(judgeExchanges(observer, client.exchanges, target.mock !== undefined));
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
export function withReadings(results: CheckResult[], rules: RuleResult[]): CheckResult[] {
  return results.map((result) => {
    if (result.outcome !== 'failed') return result;
    const broken = rules.filter((rule) => rule.check === result.id && (rule.outcome === 'failed' || rule.outcome === 'warned'));
    return broken.length && broken.every((rule) => rule.outcome === 'warned') ? { ...result, outcome: 'warned' } : result;
  });
}

/** The workspace's tag names (spec 4.4: at most 200, no paging), or undefined when the key cannot list them. */
async function tagNames(client: ConformanceClient): Promise<Set<string> | undefined> {
  const listed = await client.call('listTags').catch(() => undefined);
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
  const listed = await client.call('listTags', { query: { usage: '1' } }).catch(() => undefined);
  for (const tag of listed?.json?.data ?? []) {
    const used = tag.usage ? tag.usage.leads + tag.usage.contacts + tag.usage.companies : 1;
    if (!before.has(String(tag.name).toLowerCase()) && used === 0)
      await client.call('deleteTag', { path: { id: tag.id } }).catch(() => undefined);
  }
}

/** Runs one check, telling `onProgress` every few seconds how long it has run and what it waits for. */
function checkWithProgress(check: CheckInfo, options: RunOptions, work: () => Promise<CheckResult>): Promise<CheckResult> {
  const onProgress = options.onProgress && ((progress: Progress) => options.onProgress!({ check, ...progress }));
  return withProgress(onProgress, work, options.progressEveryMs);
}

type VerdictsHook = RunOptions['onVerdicts'];

async function runActive(
  check: ActiveCheck,
  target: Target,
  client: ConformanceClient,
  runId: string,
  undo: (() => Promise<unknown>)[],
  onVerdicts: VerdictsHook,
): Promise<CheckResult> {
  const info = infoOf(check);
  const context = createContext(target, client, runId, undo);
  const first = client.exchanges.length;
  try {
    return await judgeActive(check, info, context, target);
  } finally {
    onVerdicts?.(info, context.verdicts, client.exchanges.slice(first));
  }
}

async function judgeActive(
  check: ActiveCheck,
  info: CheckInfo,
  context: ReturnType<typeof createContext>,
  target: Target,
): Promise<CheckResult> {
  const started = performance.now();
  const finish = (outcome: 'passed' | 'skipped', message?: string): CheckResult => {
    const judged = context.verdicts.map(toJudged);
    const problems = judged.filter((verdict) => verdict.problem);
    const ms = performance.now() - started;
    if (problems.length) {
      const message = problems.map((verdict) => verdict.problem).join('; ');
      const inferred = problems.every((verdict) => verdict.inferred);
      return failed(info, target.mock !== undefined, message, problems[0]!, ms, judged, inferred);
    }
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
    const mock = target.mock !== undefined;
    if (error instanceof CheckFailure) return withForeignRules({ ...stoppedAt(error, info, mock, judged, ms), stopped: true });
    const broke = `the check itself broke: ${error instanceof Error ? error.message : String(error)}`;
    return { ...failed(info, mock, broke, {}, ms, judged, false), stopped: true };
  }
}

/**
 * A check stopped at a failure: the rule it names fails (or, naming none, every rule of the check
 * not judged yet), inferred when the failing assertion is; the problems judged before it stand.
 */
function stoppedAt(error: CheckFailure, info: CheckInfo, mock: boolean, judged: JudgedRule[], ms: number): CheckResult {
  const shown = error.exchange ? { evidence: describeExchange(error.exchange), requests: [requestLine(error.exchange)] } : {};
  const inferred = error.inferred ? { inferred: true } : {};
  const named = error.rule ? [{ rule: error.rule, problem: error.message, ...shown, ...inferred }] : [];
  // A failure naming no rule falls back to the check's basis.
  const last = { problem: error.message, inferred: error.inferred || (!error.rule && info.basis === 'inferred') };
  const problems = [...judged.filter((verdict) => verdict.problem), last];
  const message = problems.map((verdict) => verdict.problem).join('; ');
  return failed(
    info,
    mock,
    message,
    shown,
    ms,
    [...judged, ...named],
    problems.every((verdict) => verdict.inferred),
  );
}

function toJudged(verdict: RuleVerdict): JudgedRule {
  const { rule, skipped, problem, exchange, inferred } = verdict;
  const evidence = problem && exchange ? { evidence: describeExchange(exchange), requests: [requestLine(exchange)] } : {};
  const found = problem ? { problem, ...evidence, ...(inferred ? { inferred } : {}) } : {};
  return { rule, ...(skipped ? { skipped } : {}), ...found };
}

/** A check may judge only the rules the catalog gives it: another is the check's own mistake, not the target's. */
function withForeignRules(result: CheckResult): CheckResult {
  const own = new Set(rulesOfChecks().get(result.id) ?? []);
  const foreign = [...new Set((result.judged ?? []).map((verdict) => verdict.rule).filter((rule) => !own.has(rule)))];
  if (!foreign.length) return result;
  return {
    ...result,
    outcome: 'failed',
    message: `the check itself broke: it judges ${foreign.join(', ')}, which the catalog (conformance/rules/) does not give it`,
  };
}

/**
 * An observer over the run's exchanges: each rule it judges fails on every problem seen with it
 * (observed-rules.ts), passes when exchanges bore on it without one, and is not exercised when
 * none bore on it. A problem only with operations the spec does not show (`x-inferred`) is inferred.
 */
export function judgeExchanges(observer: Observer, exchanges: readonly Exchange[], mock: boolean): CheckResult {
  const info = infoOf(observer);
  if (exchanges.length === 0) return { ...info, outcome: 'skipped', message: 'no exchange to judge', ms: 0 };
  const judged = observedRules(observer, exchanges);
  const problems = judged.filter((verdict) => verdict.problem);
  if (!problems.length) return withForeignRules({ ...info, outcome: 'passed', message: `${exchanges.length} exchanges`, ms: 0, judged });
  const inferred = problems.every((verdict) => verdict.inferred);
  const message = problems.map(problemWithCount).join('; ') + (inferred ? ' (operations the spec does not show)' : '');
  return withForeignRules(failed(info, mock, message, problems[0]!, 0, judged, inferred));
}

/** A failure; one resting only on inferred parts warns against a deployment crmkit did not build (spec README, reading 3). */
function failed(
  info: CheckInfo,
  mock: boolean,
  message: string,
  shown: Shown,
  ms: number,
  judged: JudgedRule[],
  inferred: boolean,
): CheckResult {
  const outcome = inferred && !mock ? 'warned' : 'failed';
  return { ...info, outcome, message, ...shownOf(shown), ms, ...(judged.length ? { judged } : {}) };
}

function infoOf(check: Check): CheckInfo {
  const { id, area, title, spec, basis } = check;
  return { id, area, title, spec, basis };
}

/** The checks `--only` names, by area or id (`crmkit conformance --list-rules --only` lists the rules of the same ones). */
export function selectChecks<C extends Pick<Check, 'id' | 'area'>>(checks: readonly C[], only: readonly string[] | undefined): C[] {
  if (!only?.length) return [...checks];
  return checks.filter((check) => only.includes(check.area) || only.includes(check.id));
}
