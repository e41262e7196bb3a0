// `needs: [name]` names what an earlier part of the story makes: a variable of the runner or of
// setup.variables, one an earlier step captures, or the `id` of an earlier step. A name nothing
// earlier makes is a slip of the author (a typo, or a step put before the one it builds on),
// reported when the file loads rather than as a failed step.
import type { Scenario, Step } from './types.ts';

const RUNNER_NAMES = ['receiver', 'workspace', 'whoami', 'mock', 'setup', 'target', 'run'];

export type NeedsProblem = { path: (string | number)[]; message: string };

export function needsProblems(scenario: Pick<Scenario, 'steps' | 'cleanup' | 'setup'>): NeedsProblem[] {
  const known = new Set([...RUNNER_NAMES, ...Object.keys(scenario.setup.variables ?? {})]);
  const problems: NeedsProblem[] = [];
  const walk = (steps: Step[], part: 'steps' | 'cleanup') => {
    for (const [index, step] of steps.entries()) {
      for (const name of Array.isArray(step.needs) ? step.needs : []) {
        const message = `needs ${name}, which no step before it captures or has as its id`;
        if (!known.has(name)) problems.push({ path: [part, index, 'needs'], message });
      }
      for (const name of [...Object.keys(step.capture ?? {}), ...(step.id ? [step.id] : [])]) known.add(name);
    }
  };
  walk(scenario.steps, 'steps');
  walk(scenario.cleanup, 'cleanup');
  return problems;
}
