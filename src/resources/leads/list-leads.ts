// GET /v1/leads (spec 4.2): filters, newest first (stable while paging) or board order, and the
// first page's `summary {count, sum}` over every matching lead.
import type { Page } from '../../store/paging.ts';
import { newestFirstPage, sortedPage } from '../../store/paging.ts';
import type { RecordContext } from '../records/record-context.ts';
import { leadMatcher, type LeadFilters } from './lead-filters.ts';
import type { StoredLead } from './lead-record.ts';

export type LeadPage = Page<StoredLead> & { summary?: { count: number; sum: number } };

export async function listLeads(
  context: RecordContext,
  filters: LeadFilters,
  sort: 'position' | undefined,
  cursor: string | undefined,
): Promise<LeadPage> {
  const matches = leadMatcher(context, filters);
  const request = context.pageRequest();
  const page =
    sort === 'position'
      ? await sortedPage(boardOrder(context, matches), request, positionOf, comparePositions)
      : await newestFirstPage(context.tables.leads, request, matches);
  return cursor === undefined ? { ...page, summary: summaryOf(context, request.list, matches) } : page;
}

/** Matching leads in board order: by `position`, ties by id. */
export function boardOrder(
  context: RecordContext,
  matches: (lead: StoredLead) => boolean,
  leads: Iterable<StoredLead> = context.tables.leads.values(),
): StoredLead[] {
  return [...leads].filter(matches).sort((a, b) => comparePositions(positionOf(a), positionOf(b)));
}

const positionOf = (lead: StoredLead) => ({ id: lead.id, sortValue: lead.position });

function comparePositions(a: { id: string; sortValue?: unknown }, b: { id: string; sortValue?: unknown }): number {
  return (a.sortValue as number) - (b.sortValue as number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

// A summary scans every lead: it is kept per list and table version, so that reading the first
// page again without a write in between costs the page only.
const summaries = new WeakMap<object, Map<string, { version: number; summary: { count: number; sum: number } }>>();

function summaryOf(context: RecordContext, list: string, matches: (lead: StoredLead) => boolean): { count: number; sum: number } {
  const table = context.tables.leads;
  let cache = summaries.get(table);
  if (!cache) summaries.set(table, (cache = new Map()));
  const cached = cache.get(list);
  if (cached?.version === table.version) return cached.summary;
  const summary = { count: 0, sum: 0 };
  for (const lead of table.values()) {
    if (!matches(lead)) continue;
    summary.count += 1;
    summary.sum += lead.amount;
  }
  cache.set(list, { version: table.version, summary });
  return summary;
}
