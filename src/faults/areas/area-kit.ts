// What the area mutants (src/faults/areas/*.ts) share: a handler's answer changed where it is made
// (inside the request's transaction, for a fault that acts around the handler), a handler's input
// body and query read as plain records, and the caller's workspace tables.
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import type { ValidatedInput } from '../../http/request-validation.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import { withBody as withHeldBody } from '../../wire/held-body.ts';
import { changed, jsonOf } from '../fault.ts';

/** A successful handler answer with its JSON body changed by `alter` (a Response or the handler's own `{status, body}`). */
export async function alterResult(result: HandlerResult, alter: (body: any) => unknown): Promise<HandlerResult> {
  if (result instanceof Response) {
    // Inside the core a JSON answer's text is held beside a body-less Response (http/held-body.ts).
    const response = withHeldBody(result);
    const body = response.ok ? await jsonOf(response) : undefined;
    return body === undefined ? result : changed(response, { body: await alter(body) });
  }
  if ((result.status ?? 200) >= 400 || result.body === undefined) return result;
  return { ...result, body: await alter(structuredClone(result.body)) };
}

/** The validated body as a record (an operation without a JSON body gives {}). */
export function bodyOf(input: ValidatedInput): Record<string, any> {
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

/** Each item of a list answer's `data`, or the single answer, changed by `alter`. */
export function eachShown(body: any, alter: (item: any) => any): any {
  return Array.isArray(body?.data) ? { ...body, data: body.data.map(alter) } : alter(body);
}
