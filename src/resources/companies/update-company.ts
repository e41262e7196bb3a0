// PATCH /v1/companies/{id} (inferred like contacts, spec 4.3): only the fields sent change;
// `phones`, `emails`, `tags` replace the whole list; `null` clears owner and website. A PATCH
// that changes nothing writes nothing, so `updated_at` stays.
import type { components } from '../../spec/generated/crm.d.ts';
import { fieldChanges } from '../../records/field-changes.ts';
import { emailList, phoneList } from '../../records/phones-and-emails.ts';
import { sameValue } from '../../records/same-value.ts';
import { customValuesFor } from '../fields/custom-values.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagsForRecord } from '../tags/record-tags.ts';
import { recordChanges } from '../timeline/record-item.ts';
import { companyName } from './company-name.ts';
import type { StoredCompany } from './company-record.ts';

export type CompanyUpdate = components['schemas']['CompanyUpdate'];

type Changes = Partial<Pick<StoredCompany, 'name' | 'phones' | 'emails' | 'website' | 'owner_id' | 'custom' | 'tags'>>;

export async function updateCompany(context: RecordContext, company: StoredCompany, body: CompanyUpdate): Promise<StoredCompany> {
  const changes = await changesOf(context, company, body);
  const changed = Object.entries(changes).filter(([field, value]) => !sameValue(company[field as keyof Changes], value));
  if (!changed.length) return company;
  const updated = await context.tables.companies.update(company.id, (draft) => {
    Object.assign(draft, Object.fromEntries(changed));
    draft.updated_at = context.nowIso();
  });
  // One `change` item per changed field (each custom value its own) on the company's timeline.
  await recordChanges(context, { type: 'company', id: company.id }, fieldChanges(company, updated, Object.keys(changes)));
  return updated;
}

async function changesOf(context: RecordContext, company: StoredCompany, body: CompanyUpdate): Promise<Changes> {
  const changes: Changes = {};
  if (body.name !== undefined) changes.name = companyName(body.name);
  if (body.phones !== undefined) changes.phones = phoneList(undefined, body.phones);
  if (body.emails !== undefined) changes.emails = emailList(undefined, body.emails);
  if (body.website !== undefined) changes.website = body.website;
  if (body.owner_id !== undefined) changes.owner_id = memberIdFrom(context.workspace, body.owner_id, 'owner_id');
  if (body.custom !== undefined) changes.custom = customValuesFor(context, 'company', company.custom, body.custom);
  if (body.tags !== undefined) changes.tags = await tagsForRecord(context, company.tags, body.tags);
  return changes;
}
