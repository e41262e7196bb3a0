// `regex` conditions (spec 4.13) on a matcher whose time is linear in the text: RE2 (re2js, plain
// JavaScript, so the MSW face in a browser runs the same code). V8's own RegExp backtracks with no
// limit, and no test of a pattern's shape finds every slow form (`((a+))+`, `(a|a)*`, `(\w\w*)+`
// held the whole mock for 57 to 83 s on one 29-character name: issue 24).
//
// Linear is not yet small: the cost of one test grows with the text and with the compiled
// program (a counted repeat such as `(a{1,100}){1,10}` compiles to about 2,000 steps and takes
// about 14 ms on a 255-character name where `(ov|ova)$` takes microseconds). So a program has a
// size limit, and a query's regex tests share one budget of time: a query that would spend more
// answers 422 `query_too_slow` ("filter too slow; add a selective condition", spec 7.3). No
// request can hold the mock longer than the budget plus one test.
import { RE2JS, RE2JSException, type RE2JSSyntaxException } from 're2js';
import { invalidQuery, querySlow } from './query-errors.ts';

/** Steps of a compiled pattern at most (RE2's "program size"): `a{1000}` has about 1,000. */
export const MAX_PROGRAM_SIZE = 2_000;
/**
 * Time a query's regex tests may take, in all. A full scan of 100,000 names with a small pattern
 * takes about 100 ms here (`node bench/query.ts`); the slowest program allowed, about 14 ms a name.
 */
export const REGEX_TIME_BUDGET_MS = 250;

/** What the regex tests of one query have spent (evaluate.ts makes one per filter). */
export class RegexWork {
  spentMs = 0;
}

export type RegexTest = (text: string) => boolean;

/**
 * The pattern as a test ignoring case, like every text operator. ECMAScript syntax is translated
 * (re2js `translateRegExp`); what RE2 cannot run in linear time (lookarounds, backreferences) is
 * refused with `invalid_query`, and a program over MAX_PROGRAM_SIZE with `query_too_slow`.
 */
export function boundedRegex(source: string, path: string, work: RegexWork): RegexTest {
  const where = `${path}.value`;
  try {
    new RegExp(source, 'u');
  } catch (error) {
    throw invalidQuery(where, `not a valid regular expression: ${(error as Error).message}`);
  }
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    // RE2 refuses counted repeats of over 1,000 in all: a size, not a syntax, the same as the program's.
    if ((error as RE2JSSyntaxException).getDescription?.() === 'invalid repeat count')
      throw tooLarge(where, 'its counted repeats come to more than 1,000');
    throw invalidQuery(where, `not supported: patterns run in linear time, without lookarounds or backreferences (${error.message})`);
  }
  const size = pattern.programSize();
  if (size > MAX_PROGRAM_SIZE) throw tooLarge(where, `it compiles to ${size} steps, at most ${MAX_PROGRAM_SIZE}`);
  return (text) => {
    if (work.spentMs > REGEX_TIME_BUDGET_MS) throw querySlow(where, 'the regex runs over too many records: add a selective condition');
    const started = performance.now();
    const found = pattern.test(text);
    work.spentMs += performance.now() - started;
    return found;
  };
}

function tooLarge(where: string, why: string) {
  return querySlow(where, `the pattern is too large to run: ${why}; write its counted repeats smaller`);
}
