// What a report comes to, in one place: the exit status of `crmkit conformance` and `crmkit proxy`
// and the verdict every reporter states in its header, so that no summary disagrees with the exit
// status (issue 22). Failed when a rule failed, or a check failed that no rule of the catalog
// answers for (a check that broke); warnings (the spec leaves it open, or it rests on inferred
// parts) and rules not exercised do not fail a run. Compared with an earlier run (`--compare`),
// the exit status is the regression gate's instead (compare.ts): 1 only for a rule that passed
// before and fails now.
import { rulesOfChecks } from '../rules/catalog.ts';
import type { Report } from '../run.ts';
import { gateStatus, type Comparison } from './compare.ts';

export type Verdict = 'passed' | 'failed';

export function reportVerdict(report: Report): Verdict {
  const judging = rulesOfChecks();
  const ruleFailed = report.rules.some((rule) => rule.outcome === 'failed');
  const checkBroke = report.results.some((result) => result.outcome === 'failed' && !judging.has(result.id));
  return ruleFailed || checkBroke ? 'failed' : 'passed';
}

export function exitStatus(report: Report, comparison?: Comparison): 0 | 1 {
  if (comparison) return gateStatus(comparison);
  return reportVerdict(report) === 'failed' ? 1 : 0;
}

/** The verdict as a header says it: `failed (exit status 1)`, or `failed (exit status 0, the regression gate's)`. */
export function verdictLine(report: Report, comparison?: Comparison): string {
  return `${reportVerdict(report)} (exit status ${exitStatus(report, comparison)}${comparison ? ", the regression gate's" : ''})`;
}
