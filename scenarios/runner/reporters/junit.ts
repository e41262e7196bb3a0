// JUnit XML for CI, in the conformance suite's style: one test suite per story, one test case
// per step (the setup included). Pending steps and stories are skipped test cases with the reason.
import type { ScenarioReport, ScenarioResult, StepResult } from '../report.ts';

export function junitScenarioReport(report: ScenarioReport): string {
  const suites = report.scenarios.map(suite).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crmkit scenarios ${report.runId}">\n${suites}\n</testsuites>\n`;
}

function suite(result: ScenarioResult): string {
  const steps = result.steps.length ? result.steps : [loadFailure(result)];
  const failures = steps.filter((step) => step.outcome === 'failed').length;
  const skipped = steps.filter((step) => step.outcome === 'skipped' || step.outcome === 'pending').length;
  const pending =
    result.outcome === 'pending' ? `\n    <properties><property name="pending" value="${xml(result.message ?? '')}"/></properties>` : '';
  const body = steps.map((step) => testCase(result, step)).join('\n');
  return `  <testsuite name="${xml(result.title)}" file="${xml(result.file)}" tests="${steps.length}" failures="${failures}" skipped="${skipped}" time="${seconds(result.ms)}">${pending}\n${body}\n  </testsuite>`;
}

function testCase(result: ScenarioResult, step: StepResult): string {
  const name = step.index === 0 ? 'setup' : `${step.index}. ${step.name}`;
  const inner =
    step.outcome === 'failed'
      ? `<failure message="${xml(firstLine(step.message))}">${xml(`${step.at}\n${step.message ?? ''}\n${step.evidence ?? ''}`)}</failure>`
      : step.outcome === 'skipped' || step.outcome === 'pending'
        ? `<skipped message="${xml(firstLine(step.message))}"/>`
        : step.summary
          ? `<system-out>${xml(step.summary)}</system-out>`
          : '';
  return `    <testcase classname="scenarios.${xml(stem(result.file))}" name="${xml(name)}" time="${seconds(step.ms)}">${inner}</testcase>`;
}

function loadFailure(result: ScenarioResult): StepResult {
  return { index: 0, name: 'load', kind: 'load', at: result.file, outcome: 'failed', message: result.message, ms: 0 };
}

function stem(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
