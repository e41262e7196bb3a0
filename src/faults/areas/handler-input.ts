// A handler's input as an area mutant (src/faults/areas/) misreads it, on the `alterInput` seam:
// the validated body and query read as plain records and changed on a copy, and the tables of the
// caller's workspace that a buggy handler reads or writes (seams/handler-seams.ts).
import type { HandlerContext } from '../../http/handler.ts';
import type { ValidatedInput } from '../../http/request-validation.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';

/** The validated body as a record (an operation without a JSON body gives {}). */
export function bodyOf(input: Pick<ValidatedInput, 'body'>): Record<string, any> {
  return input.body && typeof input.body === 'object' ? (input.body as Record<string, any>) : {};
}

/** The input with its body changed by `change` (given a copy). */
export function withBody(input: ValidatedInput, change: (body: Record<string, any>) => Record<string, any>): ValidatedInput {
  return { ...input, body: change({ ...bodyOf(input) }) };
}

/** The input with its query changed by `change` (given a copy). */
export function withQueryInput(input: ValidatedInput, change: (query: Record<string, unknown>) => void): ValidatedInput {
  const query = { ...input.query };
  change(query);
  return { ...input, query };
}

/** The tables of the caller's workspace (every operation these mutants name takes credentials). */
export function tablesOf(context: HandlerContext): WorkspaceTables {
  if (!context.caller) throw new Error(`${context.operation.id} reached an area mutant without a caller`);
  return context.caller.workspace.tables;
}
