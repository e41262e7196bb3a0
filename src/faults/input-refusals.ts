// What the mutants of refused input share (areas/conventions-input.ts, limits-input.ts, auth-credentials.ts):
// the single-record operations of the numbered records (spec 2.1), and an error envelope a mutant answers itself.
import { errorDocsUrl } from '../errors/docs-url.ts';
import type { MockState } from '../mock-state.ts';
import type { OperationId } from '../spec/operation-types.ts';

export type NumberedKind = 'leads' | 'contacts' | 'companies' | 'tasks';

/** The single-record routes of the numbered records (/v1/<records>/{id}), which take a number for the id (spec 2.1). */
export const RECORD_ROUTES: Record<NumberedKind, readonly OperationId[]> = {
  leads: ['getLead', 'updateLead', 'deleteLead'],
  contacts: ['getContact', 'updateContact', 'deleteContact'],
  companies: ['getCompany', 'updateCompany', 'deleteCompany'],
  tasks: ['getTask', 'updateTask', 'deleteTask'],
};

/** An error envelope the fault answers itself, with the caller's request id and the code's docs page. */
export function errorAnswer(
  state: MockState,
  request: Request,
  status: number,
  code: string,
  message: string,
  extras: Record<string, unknown> = {},
): Response {
  const requestId = request.headers.get('x-request-id') ?? 'req_fault';
  return new Response(
    JSON.stringify({ error: { code, message, request_id: requestId, docs_url: errorDocsUrl(state.config, code), ...extras } }),
    {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
    },
  );
}
