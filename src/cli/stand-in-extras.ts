// Inputs a QA engineer prepares in a deployment's web app for the rules that need a record of a
// kind the workspace's own may not hold, made for the stand-in (`crmkit mock --stand-in`) through
// the store: a form without consent text and without allowed websites (spec 2.14: its
// configuration shows `consent: ""`).
import { STARTER_FORM } from '../resources/starter-content.ts';
import { addForm } from '../resources/workspace-content.ts';
import type { Form } from '../resources/forms/form-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';

/** The starter form with every language's consent text empty and no allowed websites (any page may embed it). */
export function addOpenForm(workspace: Workspace): Promise<Form> {
  const texts = Object.fromEntries(Object.entries(STARTER_FORM.texts).map(([lang, text]) => [lang, { ...text, consent: '' }]));
  return addForm(workspace, { ...STARTER_FORM, name: 'QA open form', texts, allowed_origins: [] });
}
