// A lead as stored: `owner`, `contact` and `company` are read from their own records (a renamed
// contact shows its new name on every lead), and `deleted_at` marks the trash.
import type { components } from '../../spec/generated/crm.d.ts';
import { nextRecordNumber } from '../../store/record-numbers.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
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

/** Where a new lead is placed: a stage, of its pipeline, open or closed. */
type Placement = { id: string; pipeline_id: string; type: 'open' | 'won' | 'lost' };

/**
 * The one maker of a stored lead (the API's create, the seed, the tests): numbered, in `stage`,
 * made at `at`, with the create defaults of spec 4.2 where `fields` leaves a value out (or
 * undefined): an empty name is `Lead #<number>`, the workspace's currency, no owner, contact or
 * company, no tags, and a position after every lead made before it.
 */
export function newStoredLead(
  workspace: Pick<Workspace, 'newId' | 'numbers' | 'currency'>,
  stage: Placement,
  at: string,
  fields: Partial<StoredLead> = {},
): StoredLead {
  const number = nextRecordNumber(workspace.numbers, 'lead');
  const chosen = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<StoredLead>;
  return {
    id: workspace.newId('lead'),
    number,
    amount: 0,
    currency: workspace.currency,
    pipeline_id: stage.pipeline_id,
    stage_id: stage.id,
    owner_id: null,
    contact_id: null,
    company_id: null,
    source: '',
    utm: {},
    referrer: null,
    landing_page: null,
    tags: [],
    custom: {},
    // The number grows with every lead: a new lead goes after those made before it, in O(1).
    position: number,
    stage_entered_at: at,
    closed_at: stage.type === 'open' ? null : at,
    loss_reason: '',
    created_at: at,
    updated_at: at,
    deleted_at: null,
    ...chosen,
    name: chosen.name || `Lead #${number}`,
  };
}
