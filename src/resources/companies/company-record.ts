// A company as stored (an inferred record, see the document): `owner` is read when the company is
// shown, and `deleted_at` marks the trash.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import { recordTagKeys } from '../tags/tagged-records.ts';

export type Company = components['schemas']['Company'];
export type StoredCompany = Omit<Company, 'owner'> & { deleted_at: string | null };

export const companyTable: TableDefinition<StoredCompany> = {
  document: 'crm',
  schema: 'Company',
  computed: ['owner'],
  lookups: {
    number: (company) => company.number,
    tag: recordTagKeys,
  },
};
