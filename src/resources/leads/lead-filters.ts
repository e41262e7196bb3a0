// The filters of the lead list and board (spec 4.2): pipeline, stage, contact, company, owner
// (`me`, `unassigned`), status (`open`, `closed`, `all`) and `q` over name, contact and number.
import { normalizeId } from '../../ids/ids.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isLive } from '../records/trash.ts';
import type { StoredLead } from './lead-record.ts';

export type LeadFilters = {
  pipeline?: string;
  stage?: string;
  contact?: string;
  company?: string;
  owner?: string;
  status?: 'open' | 'closed' | 'all';
  q?: string;
};

export function leadMatcher(context: RecordContext, filters: LeadFilters): (lead: StoredLead) => boolean {
  const tests: ((lead: StoredLead) => boolean)[] = [isLive];
  const byId = (value: string | undefined, field: 'pipeline_id' | 'stage_id' | 'contact_id' | 'company_id') => {
    if (value !== undefined) tests.push((lead) => lead[field] === normalizeId(value));
  };
  byId(filters.pipeline, 'pipeline_id');
  byId(filters.stage, 'stage_id');
  byId(filters.contact, 'contact_id');
  byId(filters.company, 'company_id');
  if (filters.owner !== undefined) tests.push(ownerTest(context, filters.owner));
  if (filters.status && filters.status !== 'all') tests.push(statusTest(context, filters.status));
  if (filters.q?.trim()) tests.push(textTest(context, filters.q));
  return (lead) => tests.every((test) => test(lead));
}

function ownerTest(context: RecordContext, owner: string): (lead: StoredLead) => boolean {
  if (owner === 'unassigned') return (lead) => lead.owner_id === null;
  const ownerId = owner === 'me' ? context.memberId : normalizeId(owner);
  return (lead) => ownerId !== null && lead.owner_id === ownerId;
}

function statusTest(context: RecordContext, status: 'open' | 'closed'): (lead: StoredLead) => boolean {
  return (lead) => (context.tables.stages.get(lead.stage_id)?.type === 'open') === (status === 'open');
}

/**
 * A number (`42` or `#42`) finds that lead; other text is looked for in the name and the contact's
 * name and phones. Text that is written like a phone (digits with spaces, dashes, brackets, a
 * plus) is matched by its digits; other text only as written (`run1` is no phone number).
 */
function textTest(context: RecordContext, q: string): (lead: StoredLead) => boolean {
  const text = q.trim().toLowerCase();
  const number = /^#?([0-9]+)$/.exec(text)?.[1];
  const phoneText = /^[+0-9\s\-()]+$/.test(text) ? text.replace(/[^0-9+]/g, '') : text;
  return (lead) => {
    if (number !== undefined && lead.number === Number(number)) return true;
    if (lead.name.toLowerCase().includes(text)) return true;
    const contact = lead.contact_id ? context.tables.contacts.get(lead.contact_id) : undefined;
    return !!contact && (contact.name.toLowerCase().includes(text) || contact.phones.some((phone) => phone.includes(phoneText)));
  };
}
