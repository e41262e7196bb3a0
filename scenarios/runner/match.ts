// Expectations against answers. A scalar compares exactly; an object names only the keys it
// checks (others may be there); an array checks every item in order and the length; an object
// of `$` keys is an operator ($match, $present, $absent, $equals, $not, $type, $length,
// $contains, $each, $oneOf, $gt, $gte, $lt, $lte, $instant, $time). Each mismatch says where, what
// was expected and what was there, so a failing step shows expected against actual.
//
// `$time` is a time the target stamps (closed_at, deleted_at, next_attempt_at...), written as the
// story's clock reads it. On a frozen mock clock it is exactly that instant. Where the target's
// clock runs on its own (a deployment), it must be an RFC 3339 time as far from the target's
// clock as the written time is from the story's: `closed_at` "now" is now, give or take the
// tolerance, and `undo_until` "a day from now" is a day from now.
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from './paths.ts';
import type { Matcher } from './types.ts';

export type Mismatch = { path: string; expected: string; actual: string };

/**
 * How `$time` reads on this target: `exact` on a frozen mock clock; otherwise the target's clock
 * stands `shiftMs` from the story's, and a stamped time may be off by `toleranceMs`. Without a
 * story clock (no setup.clock.set) `$time` cannot be read relatively: `unknown` says why.
 */
export type TimeReading = { exact: true } | { exact: false; shiftMs: number; toleranceMs: number } | { unknown: string };

export type MatchContext = { time?: TimeReading };

/** RFC 3339 with an offset, fractional seconds of any length (spec 2.1). */
export const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** What a missing key is, for the matchers. */
export const ABSENT = Symbol('absent');

export function match(expected: Matcher, actual: unknown, path = '', context: MatchContext = {}): Mismatch[] {
  if (isOperator(expected)) return Object.entries(expected).flatMap(([name, argument]) => operator(name, argument, actual, path, context));
  if (actual === ABSENT) return [miss(path, expected, actual)];
  if (Array.isArray(expected)) return matchArray(expected, actual, path, context);
  if (isRecord(expected)) return matchObject(expected, actual, path, context);
  return Object.is(expected, actual) || expected === actual ? [] : [miss(path, expected, actual)];
}

export function isOperator(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key.startsWith('$'));
}

function matchArray(expected: unknown[], actual: unknown, path: string, context: MatchContext): Mismatch[] {
  if (!Array.isArray(actual)) return [miss(path, expected, actual)];
  if (actual.length !== expected.length)
    return [{ path, expected: `${expected.length} items ${show(expected)}`, actual: `${actual.length} items ${show(actual)}` }];
  return expected.flatMap((item, index) => match(item, actual[index], `${path}[${index}]`, context));
}

function matchObject(expected: Record<string, unknown>, actual: unknown, path: string, context: MatchContext): Mismatch[] {
  if (!isRecord(actual)) return [miss(path, expected, actual)];
  return Object.entries(expected).flatMap(([key, item]) =>
    match(item, Object.hasOwn(actual, key) ? actual[key] : ABSENT, join(path, key), context),
  );
}

function operator(name: string, argument: unknown, actual: unknown, path: string, context: MatchContext): Mismatch[] {
  const fail = (expected: string) => [{ path, expected, actual: show(actual) }];
  switch (name) {
    case '$match':
      return typeof actual === 'string' && new RegExp(String(argument)).test(actual) ? [] : fail(`a string matching /${String(argument)}/`);
    case '$present':
      return actual !== ABSENT ? [] : fail('present');
    case '$absent':
      return actual === ABSENT ? [] : fail('absent');
    case '$equals':
      return isDeepStrictEqual(argument, actual) ? [] : fail(`exactly ${show(argument)}`);
    case '$not':
      return match(argument, actual, path, context).length ? [] : fail(`not ${show(argument)}`);
    case '$type':
      return typeName(actual) === argument || (argument === 'number' && typeof actual === 'number')
        ? []
        : fail(`a value of type ${String(argument)}`);
    case '$length':
      return typeof actual === 'string' || Array.isArray(actual)
        ? match(argument, actual.length, `${path}.length`, context)
        : fail('a list or string');
    case '$contains':
      return contains(argument as Matcher[], actual, path, context);
    case '$each':
      return Array.isArray(actual) ? actual.flatMap((item, index) => match(argument, item, `${path}[${index}]`, context)) : fail('a list');
    case '$oneOf':
      return (argument as Matcher[]).some((option) => match(option, actual, path, context).length === 0)
        ? []
        : fail(`one of ${show(argument)}`);
    case '$instant':
      return isTime(actual) && Date.parse(actual) === Date.parse(String(argument)) ? [] : fail(`a time at the instant ${String(argument)}`);
    case '$time':
      return stampedTime(String(argument), actual, path, context.time ?? { exact: true });
    default:
      return compare(name, argument, actual) ? [] : fail(`${COMPARISONS[name] ?? name} ${show(argument)}`);
  }
}

/** Each matcher finds its own item (two matchers never count the same item). */
function contains(matchers: Matcher[], actual: unknown, path: string, context: MatchContext): Mismatch[] {
  if (!Array.isArray(actual)) return [{ path, expected: 'a list', actual: show(actual) }];
  const used = new Set<number>();
  const problems: Mismatch[] = [];
  for (const matcher of matchers) {
    const index = actual.findIndex((item, at) => !used.has(at) && match(matcher, item, '', context).length === 0);
    if (index >= 0) used.add(index);
    else problems.push({ path, expected: `an item like ${show(matcher)}`, actual: show(actual) });
  }
  return problems;
}

function isTime(value: unknown): value is string {
  return typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value));
}

/** `$time`: see the head of this file. */
function stampedTime(written: string, actual: unknown, path: string, reading: TimeReading): Mismatch[] {
  const fail = (expected: string) => [{ path, expected, actual: show(actual) }];
  if ('unknown' in reading) return fail(`${written} read against the story's clock, which ${reading.unknown}`);
  if (!isTime(actual)) return fail(`an RFC 3339 time with an offset (${written} on the story's clock)`);
  if (reading.exact) return Date.parse(actual) === Date.parse(written) ? [] : fail(`the instant ${written} (the story's clock is frozen)`);
  const due = Date.parse(written) + reading.shiftMs;
  if (Math.abs(Date.parse(actual) - due) <= reading.toleranceMs) return [];
  return fail(
    `${new Date(due).toISOString()} within ${reading.toleranceMs / 1000} s (${written} on the story's clock, read against the target's)`,
  );
}

const COMPARISONS: Record<string, string> = { $gt: 'more than', $gte: 'at least', $lt: 'less than', $lte: 'at most' };

/** Numbers compare as numbers; times (RFC 3339, any offset or precision) as instants. */
function compare(name: string, bound: unknown, actual: unknown): boolean {
  const [left, right] = typeof bound === 'string' && typeof actual === 'string' ? [Date.parse(actual), Date.parse(bound)] : [actual, bound];
  if (typeof left !== 'number' || typeof right !== 'number' || Number.isNaN(left) || Number.isNaN(right)) return false;
  if (name === '$gt') return left > right;
  if (name === '$gte') return left >= right;
  if (name === '$lt') return left < right;
  return left <= right;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function miss(path: string, expected: unknown, actual: unknown): Mismatch {
  return { path, expected: show(expected), actual: show(actual) };
}

function join(path: string, key: string): string {
  const part = /^[\w-]+$/.test(key) ? key : `["${key}"]`;
  return !path ? part : part.startsWith('[') ? `${path}${part}` : `${path}.${part}`;
}

const SHOWN = 300;

/** A value as a person reads it in a failure: JSON, cut short. */
export function show(value: unknown): string {
  if (value === ABSENT) return 'nothing (no such key)';
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

export function describeMismatches(mismatches: Mismatch[], prefix: string): string {
  const where = (path: string) => (!path ? prefix : path.startsWith('[') || !prefix ? `${prefix}${path}` : `${prefix}.${path}`);
  return mismatches.map((mismatch) => `${where(mismatch.path)}: expected ${mismatch.expected}, got ${mismatch.actual}`).join('\n');
}
