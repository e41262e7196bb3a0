// What a report is of, in its title and header line: a run of the suite against a deployment or a
// crmkit mock, or the exchanges an application made through `crmkit proxy` to its target (whose
// kind the proxy does not know: it only forwards).
import type { Report } from '../run.ts';

/** The report's title: `crmkit conformance of URL`, or `crmkit proxy in front of URL`. */
export function reportTitle(report: Report): string {
  return report.target.proxy ? `crmkit proxy in front of ${report.target.baseUrl}` : `crmkit conformance of ${report.target.baseUrl}`;
}

/** What was judged: a crmkit mock, a deployment, or the exchanges through the proxy. */
export function targetKind(report: Report): string {
  if (report.target.proxy) return `The exchanges through crmkit proxy at ${report.target.proxy}`;
  return report.target.mock ? 'A crmkit mock' : 'A deployment';
}
