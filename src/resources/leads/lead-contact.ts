// The contact created together with a lead (spec 4.2 `contact`): contact create's rules, its
// problems reported under `contact.`.
import type { components } from '../../spec/generated/crm.d.ts';
import type { StoredContact } from '../contacts/contact-record.ts';
import { createContact, type ContactCreate } from '../contacts/create-contact.ts';
import type { RecordContext } from '../records/record-context.ts';

export type LeadCreateContact = components['schemas']['LeadCreateContact'];

export function createContactForLead(context: RecordContext, contact: LeadCreateContact): Promise<StoredContact> {
  return createContact(context, contact as ContactCreate, 'contact.');
}
