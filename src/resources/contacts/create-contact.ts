// POST /v1/contacts (spec 4.3): `phone` before `phones`, `email` before `emails`, named after the
// first phone or email when no name is sent, then `contact.created`. Lead create's `contact`
// (spec 4.2) and public forms create contacts through here too, naming fields under `prefix`.
import type { components } from '../../spec/generated/crm.d.ts';
import { nextRecordNumber } from '../../store/record-numbers.ts';
import { liveCompanyId } from '../companies/company-link.ts';
import { customValuesFor } from '../fields/custom-values.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagsForRecord } from '../tags/record-tags.ts';
import { contactSummary } from './contact-events.ts';
import { contactName } from './contact-name.ts';
import type { StoredContact } from './contact-record.ts';
import { emailList, phoneList } from '../../records/phones-and-emails.ts';

type Schemas = components['schemas'];

/** The create body (the document's ContactCreate, whose `anyOf` the generated type cannot spell). */
export type ContactCreate = {
  name?: string;
  phone?: string;
  phones?: string[];
  email?: string;
  emails?: string[];
  company_id?: string;
  preferred_language?: Schemas['ContactLanguageInput'];
  owner_id?: string;
  custom?: Record<string, unknown>;
  tags?: string[];
};

export async function createContact(context: RecordContext, body: ContactCreate, prefix = ''): Promise<StoredContact> {
  const { tables, workspace } = context;
  const phones = phoneList(body.phone, body.phones, prefix);
  const emails = emailList(body.email, body.emails, prefix);
  const name = contactName(body.name, phones, emails, prefix);
  const company_id = body.company_id === undefined ? null : liveCompanyId(tables, body.company_id, `${prefix}company_id`);
  const owner_id = memberIdFrom(workspace, body.owner_id, `${prefix}owner_id`);
  const custom = customValuesFor(context, 'contact', {}, body.custom);
  const tags = await tagsForRecord(context, [], body.tags ?? []);
  const now = context.nowIso();
  const contact = await tables.contacts.insert({
    id: workspace.newId('contact'),
    number: nextRecordNumber(workspace.numbers, 'contact'),
    name,
    phones,
    emails,
    company_id,
    preferred_language: body.preferred_language ?? '',
    owner_id,
    custom,
    tags,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
  await context.emit('contact.created', contactSummary(contact));
  return contact;
}
