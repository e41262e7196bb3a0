// The form a public route names. These routes carry no credential, so no workspace is known up
// front: ids are unique across the mock (spec 2.1), and the form is looked up in every
// workspace. Unknown, paused (and so deleted) forms answer 404 `form_unavailable` (spec 4.12).
import { ApiError } from '../../errors/api-error.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { Form } from './form-record.ts';

export type PublicForm = { workspace: Workspace; form: Form };

/** The form of this id whatever its status, or undefined. */
export function findForm(state: MockState, formId: string): PublicForm | undefined {
  for (const workspace of state.workspaces.values()) {
    const form = workspace.tables.forms.get(formId);
    if (form) return { workspace, form };
  }
  return undefined;
}

/** The form a visitor may load or submit: it exists and is not paused. */
export function availableForm(state: MockState, formId: string): PublicForm {
  const found = findForm(state, formId);
  if (!found || found.form.status !== 'active') throw new ApiError('form_unavailable');
  return found;
}
