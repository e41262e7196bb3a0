// The runs the stand-in tests make (test/conformance/stand-in.test.ts, other-readings.test.ts,
// test/scenarios/stand-in.test.ts): the suite and the stories against a stand-in as against a
// deployment, from its inputs only, and what they failed.
import { readdirSync } from 'node:fs';
import { targetOptionsOf, type DeploymentInputs } from '../../harness/inputs.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { runScenarios } from '../../scenarios/runner/run.ts';
import type { ScenarioReport } from '../../scenarios/runner/report.ts';
import { freePort } from './stand-in.ts';

const DIRECTORY = new URL('../../scenarios/', import.meta.url);
export const STORY_FILES = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => new URL(name, DIRECTORY).pathname);

/** The whole suite against a stand-in's inputs, with a webhook receiver on a port of this machine. */
export async function runSuite(inputs: DeploymentInputs): Promise<Report> {
  const port = await freePort();
  return runConformance({ ...targetOptionsOf(inputs), webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port });
}

/** As `crmkit scenario run scenarios/ --inputs FILE` reads the inputs (src/cli/scenario-command.ts). */
export async function runStories(inputs: DeploymentInputs, receiver: boolean): Promise<ScenarioReport> {
  const port = receiver ? await freePort() : undefined;
  return runScenarios(STORY_FILES, {
    ...targetOptionsOf(inputs),
    ...(port ? { webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port } : {}),
  });
}

/** The failed checks of a run, each with its message and evidence. */
export function failedChecks(report: Report): string[] {
  const failed = report.results.filter((result) => result.outcome === 'failed');
  return failed.map((result) => `${result.id}: ${result.message}\n${result.evidence ?? ''}`);
}

/** The failed rules of a run. */
export function failedRules(report: Report): string[] {
  return report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id);
}

/** The stories that did not pass, each with its first failed step's evidence. */
export function storyFailures(report: ScenarioReport): string[] {
  return report.scenarios
    .filter((scenario) => scenario.outcome !== 'passed')
    .map((scenario) => {
      const step = scenario.steps.find((candidate) => candidate.outcome === 'failed');
      return `${scenario.file}: ${scenario.message}\n${step?.evidence ?? ''}`;
    });
}

/** The steps a run skipped, with the file name of their story. */
export function skippedSteps(report: ScenarioReport) {
  return report.scenarios.flatMap((scenario) =>
    scenario.steps.filter((step) => step.outcome === 'skipped').map((step) => ({ story: scenario.file.split('/').pop()!, step })),
  );
}
