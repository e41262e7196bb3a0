// What a QA engineer sets up in a deployment's web app before a conformance run, done for the
// stand-in (`crmkit mock --stand-in`): a contact custom field of each value type the starter
// fields give leads only (spec 2.11; the suite writes contacts' values), a multiselect of 101
// options (spec 8: 100 values at most), a required one, a member in no team (spec 2.7), and the
// Start plan, whose 25 webhooks the suite's 30 reach (spec 8: the plan's limit, limit_reached).
import type { MockState } from '../mock-state.ts';
import { createField, type CustomFieldCreate } from '../resources/fields/field-writes.ts';
import { systemContext } from '../resources/records/record-context.ts';
import { addMember } from '../workspaces/create-workspace.ts';
import type { Workspace } from '../workspaces/workspace.ts';

const TYPES = ['long_text', 'money', 'datetime', 'multiselect', 'checkbox', 'url', 'member', 'rating'] as const;

export async function setUpForConformance(state: MockState, workspace: Workspace): Promise<void> {
  const context = systemContext(state, workspace);
  const options = Array.from({ length: 101 }, (_, index) => ({ label: `Option ${index + 1}` }));
  const add = (body: CustomFieldCreate) => workspace.transactions.run(() => createField(context, body));
  for (const type of TYPES) {
    const body = { entity: 'contact', key: `qa_${type}`, label: `QA ${type}`, type, ...(type === 'multiselect' ? { options } : {}) };
    await add(body as CustomFieldCreate);
  }
  await add({ entity: 'contact', key: 'qa_required', label: 'QA required', type: 'text', required: true } as CustomFieldCreate);
  addMember(workspace, { role: 'viewer', name: 'QA no team', email: 'qa.no-team@example.com', teamIds: [] });
  workspace.plan = 'start';
}
