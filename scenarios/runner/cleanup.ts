// A story's `cleanup:` steps: they run after its steps however the story ended (passed, failed,
// skipped part-way, or the runner broke), and delete what it made, as a deployment's workspace is
// shared. They may use what a step that made a record held for cleanup although it did not pass
// (variables.ts); a step naming something never made is skipped, as there is nothing to clean up;
// a record already gone (404, 410) is nothing to clean up either (request-step.ts).
import type { StepResult } from './report.ts';
import { runStep } from './steps/index.ts';
import { kindOf, type Scenario, type Step } from './types.ts';
import type { World } from './world.ts';

export type StepInfo = Pick<StepResult, 'index' | 'name' | 'kind' | 'at'>;

/** Runs a step's work and judges what came of it (run.ts). */
export type Attempt = (info: StepInfo, step: Step, work: () => Promise<string>) => Promise<StepResult>;

export async function runCleanup(world: World, scenario: Scenario, attempt: Attempt, record: (result: StepResult) => void): Promise<void> {
  world.vars.forCleanup = true;
  for (const [position, step] of scenario.cleanup.entries()) {
    const index = scenario.steps.length + position + 1;
    const info = { index, name: `cleanup: ${step.name}`, kind: kindOf(step), at: `${scenario.file}:${scenario.cleanupLines[position]}` };
    record(neverMade(scenario, await attempt(info, step, () => runStep(world, step))));
  }
}

/** A cleanup step that names a variable no step set: the story stopped before the step that makes it. */
function neverMade(scenario: Scenario, result: StepResult): StepResult {
  if (result.outcome !== 'failed' || !result.message?.startsWith('the story is wrong: no variable ')) return result;
  const name = /no variable (\w+)/.exec(result.message)?.[1];
  if (!name || !capturedByStory(scenario, name)) return result;
  const message = `nothing to clean up: ${name} was never made (the story stopped before the step that makes it)`;
  return { ...result, outcome: 'skipped', message };
}

/** A variable a step of the story captures: a cleanup step may name it before it exists. */
function capturedByStory(scenario: Scenario, name: string): boolean {
  return [...scenario.steps, ...scenario.cleanup].some((step) => Object.hasOwn(step.capture ?? {}, name));
}
