// Who owns a lead a form opens (spec 4.12 "owner rule"; the form's `owner_rule`): nobody, one
// member, or the rule's members in turn (one per lead the form has opened). A known client's own
// owner goes first when `keep_client_owner` is on, so a returning client meets the same person.
// Members that have left the workspace are passed over.
import type { StoredContact } from '../contacts/contact-record.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { Form } from './form-record.ts';

export function ownerForNewLead(context: RecordContext, form: Form, client: StoredContact | undefined): string | null {
  const { workspace, tables } = context;
  const rule = form.owner_rule;
  if (rule.keep_client_owner && client?.owner_id && workspace.members.has(client.owner_id)) return client.owner_id;
  const members = rule.member_ids.filter((id) => workspace.members.has(id));
  if (members.length === 0 || rule.type === 'none') return null;
  if (rule.type === 'member') return members[0]!;
  let opened = 0;
  for (const submission of tables.formSubmissions.eachBy('form', form.id)) if (submission.lead_created) opened++;
  return members[opened % members.length]!;
}
