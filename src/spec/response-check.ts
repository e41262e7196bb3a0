// Whether an answer is one the document allows: its status declared by the operation and its
// JSON body valid against that response's schema. The mock's own tests run every answer
// through this, and the conformance suite runs a real deployment's answers through it.
import type { Operation } from './operation-index.ts';
import type { SchemaValidator } from './schema-validator.ts';

export function responseProblems(operation: Operation, validator: SchemaValidator, status: number, body: unknown): string[] {
  const declared = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => operation.responseStatuses.includes(key));
  if (!declared) return [`${operation.id} does not declare status ${status}`];
  const pointer = operation.responseSchemas[declared];
  if (!pointer) return body === undefined ? [] : [`${operation.id} declares no JSON body for ${declared}`];
  return validator.problems(pointer, body).map((problem) => `${operation.id} ${status}: body${problem.instancePath} ${problem.message}`);
}
