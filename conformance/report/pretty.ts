// A report a person reads in a terminal: the checks by spec area, the rules by spec part, then each
// failed and warned rule with its section, the check that judged it, the message and evidence;
// last, when the run was compared with an earlier one, what changed (compare-text.ts).
import { AREAS } from '../../src/spec/areas.ts';
import { progressText } from '../../harness/waiting.ts';
import type { CheckProgress, CheckResult, Report } from '../run.ts';
import type { Comparison } from './compare.ts';
import { comparisonText } from './compare-text.ts';
import { figuresLine } from '../rules/figures.ts';
import { ruleTotals, summaryByPart } from './rule-summary.ts';
import { reportTitle } from './title.ts';
import { verdictLine } from './verdict.ts';

const MARK = { passed: '✓', failed: '✗', warned: '!', skipped: '-' } as const;

export function prettyProgress(result: CheckResult): string {
  return `${MARK[result.outcome]} ${result.id}${result.outcome === 'skipped' ? ` (skipped: ${result.message})` : ''}\n`;
}

/** A check still running: how long, and what it waits for (its wait's own words), e.g. "… webhooks.retries: 15 s, waiting for the first retry (up to 150 s)". */
export function prettyCheckProgress(progress: CheckProgress): string {
  return `  … ${progress.check.id}: ${progressText(progress)}\n`;
}

export function prettyReport(report: Report, comparison?: Comparison): string {
  const heading = report.target.proxy
    ? `${reportTitle(report)} (at ${report.target.proxy})`
    : `conformance of ${report.target.baseUrl}${report.target.mock ? ' (a crmkit mock)' : ''}`;
  const lines = [`\n${heading}, run ${report.runId}: ${verdictLine(report, comparison)}`, `${figuresLine(report.summary)}\n`];
  lines.push(`${'checks'.padEnd(14)} passed failed warned skipped`);
  for (const area of AREAS) {
    const of = report.results.filter((result) => result.area === area);
    if (!of.length) continue;
    const count = (outcome: CheckResult['outcome']) => String(of.filter((result) => result.outcome === outcome).length).padStart(6);
    lines.push(`${area.padEnd(14)} ${count('passed')} ${count('failed')} ${count('warned')} ${count('skipped').padStart(7)}`);
  }
  lines.push('', `${'rules by part'.padEnd(34)} passed failed warned skipped unexercised unchecked unobservable`);
  for (const { part, title, counts } of summaryByPart(report.rules)) {
    const cells = [counts.passed, counts.failed, counts.warned, counts.skipped].map((n, i) => String(n).padStart(i === 3 ? 7 : 6));
    const rest = [counts['not-exercised'], counts['not-checked'], counts.unobservable].map((n, i) => String(n).padStart([11, 9, 12][i]!));
    lines.push(`${`${part}. ${title}`.slice(0, 34).padEnd(34)} ${cells.join(' ')} ${rest.join(' ')}`);
  }
  lines.push(ruleTotals(report.rules));
  for (const { what, exchanges } of report.notJudged ?? [])
    lines.push(`not judged: ${what}, ${exchanges} ${exchanges === 1 ? 'exchange' : 'exchanges'}`);
  for (const rule of report.rules.filter((r) => r.outcome === 'failed' || r.outcome === 'warned')) {
    lines.push(
      '',
      `${MARK[rule.outcome as 'failed' | 'warned']} ${rule.id} (spec ${rule.section}, judged by ${rule.check})`,
      `  ${rule.rule}`,
      `  ${rule.message}`,
    );
    if (rule.evidence) lines.push(rule.evidence.replace(/^/gm, '    '));
  }
  const broken = report.results.filter((result) => result.outcome === 'failed' && !report.rules.some((rule) => rule.check === result.id));
  for (const result of broken) lines.push('', `${MARK.failed} ${result.id} (spec ${result.spec}): ${result.title}`, `  ${result.message}`);
  if (comparison) lines.push('', comparisonText(comparison, report).trimEnd());
  return `${lines.join('\n')}\n`;
}
