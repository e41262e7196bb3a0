// A conformance report in the form asked for: what `crmkit conformance` and `crmkit proxy` write
// (their `--reporter`), in one place.
import type { Report } from '../run.ts';
import type { Comparison } from './compare.ts';
import { htmlReport } from './html.ts';
import { jsonReport } from './json-report.ts';
import { junitReport } from './junit.ts';
import { prettyReport } from './pretty.ts';

export const REPORTERS = ['pretty', 'json', 'junit', 'html'] as const;
export type Reporter = (typeof REPORTERS)[number];

/** `comparison`: the run compared with an earlier one (`--compare`), which the pretty, JSON and HTML reports show; JUnit has no place for it. */
export function renderReport(report: Report, reporter: Reporter, comparison?: Comparison): string {
  if (reporter === 'json') return jsonReport(report, comparison);
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'html') return htmlReport(report, { comparison });
  return prettyReport(report, comparison);
}
