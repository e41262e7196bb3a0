// A lead as stored: `owner`, `contact` and `company` are read from their own records (a renamed
// contact shows its new name on every lead), and `deleted_at` marks the trash.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import { recordTagKeys } from '../tags/tagged-records.ts';

export type Lead = components['schemas']['Lead'];
export type StoredLead = Omit<Lead, 'owner' | 'contact' | 'company'> & { deleted_at: string | null };

export const leadTable: TableDefinition<StoredLead> = {
  document: 'crm',
  schema: 'Lead',
  computed: ['owner', 'contact', 'company'],
  lookups: {
    number: (lead) => lead.number,
    tag: recordTagKeys,
    contact: (lead) => lead.contact_id,
    company: (lead) => lead.company_id,
    stage: (lead) => lead.stage_id,
  },
};
