// The record types the query endpoint serves (spec 4.13): for each, its table, its record schema
// in the document (the field catalog is read from it), its custom field entity, how the API shows
// a record, and which table lookups can pick candidates before a scan.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import type { Table } from '../../store/table.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { CustomEntity } from '../fields/custom-values.ts';
import { companyTable, type StoredCompany } from '../companies/company-record.ts';
import { presentCompany } from '../companies/present-company.ts';
import { contactTable, type StoredContact } from '../contacts/contact-record.ts';
import { presentContact } from '../contacts/present-contact.ts';
import { leadTable, type StoredLead } from '../leads/lead-record.ts';
import { presentLead } from '../leads/present-lead.ts';

export type QueryEntity = components['schemas']['QueryEntity'];

/** A stored record as the query reads it: by field name, trash in `deleted_at`. */
export type QueryRecord = { id: string; deleted_at: string | null; [field: string]: unknown };

export type EntityInfo = {
  /** Its table in WorkspaceTables, by name. */
  table: QueryEntity;
  schema: 'Lead' | 'Contact' | 'Company';
  /** Properties of the schema computed when a record is shown, not stored. */
  computed: readonly string[];
  custom: CustomEntity;
  present(workspace: Workspace, record: QueryRecord): object;
  /** Fields whose `eq` / `in` values name table lookups: a query holding one scans only those records. */
  lookups: Readonly<Record<string, string>>;
};

export const ENTITIES: Readonly<Record<QueryEntity, EntityInfo>> = {
  leads: {
    table: 'leads',
    schema: 'Lead',
    computed: computedOf(leadTable),
    custom: 'lead',
    present: (workspace, record) => presentLead(workspace, record as unknown as StoredLead),
    lookups: { stage_id: 'stage', contact_id: 'contact', company_id: 'company', number: 'number' },
  },
  contacts: {
    table: 'contacts',
    schema: 'Contact',
    computed: computedOf(contactTable),
    custom: 'contact',
    present: (workspace, record) => presentContact(workspace, record as unknown as StoredContact),
    lookups: { number: 'number', phones: 'phone', emails: 'email', company_id: 'company' },
  },
  companies: {
    table: 'companies',
    schema: 'Company',
    computed: computedOf(companyTable),
    custom: 'company',
    present: (workspace, record) => presentCompany(workspace, record as unknown as StoredCompany),
    lookups: { number: 'number' },
  },
};

function computedOf(definition: TableDefinition<never>): readonly string[] {
  return definition.computed ?? [];
}

/** The entity's table, its records read by field name. */
export function entityTable(tables: WorkspaceTables, info: EntityInfo): Table<QueryRecord> {
  return tables[info.table] as unknown as Table<QueryRecord>;
}
