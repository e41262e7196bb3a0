// What a person reads: each step as it runs (name, what it did, why it failed or was skipped),
// then a summary of every story and the evidence of each failure.
import type { ScenarioReport, ScenarioResult, StepResult } from '../report.ts';
import { counts } from '../report.ts';
import type { Scenario } from '../types.ts';

const MARK = { passed: '✓', failed: '✗', skipped: '-', pending: '…' } as const;

export function prettyScenarioStart(scenario: Scenario): string {
  return `\n▶ ${scenario.title}  (${scenario.file})\n`;
}

export function prettyStep(result: StepResult): string {
  const label = result.index === 0 ? 'setup' : `${result.index}. ${result.name}`;
  const summary = result.summary ? `  ${result.summary}` : '';
  const time = result.outcome === 'passed' || result.outcome === 'failed' ? `  (${Math.round(result.ms)} ms)` : '';
  const lines = [`  ${MARK[result.outcome]} ${label}${summary}${time}`];
  if (result.message && result.outcome !== 'passed') lines.push(indent(result.outcome === 'skipped' ? `skipped: ${result.message}` : result.message, 6));
  return `${lines.join('\n')}\n`;
}

export function prettyScenarioEnd(result: ScenarioResult): string {
  const steps = counts(result.steps.filter((step) => step.index > 0).map((step) => step.outcome));
  const tally = Object.entries(steps).map(([outcome, count]) => `${count} ${outcome}`).join(', ');
  if (!result.steps.length) return `\n${MARK.failed} ${result.file}\n${indent(result.message ?? '', 2)}\n`;
  return `  ${MARK[result.outcome]} ${result.outcome} (${tally || 'no steps'}; ${Math.round(result.ms)} ms)\n`;
}

export function prettyScenarioReport(report: ScenarioReport): string {
  const lines = [`\nscenarios against ${report.target.baseUrl} (${describeKind(report.target.kind)}), run ${report.runId}`];
  for (const scenario of report.scenarios) lines.push(`  ${MARK[scenario.outcome]} ${scenario.title}  (${scenario.file})`);
  lines.push('', summaryLine(report));
  for (const scenario of report.scenarios.filter((result) => result.outcome !== 'passed')) {
    lines.push('', `${MARK[scenario.outcome]} ${scenario.title}  (${scenario.file})`, indent(scenario.message ?? '', 2));
    const failed = scenario.steps.find((step) => step.outcome === 'failed');
    if (failed?.evidence) lines.push(indent(failed.evidence, 4));
  }
  return `${lines.join('\n')}\n`;
}

export function summaryLine(report: ScenarioReport): string {
  const stories = counts(report.scenarios.map((scenario) => scenario.outcome));
  const steps = counts(report.scenarios.flatMap((scenario) => scenario.steps.filter((step) => step.index > 0).map((step) => step.outcome)));
  const said = (tally: Record<string, number>) => Object.entries(tally).map(([outcome, count]) => `${count} ${outcome}`).join(', ');
  return `${report.scenarios.length} scenarios: ${said(stories)}; steps: ${said(steps)}`;
}

function describeKind(kind: ScenarioReport['target']['kind']): string {
  if (kind === 'own mock') return "the runner's own crmkit mock";
  if (kind === 'mock') return 'a crmkit mock';
  return 'a deployment';
}

function indent(text: string, spaces: number): string {
  return text.replace(/^/gm, ' '.repeat(spaces));
}
