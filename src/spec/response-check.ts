// Whether an answer is one the document allows: its status declared by the operation and its
// JSON body valid against that response's schema. The mock's own tests run every answer
// through this, and the conformance suite runs a real deployment's answers through it.
import type { Operation } from './operation-index.ts';
import type { SchemaValidator } from './schema-validator.ts';

/**
 * Where in the body a schema problem is (a JSON pointer, `` for the body itself; none: a body where
 * the status has none), what it is, and the field it concerns (the pointer, or a missing property's).
 */
export type BodyProblem = { pointer: string | undefined; message: string; field?: string };

export function responseProblems(operation: Operation, validator: SchemaValidator, status: number, body: unknown): string[] {
  const problems = bodyProblems(operation, validator, status, body);
  if (problems === undefined) return [`${operation.id} does not declare status ${status}`];
  return problems.map(({ pointer, message }) =>
    pointer === undefined ? `${operation.id} ${message}` : `${operation.id} ${status}: body${pointer} ${message}`,
  );
}

/** The body's problems against the status's schema, each with its pointer; undefined when the operation does not declare the status. */
export function bodyProblems(operation: Operation, validator: SchemaValidator, status: number, body: unknown): BodyProblem[] | undefined {
  const declared = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => operation.responseStatuses.includes(key));
  if (!declared) return undefined;
  const pointer = operation.responseSchemas[declared];
  if (!pointer) return body === undefined ? [] : [{ pointer: undefined, message: `declares no JSON body for ${declared}` }];
  return validator.problems(pointer, body).map((problem) => {
    const missing = problem.keyword === 'required' ? `/${String(problem.params.missingProperty)}` : '';
    return { pointer: problem.instancePath, message: problem.message ?? 'is not valid', field: `${problem.instancePath}${missing}` };
  });
}
