// JUnit XML for CI: one test suite per family, one test case per check.
import { FAMILIES } from '../check.ts';
import type { Report } from '../run.ts';

export function junitReport(report: Report): string {
  const suites = FAMILIES.map((family) => {
    const cases = report.results.filter((result) => result.family === family);
    if (!cases.length) return '';
    const failures = cases.filter((result) => result.outcome === 'failed').length;
    const skipped = cases.filter((result) => result.outcome === 'skipped').length;
    const body = cases
      .map((result) => {
        const inner =
          result.outcome === 'failed'
            ? `<failure message="${xml(result.message ?? '')}">${xml(`spec ${result.spec}\n${result.evidence ?? ''}`)}</failure>`
            : result.outcome === 'skipped'
              ? `<skipped message="${xml(result.message ?? '')}"/>`
              : result.outcome === 'warned'
                ? `<system-out>${xml(`warning (rests on inferred parts): ${result.message}\n${result.evidence ?? ''}`)}</system-out>`
                : '';
        return `    <testcase classname="conformance.${family}" name="${xml(`${result.id}: ${result.title}`)}" time="${(result.ms / 1000).toFixed(3)}">${inner}</testcase>`;
      })
      .join('\n');
    return `  <testsuite name="${family}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">\n${body}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crmkit conformance ${report.runId}">\n${suites.filter(Boolean).join('\n')}\n</testsuites>\n`;
}

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
