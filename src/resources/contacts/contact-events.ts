// The `data.object` of contact events (spec 6.1, 6.4; the document's ContactEventObject): a
// summary with ids. `contact.updated` carries one change per field (records/field-changes.ts).
import type { StoredContact } from './contact-record.ts';

export function contactSummary(contact: StoredContact) {
  const { id, name, phones, emails, owner_id, company_id } = contact;
  return { id, object: 'contact' as const, name, phones, emails, owner_id, company_id };
}
