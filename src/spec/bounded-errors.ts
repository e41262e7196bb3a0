// Ajv collects every problem of a body (`allErrors`), and its generated code does so at a cost
// that grows faster than the body (issue 15): each failing `$ref` merges its errors with
// `vErrors = vErrors.concat(errs)`, a copy of all errors so far (1 MB of `{}` as field options:
// 10^10 copies), and a keyword failing once per key or item re-walks the errors its earlier
// failures added (`propertyNames`: a label with 10,000 unknown locales took 7 s). A body can
// also simply hold 300,000 problems, an answer of 30 MB.
// Ajv's `code.process` option rewrites generated code; this rewrite (1) appends merged errors in
// place, and (2) stops a validation once one schema holds more than MAX_PROBLEMS problems at a
// time, throwing `{ tooManyProblems }` (a plain object: the code has no other names in scope,
// whether compiled at run time or written out as a module). The work is then linear in the body, and
// the answer names at most MAX_PROBLEMS problems; any body with fewer is judged exactly as before.

export const MAX_PROBLEMS = 1000;

/** What a validator that stopped at MAX_PROBLEMS problems throws: the problems it had found. */
export type TooManyProblems = { tooManyProblems: unknown[] };

export function isTooManyProblems(thrown: unknown): thrown is TooManyProblems {
  return typeof thrown === 'object' && thrown !== null && Array.isArray((thrown as TooManyProblems).tooManyProblems);
}

const MERGE = /vErrors = vErrors === null \? ([\w$.]+\.errors) : vErrors\.concat\(\1\);errors = vErrors\.length;/g;
const COUNT = /errors\+\+;/g;
const STOP = `if (errors > ${MAX_PROBLEMS}) throw { tooManyProblems: vErrors };`;

/** The generated source with linear error merges and the problem budget. */
export function boundedErrors(source: string): string {
  return source
    .replace(
      MERGE,
      (_statement, errors: string) =>
        `if (vErrors === null) vErrors = ${errors}.slice(); else for (const merged of ${errors}) vErrors.push(merged);errors = vErrors.length;${STOP}`,
    )
    .replace(COUNT, `errors++;${STOP}`);
}

/** Whether `source` still holds a merge that copies, or a count that goes unchecked (a new Ajv writing them differently): the test guards the rewrite with it. */
export function isUnbounded(source: string): boolean {
  return /vErrors\.concat\(/.test(source) || /errors\+\+;(?!if \(errors >)/.test(source);
}
