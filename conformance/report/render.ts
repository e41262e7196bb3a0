// A conformance report in the form asked for: what `crmkit conformance` and `crmkit proxy` write
// (their `--reporter`), in one place.
import type { Report } from '../run.ts';
import { htmlReport } from './html.ts';
import { junitReport } from './junit.ts';
import { prettyReport } from './pretty.ts';
import { reportVerdict } from './verdict.ts';

export const REPORTERS = ['pretty', 'json', 'junit', 'html'] as const;
export type Reporter = (typeof REPORTERS)[number];

export function renderReport(report: Report, reporter: Reporter): string {
  // The verdict first: what the exit status says.
  if (reporter === 'json') return `${JSON.stringify({ verdict: reportVerdict(report), ...report }, null, 2)}\n`;
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'html') return htmlReport(report);
  return prettyReport(report);
}
