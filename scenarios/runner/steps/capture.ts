// `capture:` keeps parts of what a step got (an answer, or the first webhook request or event it
// chose) as variables, each in turn so that one may use the one before it: a path
// (`body.id`), the first group of a pattern in it (`{from, match}`), the items of a list that
// match (`{from, where}`) or the first of them (`{from, find}`, unavailable with the reason when
// none does, so that the steps that need it are skipped).
import { match, show } from '../match.ts';
import { follow, parsePath } from '../paths.ts';
import type { CaptureSpec } from '../types.ts';
import { Unavailable } from '../variables.ts';
import { matchContext, type StepFailure, type World } from '../world.ts';

export function captureFrom(
  world: World,
  captures: Record<string, CaptureSpec>,
  answer: unknown,
  failure: (message: string) => StepFailure,
): void {
  for (const [name, written] of Object.entries(captures)) {
    const value = captured(world, name, written, answer, failure);
    if (value instanceof Unavailable) world.vars.unavailable(name, value.reason);
    else world.vars.set(name, value);
  }
}

/**
 * A request that made something (it succeeded) but not as the story expects: the story stops, and
 * what the step would have captured is held for cleanup only, so that what it made is deleted.
 */
export function holdForCleanup(world: World, captures: Record<string, CaptureSpec>, answer: unknown, reason: string): void {
  for (const [name, written] of Object.entries(captures)) {
    try {
      const value = captured(world, name, written, answer, (message) => new Error(message) as StepFailure);
      if (!(value instanceof Unavailable)) world.vars.unavailable(name, reason, { value });
    } catch {
      // Nothing to hold: the answer lacks what the capture names.
    }
  }
}

function captured(world: World, name: string, written: CaptureSpec, answer: unknown, failure: (message: string) => StepFailure): unknown {
  const spec = world.vars.interpolate(written);
  const from = typeof spec === 'string' ? spec : spec.from;
  const found = follow(answer, parsePath(from));
  if (!found.found) throw failure(`capture ${name}: the answer has no ${found.missing}`);
  const value = found.value;
  if (typeof spec === 'string') return value;
  if ('match' in spec) return group(name, spec, value, failure);
  if (!Array.isArray(value)) throw failure(`capture ${name}: ${spec.from} is not a list`);
  if ('where' in spec) return value.filter((item) => match(spec.where, item, '', matchContext(world)).length === 0);
  const first = value.find((item) => match(spec.find, item, '', matchContext(world)).length === 0);
  return first === undefined ? new Unavailable(`no item of ${spec.from} is like ${show(spec.find)}`) : first;
}

/** `{from, match}`: the first group of the pattern (or the whole match) in the text found. */
function group(name: string, spec: { from: string; match: string }, value: unknown, failure: (message: string) => StepFailure): string {
  const found = new RegExp(spec.match).exec(typeof value === 'string' ? value : JSON.stringify(value));
  if (!found) throw failure(`capture ${name}: ${spec.from} ${show(value)} does not match /${spec.match}/`);
  return decodeURIComponent(found[1] ?? found[0]);
}
