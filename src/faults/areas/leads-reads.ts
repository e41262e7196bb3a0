// Mutants of the reads of leads (spec 4.2): the board, the summaries and their counts,
// the q filter, open statuses, leads without a pipeline.
import { errorDocsUrl } from '../../errors/docs-url.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { alterOk, callerWorkspace, onOperation, queryOf, withQuery } from '../request-match.ts';

/** Leads in the trash matching a lead list's id filters (the ones a summary query would join on). */
function trashedMatching(workspace: Workspace, query: URLSearchParams): { id: string; amount: number }[] {
  const filters: [string, string][] = [
    ['pipeline', 'pipeline_id'],
    ['stage', 'stage_id'],
    ['contact', 'contact_id'],
    ['company', 'company_id'],
  ];
  return [...workspace.tables.leads.values()].filter(
    (lead: any) => lead.deleted_at !== null && filters.every(([param, field]) => !query.get(param) || lead[field] === query.get(param)),
  );
}

export const leadsReadsMutants: readonly Fault[] = [
  {
    name: 'lead-summary-of-page',
    area: 'leads',
    proves: ['leads.summary'],
    description: "The lead list's summary counts and sums the leads of the page, not every matching lead.",
    wrap: onOperation('listLeads', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body?.summary) return response;
      const summary = { count: body.data.length, sum: body.data.reduce((sum: number, lead: { amount: number }) => sum + lead.amount, 0) };
      return changed(response, { body: { ...body, summary } });
    }),
  },
  {
    name: 'lead-board-ignores-filters',
    area: 'leads',
    proves: ['leads.position-number', 'leads.board-filters', 'leads.board-counts'],
    description:
      'The board takes only the pipeline: the other list filters are ignored, so counts and sums cover every lead of each stage.',
    wrap: onOperation('getLeadBoard', async (next, request, info) =>
      next(
        withQuery(request, (query) => {
          for (const name of [...query.keys()]) if (name !== 'pipeline' && name !== 'limit') query.delete(name);
        }),
        info,
      ),
    ),
  },
  {
    name: 'no-pipeline-as-validation',
    area: 'leads',
    proves: ['errors.docs-url-names-code', 'leads.no-pipeline'],
    description:
      'A lead created in a workspace without a pipeline answers 422 validation_failed naming pipeline_id instead of no_pipeline.',
    wrap: onErrorCode('no_pipeline', (response, body) =>
      changed(response, {
        status: 422,
        body: { error: { ...body.error, code: 'validation_failed', fields: { pipeline_id: 'no pipeline to put the lead in' } } },
      }),
    ),
  },
  {
    name: 'board-without-pipeline-409',
    area: 'leads',
    proves: ['leads.board-no-pipeline'],
    description:
      'The board of a workspace without a pipeline answers 409 no_pipeline (an error the board does not document) instead of an empty board.',
    wrap: onOperation('getLeadBoard', async (next, request, info, _routed, state) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (body?.pipeline_id !== null) return response;
      const requestId = response.headers.get('x-request-id') ?? '';
      return changed(response, {
        status: 409,
        body: {
          error: {
            code: 'no_pipeline',
            message: 'The workspace has no pipeline.',
            request_id: requestId,
            docs_url: errorDocsUrl(state.config, 'no_pipeline'),
          },
        },
      });
    }),
  },
  {
    name: 'lead-q-number-ignored',
    area: 'leads',
    proves: ['leads.q-number'],
    description: 'The lead search q looks in names only: a number does not find the lead with that number (spec 4.2 q).',
    wrap: onOperation('listLeads', async (next, request, info) => {
      const q = queryOf(request).get('q') ?? '';
      const response = await next(request, info);
      if (!/^#?\d+$/.test(q.trim())) return response;
      return alterOk(response, (body) => {
        const data = (body.data ?? []).filter((lead: any) => String(lead.name).toLowerCase().includes(q.trim().toLowerCase()));
        const summary = body.summary && { count: data.length, sum: data.reduce((sum: number, lead: any) => sum + lead.amount, 0) };
        return { ...body, data, ...(summary ? { summary } : {}) };
      });
    }),
  },
  {
    name: 'lead-summary-counts-trash',
    area: 'leads',
    proves: ['leads.summary'],
    description:
      "The lead list's summary query forgets the trash: count and sum include deleted leads that the list itself leaves out (spec 4.2, 2.1).",
    wrap: onOperation('listLeads', async (next, request, info, _routed, state) => {
      const response = await next(request, info);
      const query = queryOf(request);
      const workspace = callerWorkspace(state, request);
      const body = response.ok && !query.get('q') ? await jsonOf(response) : undefined;
      if (!body?.summary || !workspace) return response;
      const trashed = trashedMatching(workspace, query);
      const summary = {
        ...body.summary,
        count: body.summary.count + trashed.length,
        sum: body.summary.sum + trashed.reduce((sum, lead) => sum + lead.amount, 0),
      };
      return changed(response, { body: { ...body, summary } });
    }),
  },
  {
    name: 'board-sum-of-shown-leads',
    area: 'leads',
    proves: ['leads.board-counts'],
    description:
      "The board's sum of a stage adds up the leads it shows (the first ones), not every lead of the stage that count counts (spec 4.2 board: each stage's count and sum).",
    wrap: onOperation('getLeadBoard', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: (body.data ?? []).map((column: any) => ({
          ...column,
          sum: (column.leads ?? []).reduce((sum: number, lead: any) => sum + lead.amount, 0),
        })),
      })),
    ),
  },
  {
    name: 'board-skips-empty-stages',
    area: 'leads',
    proves: ['leads.board-stages', 'leads.board-filters', 'leads.board-counts'],
    description:
      'The board is grouped from the leads, so a stage without leads is left out instead of answered with count 0 and sum 0 (spec 4.2 board: for each stage).',
    wrap: onOperation('getLeadBoard', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({ ...body, data: (body.data ?? []).filter((column: any) => column.count > 0) })),
    ),
  },
  // Ninth blind hunt (written from the spec and the mock, before reading any check).
  {
    name: 'lead-status-open-includes-won',
    area: 'leads',
    proves: ['leads.filter-status-open'],
    description:
      'The lead list reads status=open as "not lost": won leads are listed (and counted in the summary) among the open ones (spec 3, 4.2: a lead is open until won or lost).',
    wrap: onOperation('listLeads', async (next, request, info) => {
      if (queryOf(request).get('status') !== 'open') return next(request, info);
      const response = await next(
        withQuery(request, (query) => query.set('status', 'all')),
        info,
      );
      return alterOk(response, (body) => {
        const data = Array.isArray(body.data) ? body.data.filter((lead: any) => lead.closed_at === null || !lead.loss_reason) : body.data;
        return { ...body, data };
      });
    }),
  },
];
