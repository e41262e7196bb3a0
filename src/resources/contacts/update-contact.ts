// PATCH /v1/contacts/{id} (spec 4.3): only the fields sent change; `phones`, `emails` and `tags`
// replace the whole list (`phone` and `email` are their one-item forms, going first); `null`
// clears company and owner; one `contact.updated` per changed field. A PATCH that changes
// nothing writes nothing: no event, and `updated_at` stays.
import type { components } from '../../spec/generated/crm.d.ts';
import { liveCompanyId } from '../companies/company-link.ts';
import { customValuesFor } from '../fields/custom-values.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagsForRecord } from '../tags/record-tags.ts';
import { recordChanges } from '../timeline/record-item.ts';
import { fieldChanges } from '../../records/field-changes.ts';
import { contactName } from './contact-name.ts';
import type { StoredContact } from './contact-record.ts';
import { emailList, phoneList } from '../../records/phones-and-emails.ts';

export type ContactUpdate = components['schemas']['ContactUpdate'];

/** The fields a PATCH can change, in the order their events are sent. */
const CHANGEABLE = ['name', 'phones', 'emails', 'company_id', 'preferred_language', 'owner_id', 'custom', 'tags'] as const;
type Changes = Partial<Pick<StoredContact, (typeof CHANGEABLE)[number]>>;

export async function updateContact(context: RecordContext, contact: StoredContact, body: ContactUpdate): Promise<StoredContact> {
  const next = { ...contact, ...(await changesOf(context, contact, body)) };
  const changes = fieldChanges(contact, next, CHANGEABLE);
  if (!changes.length) return contact;
  const updated = await context.tables.contacts.update(contact.id, (draft) => {
    for (const field of CHANGEABLE) (draft as Record<string, unknown>)[field] = next[field];
    draft.updated_at = context.nowIso();
  });
  for (const change of changes)
    await context.emit('contact.updated', { id: updated.id, object: 'contact', ...change, owner_id: updated.owner_id });
  // The same changes, one `change` item each, on the contact's timeline.
  await recordChanges(context, { type: 'contact', id: updated.id }, changes);
  return updated;
}

async function changesOf(context: RecordContext, contact: StoredContact, body: ContactUpdate): Promise<Changes> {
  const { tables, workspace } = context;
  const changes: Changes = {};
  if (body.phone !== undefined || body.phones !== undefined) changes.phones = phoneList(body.phone, body.phones);
  if (body.email !== undefined || body.emails !== undefined) changes.emails = emailList(body.email, body.emails);
  // An emptied name falls back like on create, to the phones and emails the contact has after this PATCH.
  if (body.name !== undefined) changes.name = contactName(body.name, changes.phones ?? contact.phones, changes.emails ?? contact.emails);
  if (body.company_id !== undefined)
    changes.company_id = body.company_id === null ? null : liveCompanyId(tables, body.company_id, 'company_id');
  if (body.preferred_language !== undefined) changes.preferred_language = body.preferred_language;
  if (body.owner_id !== undefined) changes.owner_id = memberIdFrom(workspace, body.owner_id, 'owner_id');
  if (body.custom !== undefined) changes.custom = customValuesFor(context, 'contact', contact.custom, body.custom);
  if (body.tags !== undefined) changes.tags = await tagsForRecord(context, contact.tags, body.tags);
  return changes;
}
