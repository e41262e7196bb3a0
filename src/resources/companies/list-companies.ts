// GET /v1/companies (inferred like contacts, spec 4.3, 4.13): live companies newest first, stable
// while paging; `q` in name, phones, emails and website.
import { newestFirstPage, type Page } from '../../store/paging.ts';
import { textSearch } from '../../records/record-search.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isLive } from '../records/trash.ts';
import type { StoredCompany } from './company-record.ts';

export async function listCompanies(context: RecordContext, q: string | undefined): Promise<Page<StoredCompany>> {
  const search = textSearch(q);
  const matches = (company: StoredCompany) => isLive(company) && (!search || search({ ...company, texts: [company.website] }));
  return newestFirstPage(context.tables.companies, context.pageRequest(), matches);
}
