// A report a person reads: one table per family (passed, failed, warned, skipped), then each
// failure and warning with its spec section, message and evidence.
import { FAMILIES } from '../check.ts';
import type { CheckResult, Report } from '../run.ts';

const MARK = { passed: '✓', failed: '✗', warned: '!', skipped: '-' } as const;

export function prettyProgress(result: CheckResult): string {
  return `${MARK[result.outcome]} ${result.id}${result.outcome === 'skipped' ? ` (skipped: ${result.message})` : ''}\n`;
}

export function prettyReport(report: Report): string {
  const lines = [`\nconformance of ${report.target.baseUrl}${report.target.mock ? ' (a crmkit mock)' : ''}, run ${report.runId}\n`];
  lines.push(`${'family'.padEnd(11)} passed failed warned skipped`);
  for (const family of FAMILIES) {
    const of = report.results.filter((result) => result.family === family);
    if (!of.length) continue;
    const count = (outcome: CheckResult['outcome']) => String(of.filter((result) => result.outcome === outcome).length).padStart(6);
    lines.push(`${family.padEnd(11)} ${count('passed')} ${count('failed')} ${count('warned')} ${count('skipped').padStart(7)}`);
  }
  for (const result of report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'warned')) {
    lines.push('', `${MARK[result.outcome]} ${result.id} (spec ${result.spec}${result.basis === 'inferred' ? ', inferred' : ''}): ${result.title}`, `  ${result.message}`);
    if (result.evidence) lines.push(result.evidence.replace(/^/gm, '    '));
  }
  return `${lines.join('\n')}\n`;
}
