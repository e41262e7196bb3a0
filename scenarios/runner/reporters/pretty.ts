// What a person reads: each step as it runs (name, what it did, why it failed or was skipped),
// then a summary of every story and the evidence of each failure.
import type { ScenarioReport, ScenarioResult, StepResult } from '../report.ts';
import { counts } from '../report.ts';
import type { Scenario } from '../types.ts';
import type { StepProgress } from '../run.ts';
import { progressText } from '../../../harness/waiting.ts';

const MARK = { passed: '✓', failed: '✗', skipped: '-', pending: '…' } as const;

export function prettyScenarioStart(scenario: Scenario): string {
  return `\n▶ ${scenario.title}  (${scenario.file})\n`;
}

export function prettyStep(result: StepResult): string {
  const label = result.index === 0 ? 'setup' : `${result.index}. ${result.name}`;
  const summary = result.summary ? `  ${result.summary}` : '';
  const time = result.outcome === 'passed' || result.outcome === 'failed' ? `  (${Math.round(result.ms)} ms)` : '';
  const lines = [`  ${MARK[result.outcome]} ${label}${summary}${time}`];
  if (result.message && result.outcome !== 'passed')
    lines.push(indent(result.outcome === 'skipped' ? `skipped: ${result.message}` : result.message, 6));
  return `${lines.join('\n')}\n`;
}

/** A line every 5 s while a step runs (a delivery or a retry may take a minute on a deployment). */
export function prettyStepProgress(progress: StepProgress): string {
  return `      … ${progress.step.index}. ${progress.step.name}: ${progressText(progress)}\n`;
}

export function prettyScenarioEnd(result: ScenarioResult): string {
  const steps = counts(result.steps.filter((step) => step.index > 0).map((step) => step.outcome));
  const tally = Object.entries(steps)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ');
  // A story that could not be loaded ran no step: the report at the end says why, once.
  if (!result.steps.length) return '';
  return `  ${MARK[result.outcome]} ${result.outcome} (${tally || 'no steps'}; ${Math.round(result.ms)} ms)\n`;
}

export function prettyScenarioReport(report: ScenarioReport): string {
  const lines = [`\nscenarios against ${report.target.baseUrl} (${describeKind(report.target.kind)}), run ${report.runId}`];
  for (const scenario of report.scenarios) lines.push(`  ${MARK[scenario.outcome]} ${named(scenario)}`);
  lines.push('', summaryLine(report));
  for (const scenario of report.scenarios.filter((result) => result.outcome !== 'passed')) {
    // A story that could not be loaded: one line per problem (each names its file and line).
    if (!scenario.steps.length) {
      lines.push('', ...loadProblems(scenario.message ?? '').map((problem) => `${MARK.failed} ${problem}`));
      continue;
    }
    lines.push('', `${MARK[scenario.outcome]} ${named(scenario)}`, indent(scenario.message ?? '', 2));
    const failed = scenario.steps.find((step) => step.outcome === 'failed');
    if (failed?.evidence) lines.push(indent(failed.evidence, 4));
  }
  return `${lines.join('\n')}\n`;
}

export function summaryLine(report: ScenarioReport): string {
  const stories = counts(report.scenarios.map((scenario) => scenario.outcome));
  const steps = counts(report.scenarios.flatMap((scenario) => scenario.steps.filter((step) => step.index > 0).map((step) => step.outcome)));
  const said = (tally: Record<string, number>) =>
    Object.entries(tally)
      .map(([outcome, count]) => `${count} ${outcome}`)
      .join(', ');
  const total = report.scenarios.length;
  return `${total} ${total === 1 ? 'scenario' : 'scenarios'}: ${said(stories) || 'none run'}; steps: ${said(steps) || 'none run'}`;
}

/** The story's title and file, or the file alone when it is its title (a story that could not be loaded). */
function named(scenario: ScenarioResult): string {
  return scenario.title === scenario.file ? scenario.file : `${scenario.title}  (${scenario.file})`;
}

/** "FILE is not a valid scenario:" and its problems, each on its own line: the problems (or the one message). */
function loadProblems(message: string): string[] {
  const [first = '', ...problems] = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return problems.length ? problems : [first];
}

function describeKind(kind: ScenarioReport['target']['kind']): string {
  if (kind === 'own mock') return "the runner's own crmkit mock";
  if (kind === 'mock') return 'a crmkit mock';
  return 'a deployment';
}

function indent(text: string, spaces: number): string {
  return text.replace(/^/gm, ' '.repeat(spaces));
}
