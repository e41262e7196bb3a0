// A contact as stored: `company`, `owner` and `open_leads` are read when the contact is shown (a
// renamed company shows its new name on every contact), and `deleted_at` marks the trash.
// Lookups find a contact by number, by any of its phones or emails (public forms reuse a client
// by phone, then by email) and by company.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import { recordTagKeys } from '../tags/tagged-records.ts';

export type Contact = components['schemas']['Contact'];
export type StoredContact = Omit<Contact, 'company' | 'owner' | 'open_leads'> & { deleted_at: string | null };

export const contactTable: TableDefinition<StoredContact> = {
  document: 'crm',
  schema: 'Contact',
  computed: ['company', 'owner', 'open_leads'],
  lookups: {
    number: (contact) => contact.number,
    tag: recordTagKeys,
    phone: (contact) => contact.phones,
    email: (contact) => contact.emails,
    company: (contact) => contact.company_id,
  },
};
