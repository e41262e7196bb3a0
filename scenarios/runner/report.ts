// What a run answers: per scenario, per step, an outcome with its message and evidence.
import type { TargetKind } from '../../harness/target.ts';

export type StepOutcome = 'passed' | 'failed' | 'skipped' | 'pending';
export type ScenarioOutcome = 'passed' | 'failed' | 'pending';

export type StepResult = {
  /** 1-based; 0 is the setup. */
  index: number;
  name: string;
  kind: string;
  /** file:line of the step. */
  at: string;
  outcome: StepOutcome;
  /** What the step did: `POST /v1/leads → 201`, `clock +1d → …`. */
  summary?: string;
  /** Why it failed (expected against actual), was skipped or is pending. */
  message?: string;
  /** The exchange or the items received, for a failure. */
  evidence?: string;
  ms: number;
};

export type ScenarioResult = {
  file: string;
  title: string;
  outcome: ScenarioOutcome;
  /** For a failure: the step and what went wrong; for a pending story: its reason. */
  message?: string;
  steps: StepResult[];
  ms: number;
};

export type ScenarioReport = { target: { baseUrl: string; kind: TargetKind }; runId: string; scenarios: ScenarioResult[] };

export function counts<T extends string>(outcomes: T[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
  return tally;
}
