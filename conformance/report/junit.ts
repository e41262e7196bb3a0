// JUnit XML for CI: one test suite per spec area with a test case per check, then one per spec part
// with a test case per rule of the catalog (rules no check judges are skipped, saying so).
import { AREAS } from '../../src/spec/areas.ts';
import type { RuleResult } from '../rules/rule-results.ts';
import type { CheckResult, Report } from '../run.ts';
import { summaryByPart } from './rule-summary.ts';

export function junitReport(report: Report): string {
  const checkSuites = AREAS.map((area) => suite(area, report.results.filter((result) => result.area === area).map(checkCase)));
  const ruleSuites = summaryByPart(report.rules).map(({ part, title, rules }) => suite(`spec ${part}. ${title}`, rules.map(ruleCase)));
  // What the proxy forwarded without judging (the control API): skipped cases, so CI shows them as not judged.
  const notJudged = suite(
    'not judged',
    (report.notJudged ?? []).map(({ what, exchanges }) => ({
      xml: `    <testcase classname="proxy.not-judged" name="${xml(what)}" time="0"><skipped message="${xml(`not judged: ${exchanges} ${exchanges === 1 ? 'exchange' : 'exchanges'}`)}"/></testcase>`,
      failed: false,
      skipped: true,
    })),
  );
  const suites = [figures(report), ...checkSuites, ...ruleSuites, notJudged].filter(Boolean);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crmkit conformance ${report.runId}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** The two figures (rules/figures.ts) as properties of a suite of no test case, where CI shows a run's properties. */
function figures({ summary }: Report): string {
  const properties = [
    ['observable-rules', summary.observable],
    ['judged-on-this-target', summary.judged],
    ['this-target-could-judge', summary.couldJudge],
  ];
  const items = properties.map(([name, value]) => `      <property name="${name}" value="${value}"/>`).join('\n');
  return `  <testsuite name="summary" tests="0" failures="0" skipped="0">\n    <properties>\n${items}\n    </properties>\n  </testsuite>`;
}

type Case = { xml: string; failed: boolean; skipped: boolean };

function suite(name: string, cases: Case[]): string {
  if (!cases.length) return '';
  const failures = cases.filter((c) => c.failed).length;
  const skipped = cases.filter((c) => c.skipped).length;
  return `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">\n${cases.map((c) => c.xml).join('\n')}\n  </testsuite>`;
}

function checkCase(result: CheckResult): Case {
  const inner = outcomeXml(result.outcome, result.message ?? '', `spec ${result.spec}\n${result.evidence ?? ''}`);
  return {
    xml: `    <testcase classname="conformance.${result.area}" name="${xml(`${result.id}: ${result.title}`)}" time="${(result.ms / 1000).toFixed(3)}">${inner}</testcase>`,
    failed: result.outcome === 'failed',
    skipped: result.outcome === 'skipped',
  };
}

function ruleCase(rule: RuleResult): Case {
  const message =
    rule.outcome === 'not-checked'
      ? 'not checked: no check judges this rule yet'
      : rule.outcome === 'not-exercised'
        ? `not exercised: ${rule.message}`
        : rule.outcome === 'unobservable'
          ? `not observable through the interface: ${rule.message}`
          : (rule.message ?? '');
  const outcome =
    rule.outcome === 'not-checked' || rule.outcome === 'unobservable' || rule.outcome === 'not-exercised' ? 'skipped' : rule.outcome;
  const inner = outcomeXml(outcome, message, `${rule.rule}\njudged by ${rule.check ?? rule.checks.join(', ')}\n${rule.evidence ?? ''}`);
  return {
    xml: `    <testcase classname="spec.${rule.section}" name="${xml(`${rule.id}: ${rule.rule}`)}" time="0">${inner}</testcase>`,
    failed: rule.outcome === 'failed',
    skipped: outcome === 'skipped',
  };
}

function outcomeXml(outcome: CheckResult['outcome'], message: string, detail: string): string {
  if (outcome === 'failed') return `<failure message="${xml(message)}">${xml(detail)}</failure>`;
  if (outcome === 'skipped') return `<skipped message="${xml(message)}"/>`;
  if (outcome === 'warned')
    return `<system-out>${xml(`warning (the spec leaves this open, or it rests on inferred parts): ${message}\n${detail}`)}</system-out>`;
  return '';
}

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
