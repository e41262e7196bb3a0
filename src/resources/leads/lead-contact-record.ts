// A contact listed on a lead besides its main one (spec 4.2): up to 50, in the order added.
import type { components } from '../../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type LeadContactLink = components['schemas']['LeadContactLink'];

export const leadContactTable: TableDefinition<LeadContactLink> = {
  document: 'mock-control',
  schema: 'LeadContactLink',
  lookups: { lead: (link) => link.lead_id, pair: (link) => `${link.lead_id}:${link.contact_id}` },
};
