// POST /v1/companies (inferred like contact create, spec 4.3): a record number, phones and emails
// normalized like a contact's, owner, custom values and tags. The spec names no company event.
import type { components } from '../../spec/generated/crm.d.ts';
import { nextRecordNumber } from '../../store/record-numbers.ts';
import { emailList, phoneList } from '../../records/phones-and-emails.ts';
import { customValuesFor } from '../fields/custom-values.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagsForRecord } from '../tags/record-tags.ts';
import { companyName } from './company-name.ts';
import type { StoredCompany } from './company-record.ts';

export type CompanyCreate = components['schemas']['CompanyCreate'];

export async function createCompany(context: RecordContext, body: CompanyCreate): Promise<StoredCompany> {
  const { tables, workspace } = context;
  const name = companyName(body.name);
  const phones = phoneList(undefined, body.phones);
  const emails = emailList(undefined, body.emails);
  const owner_id = memberIdFrom(workspace, body.owner_id, 'owner_id');
  const custom = customValuesFor(context, 'company', {}, body.custom);
  const tags = await tagsForRecord(context, [], body.tags ?? []);
  const now = context.nowIso();
  return tables.companies.insert({
    id: workspace.newId('company'),
    number: nextRecordNumber(workspace.numbers, 'company'),
    name,
    phones,
    emails,
    website: body.website ?? null,
    owner_id,
    custom,
    tags,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
}
