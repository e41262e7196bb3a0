// What a report comes to, in one place: the exit status of `crmkit conformance` and `crmkit proxy`
// and the verdict every reporter states in its header, so that no summary disagrees with the exit
// status (issue 22). Failed when a rule failed, or a check failed that no rule of the catalog
// answers for (a check that broke); warnings (the spec leaves it open, or it rests on inferred
// parts) and rules not exercised do not fail a run.
import { rulesOfChecks } from '../rules/catalog.ts';
import type { Report } from '../run.ts';

export type Verdict = 'passed' | 'failed';

export function reportVerdict(report: Report): Verdict {
  const judging = rulesOfChecks();
  const ruleFailed = report.rules.some((rule) => rule.outcome === 'failed');
  const checkBroke = report.results.some((result) => result.outcome === 'failed' && !judging.has(result.id));
  return ruleFailed || checkBroke ? 'failed' : 'passed';
}

export function exitStatus(report: Report): 0 | 1 {
  return reportVerdict(report) === 'failed' ? 1 : 0;
}

/** The verdict as a header says it: `failed (exit status 1)`. */
export function verdictLine(report: Report): string {
  return `${reportVerdict(report)} (exit status ${exitStatus(report)})`;
}
