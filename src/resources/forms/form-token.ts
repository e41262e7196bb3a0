// The `token` of a form configuration (spec 2.14, 4.12): it proves when the form was loaded, on
// the workspace's clock, so that a submission can be told apart when it comes faster than
// `min_ms` (dropped) or a day or more later (409 `form_expired`). It is signed with the mock's
// key through the cursor codec (HMAC-SHA-256, Web Crypto or node:crypto), bound to the workspace
// and the form: a token edited by hand, or of another form, is forged and answers `form_expired`.
import { ApiError } from '../../errors/api-error.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { Form } from './form-record.ts';

const PREFIX = 'ft.';
/** Spec 4.12: "a day-old token answers 409 form_expired". */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A token saying the form was loaded at `atMs` (now by default; the named faults back-date one). */
export function issueFormToken(state: MockState, workspace: Workspace, form: Form, atMs = workspace.now()): Promise<string> {
  return state.cursors.encode(boundTo(workspace, form), { id: form.id, sortValue: atMs }).then((signed) => PREFIX + signed);
}

/** When the form was loaded (workspace milliseconds); 409 `form_expired` for a missing, forged or day-old token. */
export async function loadedAt(state: MockState, workspace: Workspace, form: Form, token: string | undefined): Promise<number> {
  const atMs = await readToken(state, workspace, form, token);
  const age = workspace.now() - (atMs ?? NaN);
  // A token from the future (the clock was set back after loading) proves nothing either.
  if (atMs === undefined || !(age >= 0 && age < TOKEN_LIFETIME_MS)) throw new ApiError('form_expired');
  return atMs;
}

/** When a token says the form was loaded, or undefined when it is missing or forged (its age is not judged here). */
export async function readToken(
  state: MockState,
  workspace: Workspace,
  form: Form,
  token: string | undefined,
): Promise<number | undefined> {
  if (!token?.startsWith(PREFIX)) return undefined;
  try {
    const position = await state.cursors.decode(boundTo(workspace, form), token.slice(PREFIX.length));
    return typeof position.sortValue === 'number' ? position.sortValue : undefined;
  } catch {
    return undefined;
  }
}

function boundTo(workspace: Workspace, form: Form): string {
  return `form-token:${workspace.id}:${form.id}`;
}
