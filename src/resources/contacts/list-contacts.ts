// GET /v1/contacts (spec 4.3, 4.13): live contacts newest first, stable while paging, filtered by
// `company` and `q`. A company filter reads the company's contacts from the lookup instead of
// scanning every contact.
import { normalizeId } from '../../ids/ids.ts';
import { newestFirstPage, sortedPage, type Page } from '../../store/paging.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isLive } from '../records/trash.ts';
import type { StoredContact } from './contact-record.ts';
import { textSearch } from '../../records/record-search.ts';

export type ContactFilters = { company?: string; q?: string };

export async function listContacts(context: RecordContext, filters: ContactFilters): Promise<Page<StoredContact>> {
  const search = textSearch(filters.q);
  const matches = (contact: StoredContact) => isLive(contact) && (!search || search(contact));
  const request = context.pageRequest();
  if (filters.company === undefined) return newestFirstPage(context.tables.contacts, request, matches);
  const ofCompany = context.tables.contacts.findBy('company', normalizeId(filters.company)).filter(matches).reverse();
  return sortedPage(ofCompany, request, (contact) => ({ id: contact.id }), newestFirst);
}

/** The order of `newestFirstPage`: a later id comes first. */
function newestFirst(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
