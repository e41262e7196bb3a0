// Writes one answered request of the CRM interface into the mock's journal (request-journal.ts).
import { heldTextOf } from '../wire/held-body.ts';
import type { MockState } from '../mock-state.ts';
import type { Operation } from '../spec/operation-index.ts';
import { journalBody, journalHeaders, type JournalEntry } from './request-journal.ts';

export type Answered = {
  request: Request;
  /** The method as the client sent it: a TRACE, TRACK, CONNECT or custom method travels as a GET Request (http/handle.ts RequestInfo). */
  method: string;
  response: Response;
  requestId: string;
  route: { operation?: Operation; workspaceId?: string; bodyText?: string };
  ms: number;
};

export function journal(state: MockState, { request, method, response, requestId, route, ms }: Answered): void {
  const url = new URL(request.url);
  const responseText = response.type === 'error' ? undefined : heldTextOf(response);
  const entry: JournalEntry = {
    id: requestId,
    at: new Date(state.workspaces.get(route.workspaceId ?? '')?.now() ?? Date.now()).toISOString(),
    workspace_id: route.workspaceId ?? null,
    method,
    path: url.pathname + url.search,
    operation: route.operation?.id ?? null,
    status: response.status,
    duration_ms: Math.round(ms * 1000) / 1000,
    request: { headers: journalHeaders(request.headers), body: journalBody(route.bodyText) },
    response: { headers: journalHeaders(response.headers), body: journalBody(responseText) },
    problem: response.status >= 400 ? problemOf(responseText) : null,
  };
  state.journal.record(entry);
}

/** The error's code, message and fields, from the envelope (or the OAuth format). */
function problemOf(text: string | undefined): JournalEntry['problem'] {
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  const error = body?.error;
  if (error && typeof error === 'object')
    return { code: String(error.code), message: String(error.message), ...(error.fields ? { fields: error.fields } : {}) };
  if (typeof error === 'string') return { code: error, message: String(body.error_description ?? '') };
  return null;
}
