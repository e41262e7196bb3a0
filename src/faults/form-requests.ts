// What the mutants of forms share (areas/forms-serving.ts, forms-submissions.ts): the form a request names
// and the visitor's body rewritten before the mock reads it (spec 4.12).
import { findForm, type PublicForm } from '../resources/forms/find-form.ts';
import type { MockState } from '../mock-state.ts';
import type { RoutedOperation } from './operation-of.ts';

export type Body = Record<string, unknown>;

/** The form a routed form request names (the router has decoded its id), or undefined when none has it. */
export function formOf(state: MockState, routed: RoutedOperation): PublicForm | undefined {
  const id = routed.params.form_id;
  if (id === undefined) return undefined;
  try {
    return findForm(state, id);
  } catch {
    return undefined;
  }
}

/** The same request with another JSON body. */
export function withBody(request: Request, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}
