// Runs stories against a target: each in a workspace of its own with its own webhook receiver,
// its setup first, then its steps in order. A failed step stops its story (the steps after it
// build on it); a skipped step does not, but the steps that build on what it would have done are
// skipped too (step-effects.ts). A pending story or step still runs, but is reported as pending,
// never as a failure. Each run of a story has its own `${run}`, a short text no other
// run has, so that a story names (and later finds) its records in a workspace others share; its
// `cleanup:` steps run however the story ended, and delete what it made.
import { randomBytes } from 'node:crypto';
import { loadScenario, ScenarioFileError } from './load.ts';
import { resolveTarget, type Target, type TargetOptions } from '../../harness/target.ts';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import type { ScenarioReport, ScenarioResult, StepResult } from './report.ts';
import { applySetup } from './setup.ts';
import { runCleanup, type Attempt, type StepInfo } from './cleanup.ts';
import { withProgress, type Progress } from '../../harness/waiting.ts';
import { runStep } from './steps/index.ts';
import { recordEffects } from './step-effects.ts';
import { kindOf, type Scenario, type Step } from './types.ts';
import { UnknownVariable, VariableUnavailable } from './variables.ts';
import { newWorld, StepFailure, StepSkipped, type World } from './world.ts';

export type RunHooks = {
  onScenario?(scenario: Scenario): void;
  onStep?(result: StepResult, scenario: Scenario): void;
  onScenarioEnd?(result: ScenarioResult): void;
  /** Called every 5 s while a step runs: how long it has run and what it waits for (a delivery, a retry), for the reporter to say. */
  onStepProgress?(progress: StepProgress, scenario: Scenario): void;
  /** How often onStepProgress is called (5 s; tests make it shorter). */
  progressEveryMs?: number;
};

/** A running step: its place in the story, how long it has run, and what it waits for. */
export type StepProgress = Progress & { step: { index: number; name: string } };

export type RunOptions = TargetOptions & RunHooks;

type Recorder = (result: StepResult) => void;

/** Loads and runs the files (or scenarios already loaded); a file that does not load is a failed story. */
export async function runScenarios(sources: (string | Scenario)[], options: RunOptions = {}): Promise<ScenarioReport> {
  const target = await resolveTarget(options, { ownMock: true });
  const scenarios: ScenarioResult[] = [];
  try {
    for (const source of sources) {
      const loaded = load(source);
      const result = 'steps' in loaded ? await runScenario(loaded, target, options) : loaded.failure;
      if (!('steps' in loaded)) options.onScenarioEnd?.(result);
      scenarios.push(result);
    }
  } finally {
    await target.close();
  }
  return { target: { baseUrl: target.baseUrl, kind: target.kind }, runId: `s${Date.now().toString(36)}`, scenarios };
}

function load(source: string | Scenario): Scenario | { failure: ScenarioResult } {
  if (typeof source !== 'string') return source;
  try {
    return loadScenario(source);
  } catch (error) {
    const message = error instanceof ScenarioFileError ? error.message : `${source} cannot be read: ${(error as Error).message}`;
    return { failure: { file: source, title: source, outcome: 'failed', message, steps: [], ms: 0 } };
  }
}

export async function runScenario(scenario: Scenario, target: Target, hooks: RunHooks = {}): Promise<ScenarioResult> {
  const started = performance.now();
  hooks.onScenario?.(scenario);
  const receiver = await WebhookReceiver.start(target.kind === 'deployment' ? target.webhookReceiver : {});
  const world = newWorld(target, receiver);
  world.vars.set('run', runId());
  const steps: StepResult[] = [];
  const record = (result: StepResult) => {
    steps.push(result);
    hooks.onStep?.(result, scenario);
  };
  const judged: Attempt = async (info, step, work) => pendingStep(world, step, await attempt(info, work));
  try {
    const setup = await attempt({ index: 0, name: 'setup', kind: 'setup', at: `${scenario.file}:${scenario.setupLine}` }, async () =>
      (await applySetup(world, scenario.setup)).join('; '),
    );
    record(setup);
    try {
      await runSteps(world, scenario, judged, record, setup.outcome === 'failed' ? 'the setup failed' : undefined, hooks);
    } finally {
      if (setup.outcome !== 'failed') await runCleanup(world, scenario, judged, record);
    }
  } finally {
    await receiver.close();
    await world.client.close();
  }
  const result = conclude(scenario, steps, performance.now() - started);
  hooks.onScenarioEnd?.(result);
  return result;
}

/** The steps in order; after a failed one the rest are not run (they build on it). */
async function runSteps(
  world: World,
  scenario: Scenario,
  judged: Attempt,
  record: Recorder,
  stopped: string | undefined,
  hooks: RunHooks,
): Promise<void> {
  let stoppedBy = stopped;
  for (const [position, step] of scenario.steps.entries()) {
    const info = { index: position + 1, name: step.name, kind: kindOf(step), at: `${scenario.file}:${scenario.stepLines[position]}` };
    if (stoppedBy) {
      record({ ...info, outcome: 'skipped', message: `not run: ${stoppedBy}`, ms: 0 });
      continue;
    }
    const onProgress = hooks.onStepProgress && ((progress: Progress) => hooks.onStepProgress!({ ...progress, step: info }, scenario));
    const result = await withProgress(onProgress, () => judged(info, step, () => runStep(world, step)), hooks.progressEveryMs);
    recordEffects(world, step, result);
    record(result);
    if (result.outcome === 'failed') stoppedBy = `step ${info.index} failed`;
  }
}

/**
 * `run` + 8 random lowercase letters: fits a tag name (32 characters) beside a word, and has no
 * digits, as a text search may read digits as a record number or part of a phone number.
 */
export function runId(): string {
  return `run${[...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

async function attempt(info: StepInfo, work: () => Promise<string>): Promise<StepResult> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  try {
    return { ...info, outcome: 'passed', summary: await work(), ms: ms() };
  } catch (error) {
    if (error instanceof StepSkipped || error instanceof VariableUnavailable)
      return { ...info, outcome: 'skipped', message: error.message, ms: ms() };
    if (error instanceof StepFailure)
      return { ...info, outcome: 'failed', summary: error.summary, message: error.message, evidence: error.evidence, ms: ms() };
    if (error instanceof UnknownVariable) return { ...info, outcome: 'failed', message: `the story is wrong: ${error.message}`, ms: ms() };
    return { ...info, outcome: 'failed', message: `the step broke: ${error instanceof Error ? error.message : String(error)}`, ms: ms() };
  }
}

/**
 * A pending step that fails is pending; what it would have done is unavailable to the steps after
 * it (step-effects.ts). So is a step marked `inferred` that fails against a deployment: it rests on
 * a part the spec does not show, which crmkit designed its own way (spec README, reading 3), so a
 * deployment that chose otherwise is not wrong; on a mock it must pass.
 */
function pendingStep(world: World, step: Step, result: StepResult): StepResult {
  if (step.pending && result.outcome === 'passed')
    return { ...result, summary: `${result.summary} (marked pending, but passes now: remove pending)` };
  const reason =
    step.pending ??
    (step.inferred !== undefined && world.target.kind === 'deployment'
      ? `rests on what the spec does not show (${step.inferred})`
      : undefined);
  if (!reason || result.outcome !== 'failed') return result;
  return { ...result, outcome: 'pending', message: `pending: ${reason}\n${result.message}` };
}

function conclude(scenario: Scenario, steps: StepResult[], ms: number): ScenarioResult {
  const failed = steps.find((step) => step.outcome === 'failed');
  const what = failed?.summary ? ` (${failed.summary})` : '';
  const failure =
    failed &&
    `${failed.index === 0 ? 'the setup' : `step ${failed.index} "${failed.name}"`} at ${failed.at} failed${what}:\n${failed.message}`;
  const base = { file: scenario.file, title: scenario.title, steps, ms };
  if (scenario.pending)
    return { ...base, outcome: 'pending', message: `pending: ${scenario.pending}\n${failure ?? 'every step passes now: remove pending'}` };
  return failure ? { ...base, outcome: 'failed', message: failure } : { ...base, outcome: 'passed' };
}
