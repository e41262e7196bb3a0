// `capture:` keeps parts of what a step got (an answer, or the first webhook request or event it
// chose) as variables, each in turn so that one may use the one before it: a path
// (`body.id`), the first group of a pattern in it (`{from, match}`), the items of a list that
// match (`{from, where}`) or the first of them (`{from, find}`, unavailable with the reason when
// none does, so that the steps that need it are skipped).
import { match, show } from '../match.ts';
import { follow, parsePath } from '../paths.ts';
import type { CaptureSpec } from '../types.ts';
import { matchContext, type StepFailure, type World } from '../world.ts';

export function captureFrom(world: World, captures: Record<string, CaptureSpec>, answer: unknown, failure: (message: string) => StepFailure): void {
  for (const [name, written] of Object.entries(captures)) {
    const spec = world.vars.interpolate(written);
    const from = typeof spec === 'string' ? spec : spec.from;
    const found = follow(answer, parsePath(from));
    if (!found.found) throw failure(`capture ${name}: the answer has no ${found.missing}`);
    const value = found.value;
    if (typeof spec === 'string') world.vars.set(name, value);
    else if ('match' in spec) world.vars.set(name, group(name, spec, value, failure));
    else if (!Array.isArray(value)) throw failure(`capture ${name}: ${spec.from} is not a list`);
    else if ('where' in spec) world.vars.set(name, value.filter((item) => match(spec.where, item, '', matchContext(world)).length === 0));
    else {
      const first = value.find((item) => match(spec.find, item, '', matchContext(world)).length === 0);
      if (first === undefined) world.vars.unavailable(name, `no item of ${spec.from} is like ${show(spec.find)}`);
      else world.vars.set(name, first);
    }
  }
}

/** `{from, match}`: the first group of the pattern (or the whole match) in the text found. */
function group(name: string, spec: { from: string; match: string }, value: unknown, failure: (message: string) => StepFailure): string {
  const found = new RegExp(spec.match).exec(typeof value === 'string' ? value : JSON.stringify(value));
  if (!found) throw failure(`capture ${name}: ${spec.from} ${show(value)} does not match /${spec.match}/`);
  return decodeURIComponent(found[1] ?? found[0]);
}
