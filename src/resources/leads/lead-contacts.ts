// The contacts of a lead besides its main one (spec 4.2, 8): up to 50, in the order added;
// adding one already there changes nothing (200), the 51st answers `limit_reached`.
import { ApiError } from '../../errors/api-error.ts';
import { loadRuntimeDocument } from '../../spec/runtime-document.ts';
import { propertyLimit } from '../../spec/schema-enum.ts';
import { findRecord } from '../../store/find-record.ts';
import type { StoredContact } from '../contacts/contact-record.ts';
import type { RecordContext } from '../records/record-context.ts';
import { liveId } from './create-lead.ts';
import type { StoredLead } from './lead-record.ts';
import { notFound } from '../../errors/not-found.ts';

/** Spec 4.2, 8: 50 besides the main contact, as the document's LeadContactList declares. */
export const MAX_LEAD_CONTACTS = propertyLimit(loadRuntimeDocument('crm'), 'LeadContactList', 'data', 'maxItems');

/** The lead's additional contacts in the order added (by the link's id), trashed ones left out. */
export function additionalContacts(context: RecordContext, lead: StoredLead): { linkId: string; contact: StoredContact }[] {
  return context.tables.leadContacts
    .findBy('lead', lead.id)
    .map((link) => ({ linkId: link.id, contact: context.tables.contacts.get(link.contact_id)! }))
    .filter(({ contact }) => contact.deleted_at === null);
}

export async function addContact(
  context: RecordContext,
  lead: StoredLead,
  contactId: string,
): Promise<{ contact: StoredContact; added: boolean }> {
  const id = liveId(context.tables.contacts, contactId, 'contact_id');
  const contact = context.tables.contacts.get(id)!;
  if (id === lead.contact_id || context.tables.leadContacts.firstBy('pair', `${lead.id}:${id}`)) return { contact, added: false };
  const used = context.tables.leadContacts.findBy('lead', lead.id).length;
  if (used >= MAX_LEAD_CONTACTS) {
    throw new ApiError(
      'limit_reached',
      { key: 'lead_contacts', limit: MAX_LEAD_CONTACTS, used, plan: context.workspace.plan, upgrade_to: null },
      { status: 409 },
    );
  }
  await context.tables.leadContacts.insert({
    id: context.workspace.newId('leadContact'),
    lead_id: lead.id,
    contact_id: id,
    created_at: context.nowIso(),
  });
  return { contact, added: true };
}

/** Removes the contact (named by id or number) from the lead's additional ones, or 404. */
export function removeContact(context: RecordContext, lead: StoredLead, contactRef: string): string {
  const contact = findRecord(context.tables.contacts, contactRef);
  const link = context.tables.leadContacts.firstBy('pair', `${lead.id}:${contact.id}`);
  if (!link) throw notFound(contactRef, 'leadContact');
  context.tables.leadContacts.remove(link.id);
  return contact.id;
}
