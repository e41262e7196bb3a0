// A product line of a lead (spec 1, 4.2; bodies inferred in the document): what was sold, at
// what price, kept even when the catalog product changes later.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type LeadProduct = components['schemas']['LeadProduct'];
export type StoredLeadProduct = LeadProduct & { lead_id: string };

export const leadProductTable: TableDefinition<StoredLeadProduct> = {
  document: 'crm',
  schema: 'LeadProduct',
  lookups: { lead: (line) => line.lead_id },
};
