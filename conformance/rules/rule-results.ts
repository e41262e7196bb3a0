// Each catalog rule's result in a run, from the results of the checks that judge it: a rule a
// check judged on its own (context.judge) takes that verdict; otherwise the check's outcome, except
// that a check stopped at another rule's failure did not judge this one.
import type { CheckResult, Outcome } from '../run.ts';
import { loadCatalog, type Need, type Rule } from './catalog.ts';

export type RuleOutcome = Outcome | 'not-checked' | 'unobservable';

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
  /** The check whose verdict this is. */
  check?: string;
};

type Verdict = { outcome: Outcome; message?: string; evidence?: string; check: string };

const WEIGHT: Record<Outcome, number> = { failed: 3, warned: 2, passed: 1, skipped: 0 };

export function ruleResults(results: CheckResult[], mock: boolean, catalog: Rule[] = loadCatalog()): RuleResult[] {
  const byId = new Map(results.map((result) => [result.id, result]));
  return catalog.map((rule) => {
    const base = { id: rule.id, section: rule.section, rule: rule.rule, needs: rule.needs, checks: rule.checks };
    if (!rule.checks.length) return rule.unobservable ? { ...base, outcome: 'unobservable', message: rule.unobservable } : { ...base, outcome: 'not-checked' };
    const verdicts = rule.checks.flatMap((check) => {
      const result = byId.get(check);
      return result ? [verdictOn(rule, result, mock)] : [];
    });
    if (!verdicts.length) return { ...base, outcome: 'skipped', message: `its checks (${rule.checks.join(', ')}) were not selected for this run` };
    const worst = verdicts.reduce((a, b) => (WEIGHT[b.outcome] > WEIGHT[a.outcome] ? b : a));
    return { ...base, ...worst };
  });
}

function verdictOn(rule: Rule, result: CheckResult, mock: boolean): Verdict {
  const judged = result.judged ?? [];
  const own = judged.filter((verdict) => verdict.rule === rule.id);
  const problem = own.find((verdict) => verdict.problem);
  const failedOutcome: Outcome = result.outcome === 'warned' || (rule.reading && !mock) ? 'warned' : 'failed';
  const check = result.id;
  if (problem) return { outcome: failedOutcome, message: problem.problem!, ...(problem.evidence ? { evidence: problem.evidence } : {}), check };
  const judgedHere = own.filter((verdict) => !verdict.skipped);
  if (judgedHere.length) return { outcome: 'passed', check };
  if (own.length) return { outcome: 'skipped', message: own[0]!.skipped!, check };
  if (result.outcome === 'skipped') return { outcome: 'skipped', message: result.message ?? 'skipped', check };
  const attributed = [...new Set(judged.filter((verdict) => verdict.problem).map((verdict) => verdict.rule))];
  if (result.outcome !== 'passed' && !attributed.length) {
    return { outcome: failedOutcome, message: result.message ?? 'failed', ...(result.evidence ? { evidence: result.evidence } : {}), check };
  }
  if (result.stopped) return { outcome: 'skipped', message: `not judged: ${check} stopped at a failure of ${attributed.join(', ')}`, check };
  // A check that judges its rules one by one and did not judge this one (an input it needs was missing).
  if (judged.length) return { outcome: 'skipped', message: `not judged: ${check} did not reach it in this run`, check };
  return { outcome: 'passed', check };
}
