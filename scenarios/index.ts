// `crmkit/scenarios`: load and run the stories from code.
export { runScenarios, runScenario, type RunOptions, type RunHooks } from './runner/run.ts';
export { loadScenario, parseScenario, ScenarioFileError } from './runner/load.ts';
export { resolveTarget, type Target, type TargetOptions } from '../harness/target.ts';
export type { ScenarioReport, ScenarioResult, StepResult, StepOutcome, ScenarioOutcome } from './runner/report.ts';
export type { Scenario, Step } from './runner/types.ts';
export { prettyScenarioReport } from './runner/reporters/pretty.ts';
export { junitScenarioReport } from './runner/reporters/junit.ts';
