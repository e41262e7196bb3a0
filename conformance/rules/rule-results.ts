// Each catalog rule's result in a run, from the results of the checks that judge it: a rule a
// check judged on its own (context.judge, or an observer over the exchanges) takes that verdict,
// every problem of it; otherwise the check's outcome, except that a check stopped at another
// rule's failure did not judge this one. A rule whose observer saw no exchange bearing on it is
// "not exercised": its check ran, but nothing showed whether the rule holds.
import { shownOf, type RequestLine } from '../exchange.ts';
import { problemWithCount } from '../observed-rules.ts';
import type { CheckResult, JudgedRule, Outcome } from '../run.ts';
import { loadCatalog, type Need, type Rule } from './catalog.ts';

export type RuleOutcome = Outcome | 'not-exercised' | 'not-checked' | 'unobservable';

export type RuleResult = {
  id: string;
  section: string;
  rule: string;
  needs: Need[];
  checks: string[];
  outcome: RuleOutcome;
  /** Why it failed, warned or was skipped; for an unobservable rule, why no call can observe it. */
  message?: string;
  evidence?: string;
  /** The requests behind a failure or warning (method, path, status): what a comparison of two runs lists. */
  requests?: RequestLine[];
  /** The check whose verdict this is. */
  check?: string;
};

type VerdictOutcome = Outcome | 'not-exercised';
type Verdict = { outcome: VerdictOutcome; message?: string; evidence?: string; requests?: RequestLine[]; check: string };

/** The worst verdict of a rule's checks is the rule's: a check that exercised it says more than one that did not. */
const WEIGHT: Record<VerdictOutcome, number> = { failed: 4, warned: 3, passed: 2, 'not-exercised': 1, skipped: 0 };

export function ruleResults(results: CheckResult[], mock: boolean, catalog: Rule[] = loadCatalog()): RuleResult[] {
  const byId = new Map(results.map((result) => [result.id, result]));
  return catalog.map((rule) => {
    const base = { id: rule.id, section: rule.section, rule: rule.rule, needs: rule.needs, checks: rule.checks };
    if (!rule.checks.length)
      return rule.unobservable ? { ...base, outcome: 'unobservable', message: rule.unobservable } : { ...base, outcome: 'not-checked' };
    const verdicts = rule.checks.flatMap((check) => {
      const result = byId.get(check);
      return result ? [verdictOn(rule, result, mock)] : [];
    });
    if (!verdicts.length)
      return { ...base, outcome: 'skipped', message: `its checks (${rule.checks.join(', ')}) were not selected for this run` };
    const worst = verdicts.reduce((a, b) => (WEIGHT[b.outcome] > WEIGHT[a.outcome] ? b : a));
    return { ...base, ...worst };
  });
}

function verdictOn(rule: Rule, result: CheckResult, mock: boolean): Verdict {
  const judged = result.judged ?? [];
  const own = judged.filter((verdict) => verdict.rule === rule.id);
  const check = result.id;
  const problems = own.filter((verdict) => verdict.problem);
  if (problems.length) return brokenBy(rule, problems, mock, check);
  if (own.some((verdict) => !verdict.skipped && !verdict.notExercised)) return { outcome: 'passed', check };
  const skipped = own.find((verdict) => verdict.skipped);
  if (skipped) return { outcome: 'skipped', message: skipped.skipped!, check };
  if (own.length) return { outcome: 'not-exercised', message: own[0]!.notExercised!, check };
  if (result.outcome === 'skipped') return { outcome: 'skipped', message: result.message ?? 'skipped', check };
  const attributed = [...new Set(judged.filter((verdict) => verdict.problem).map((verdict) => verdict.rule))];
  if (result.outcome !== 'passed' && !attributed.length) {
    const outcome = result.outcome === 'warned' || (rule.reading && !mock) ? 'warned' : 'failed';
    return { outcome, message: result.message ?? 'failed', ...shownOf(result), check };
  }
  if (result.stopped)
    return { outcome: 'skipped', message: `not judged: ${check} stopped at a failure of ${attributed.join(', ')}`, check };
  // A check that judges its rules one by one and did not judge this one (an input it needs was missing).
  if (judged.length) return { outcome: 'skipped', message: `not judged: ${check} did not reach it in this run`, check };
  return { outcome: 'passed', check };
}

/**
 * A rule its check found broken: every problem, each once (with its count). It warns, not fails,
 * against a deployment crmkit did not build when the spec leaves its words open (`reading`) or
 * when every problem rests on inferred parts (spec README, reading 3): per assertion, not per check.
 */
function brokenBy(rule: Rule, problems: JudgedRule[], mock: boolean, check: string): Verdict {
  const warns = !mock && (rule.reading !== undefined || problems.every((verdict) => verdict.inferred));
  const message = [...new Set(problems.map(problemWithCount))].join('; ');
  // The evidence is the first problem's; the requests are every problem's, each once.
  const requests = [...new Map(problems.flatMap((verdict) => verdict.requests ?? []).map((line) => [JSON.stringify(line), line])).values()];
  return { outcome: warns ? 'warned' : 'failed', message, ...shownOf({ evidence: problems[0]!.evidence, requests }), check };
}
