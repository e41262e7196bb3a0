// What a step did, for the steps after it. A step that passed did what the story says; one that
// was skipped or failed did not, and neither did a pending one that failed (a step marked
// `pending`, or `inferred` against a deployment): what it would have captured and its `id` become
// unavailable, with the reason, so that a step building on it (using a variable it captures, or
// naming it in `needs:`) is skipped, saying which step and why, rather than judged on a change
// that never happened.
import type { StepResult } from './report.ts';
import type { Step } from './types.ts';
import type { World } from './world.ts';

export function recordEffects(world: World, step: Step, result: StepResult): void {
  if (result.outcome === 'passed') {
    if (step.id) world.vars.set(step.id, result.summary ?? step.name);
    return;
  }
  const reason = whyNotDone(result);
  for (const name of [...Object.keys(step.capture ?? {}), ...(step.id ? [step.id] : [])]) world.vars.withdraw(name, reason);
}

function whyNotDone(result: StepResult): string {
  const message = result.message ?? '';
  if (result.outcome === 'skipped') return `step ${result.index} was skipped (${rootReason(message)})`;
  if (result.outcome === 'pending') return `step ${result.index} is ${message.split('\n')[0]}`;
  return `step ${result.index} failed`;
}

/** Why a chain of skipped steps began: `needs a, which is unavailable: step 2 was skipped (needs b, … (why))` is `why`. */
function rootReason(message: string): string {
  const inner = /^needs \w+, which is unavailable: step \d+ was skipped \((.*)\)$/s.exec(message);
  return inner ? rootReason(inner[1]!) : message;
}
