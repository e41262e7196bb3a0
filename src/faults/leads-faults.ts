// Faults in the leads rules: each breaks one rule the way a real implementation might, and a check
// of the leads family must catch it (test/conformance/mutation.test.ts).
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { normalizeId } from '../ids/ids.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { alterOk, callerWorkspace, onRoute, overTheEdge, probe, sentJson, withJson } from './request-match.ts';
import { retryAsOwner } from './owner-key.ts';

/** The request with its JSON body changed. */
async function withJsonBody(request: Request, change: (body: any) => any): Promise<Request> {
  const body = change(await request.clone().json().catch(() => undefined));
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** Wraps the requests of `method` whose path matches `path`, leaving the others alone. */
function on(method: string, path: RegExp, wrap: (next: Handle, request: Request, info: Parameters<Handle>[1]) => Promise<Response>) {
  return (next: Handle): Handle =>
    (request, info) => (request.method === method && path.test(new URL(request.url).pathname) ? wrap(next, request, info) : next(request, info));
}

/** The same GET with query parameters changed. */
function withQuery(request: Request, change: (query: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  change(url.searchParams);
  return new Request(url, request);
}

const LEADS = /^\/v1\/leads$/;
const LEAD = /^\/v1\/leads\/[^/]+$/;
const LEAD_WRITE = /^\/v1\/leads(\/[^/]+)?$/;

const LEAD_LINES = /^\/v1\/leads\/[^/]+\/products$/;
const LEAD_LINE = /^\/v1\/leads\/([^/]+)\/products\/([^/]+)$/;

/** The lead a request's path names, as a GET with the request's credential reads it (undefined when it cannot). */
async function leadBefore(next: Handle, request: Request): Promise<any> {
  const id = /^\/v1\/leads\/([^/]+)/.exec(new URL(request.url).pathname)?.[1];
  if (!id) return undefined;
  const response = await next(probe(request, `/v1/leads/${id}`));
  return response.ok ? jsonOf(response) : undefined;
}

/** The stages of a pipeline in order. */
function stagesOf(workspace: Workspace, pipelineId: string): { id: string; position: number }[] {
  return workspace.tables.stages.findBy('pipeline', pipelineId).sort((a, b) => a.position - b.position);
}

/** Every product line a lead-products route answers (one, or a list), changed by `alter`. */
function onLines(alter: (line: any) => any) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const path = new URL(request.url).pathname;
      if (!LEAD_LINES.test(path) && !LEAD_LINE.test(path)) return next(request, info);
      return alterOk(await next(request, info), (body) => (Array.isArray(body.data) ? { ...body, data: body.data.map(alter) } : body.id ? alter(body) : body));
    };
}

/** Leads in the trash matching a lead list's id filters (the ones a summary query would join on). */
function trashedMatching(workspace: Workspace, query: URLSearchParams): { id: string; amount: number }[] {
  const filters: [string, string][] = [['pipeline', 'pipeline_id'], ['stage', 'stage_id'], ['contact', 'contact_id'], ['company', 'company_id']];
  return [...workspace.tables.leads.values()].filter(
    (lead: any) => lead.deleted_at !== null && filters.every(([param, field]) => !query.get(param) || lead[field] === query.get(param)),
  );
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'];

/** A lead route's answer with each lead in it (one, or a list's data) changed by `alter`. */
async function alterLeads(response: Response, request: Request, alter: (lead: any) => any): Promise<Response> {
  if (!/^\/v1\/leads(\/ld_[0-9a-z]{26})?$/.test(new URL(request.url).pathname)) return response;
  const each = (lead: any) => (typeof lead?.id === 'string' && lead.id.startsWith('ld_') ? alter(lead) : lead);
  return alterOk(response, (body) => (Array.isArray(body?.data) ? { ...body, data: body.data.map(each) } : each(body)));
}

export const leadsFaults: Fault[] = [
  {
    // Readings review: leads.number-integer and leads.company-object are stated (2.1, 2.3).
    name: 'lead-number-as-text',
    family: 'leads',
    proves: ['leads.number-integer', 'responses.shape.list-leads', 'responses.shape.create-lead', 'responses.shape.get-lead', 'responses.shape.update-lead'],
    description: 'Leads show their record number as text, "#7", as the web app prints it, instead of the integer 7 (spec 2.1, 2.3: an integer number).',
    wrap: (next) => async (request, info) =>
      alterLeads(await next(request, info), request, (lead) => ({ ...lead, number: `#${lead.number}` })),
  },
  {
    name: 'lead-company-without-id',
    family: 'leads',
    proves: ['leads.company-object', 'responses.shape.list-leads', 'responses.shape.create-lead', 'responses.shape.update-lead'],
    description: 'A lead\'s `company` object carries only the company\'s name, not its id (spec 2.3: company_id and company name the same company).',
    wrap: (next) => async (request, info) =>
      alterLeads(await next(request, info), request, (lead) => (lead.company ? { ...lead, company: { name: lead.company.name } } : lead)),
  },
  {
    // Readings review: leads.utm-other-key is stated (2.3 lists the five keys; 2.1 unknown fields are rejected).
    name: 'lead-utm-other-keys-dropped',
    family: 'leads',
    proves: ['leads.utm-other-key'],
    description: 'A lead utm with a key other than the five (utm_id) is taken with that key silently dropped instead of refused (spec 2.3, 2.1).',
    wrap: onRoute('POST', /^\/v1\/leads$/, async (next, request, info) => {
      const body = await sentJson(request);
      if (!body?.utm || typeof body.utm !== 'object') return next(request, info);
      const utm = Object.fromEntries(Object.entries(body.utm).filter(([key]) => UTM_KEYS.includes(key)));
      return next(withJson(request, { ...body, utm }), info);
    }),
  },
  {
    name: 'lead-currency-hardcoded-usd',
    family: 'leads',
    proves: ['leads.create-currency-default'],
    description: 'A lead created without currency gets USD, a hard-coded default, instead of the workspace currency.',
    wrap: on('POST', LEADS, async (next, request, info) => next(await withJsonBody(request, (body) => (body && body.currency === undefined ? { ...body, currency: 'USD' } : body)), info)),
  },
  {
    name: 'api-key-leads-owned-by-key-member',
    family: 'leads',
    proves: ['leads.filter-owner-me', 'leads.filter-owner-unassigned', 'leads.board-filters', 'leads.create-no-owner'],
    description: 'A lead created with an API key without owner_id is owned by the member the key acts for, instead of having no owner.',
    wrap: on('POST', LEADS, async (next, request, info) => {
      const members = await jsonOf(await next(new Request(new URL('/v1/members', request.url), { headers: { authorization: request.headers.get('authorization') ?? '' } }), info));
      const me = members?.data?.find((member: { is_me: boolean }) => member.is_me)?.id;
      return next(await withJsonBody(request, (body) => (body && me && body.owner_id === undefined ? { ...body, owner_id: me } : body)), info);
    }),
  },
  {
    name: 'stage-of-other-pipeline-moves-lead',
    family: 'leads',
    proves: ['leads.create-stage-of-other-pipeline'],
    description: 'A lead created with a stage of another pipeline than pipeline_id is put in that stage (and its pipeline) instead of being refused under stage_id.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const path = new URL(request.url).pathname;
        if (request.method !== 'POST' || !LEADS.test(path) || !body.error.fields?.stage_id) return response;
        return next(await withJsonBody(request, ({ pipeline_id: _pipeline, ...rest }) => rest));
      })(next),
  },
  {
    name: 'lead-patch-null-ignored',
    family: 'leads',
    proves: ['leads.update-null-clears-owner', 'leads.update-null-clears-contact', 'leads.update-null-clears-company'],
    description: 'A PATCH of a lead treats null like a field not sent: owner_id, contact_id and company_id cannot be cleared.',
    // The handler's own misreading: it is given the validated body without its nulls (seams/handler-seams.ts).
    operations: ['updateLead'],
    alterInput: (input) => ({ ...input, body: Object.fromEntries(Object.entries(input.body as object).filter(([, value]) => value !== null)) }),
  },
  {
    name: 'lead-owner-unassigned-ignored',
    family: 'leads',
    proves: ['leads.filter-owner-unassigned', 'leads.board-filters'],
    description: 'owner=unassigned is not understood by the lead list and board: it lists leads of every owner.',
    wrap: (next) => async (request, info) => {
      const path = new URL(request.url).pathname;
      if (request.method !== 'GET' || !/^\/v1\/leads(\/board)?$/.test(path)) return next(request, info);
      return next(withQuery(request, (query) => void (query.get('owner') === 'unassigned' && query.delete('owner'))), info);
    },
  },
  {
    name: 'lead-summary-of-page',
    family: 'leads',
    proves: ['leads.summary'],
    description: "The lead list's summary counts and sums the leads of the page, not every matching lead.",
    wrap: on('GET', LEADS, async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body?.summary) return response;
      const summary = { count: body.data.length, sum: body.data.reduce((sum: number, lead: { amount: number }) => sum + lead.amount, 0) };
      return changed(response, { body: { ...body, summary } });
    }),
  },
  {
    name: 'lead-board-ignores-filters',
    family: 'leads',
    proves: ['leads.position-number', 'leads.board-filters', 'leads.board-counts'],
    description: 'The board takes only the pipeline: the other list filters are ignored, so counts and sums cover every lead of each stage.',
    wrap: on('GET', /^\/v1\/leads\/board$/, async (next, request, info) =>
      next(withQuery(request, (query) => {
        for (const name of [...query.keys()]) if (name !== 'pipeline' && name !== 'limit') query.delete(name);
      }), info)),
  },
  {
    name: 'lead-contact-remove-noop',
    family: 'leads',
    proves: ['leads.contacts-remove'],
    description: 'Removing a contact from a lead answers {ok: true, id} but the removal is not saved: the contact stays on the lead.',
    wrap: on('DELETE', /^\/v1\/leads\/[^/]+\/contacts\/[^/]+$/, async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      // The removal is not saved: the link is written back.
      const [, , , leadId, , contactId] = new URL(request.url).pathname.split('/');
      const headers = { authorization: request.headers.get('authorization') ?? '', 'content-type': 'application/json' };
      await next(new Request(new URL(`/v1/leads/${leadId}/contacts`, request.url), { method: 'POST', headers, body: JSON.stringify({ contact_id: contactId }) }), info);
      return response;
    }),
  },
  {
    name: 'lead-sub-routes-take-read-scope',
    family: 'leads',
    proves: ['leads.write-routes-scope'],
    description: "The lead-contacts and lead-products routes check leads:read for every method: a read-only key adds, changes and removes a lead's contacts and product lines.",
    wrap: (next, state) =>
      onErrorCode('missing_scope', async (response, body, request) => {
        if (body.error.scope !== 'leads:write' || !/^\/v1\/leads\/[^/]+\/(contacts|products)(\/|$)/.test(new URL(request.url).pathname)) return response;
        return retryAsOwner(state, next, request, response);
      })(next),
  },
  {
    name: 'no-pipeline-as-validation',
    family: 'leads',
    proves: ['errors.docs-url-names-code', 'leads.no-pipeline'],
    description: 'A lead created in a workspace without a pipeline answers 422 validation_failed naming pipeline_id instead of no_pipeline.',
    wrap: onErrorCode('no_pipeline', (response, body) =>
      changed(response, { status: 422, body: { error: { ...body.error, code: 'validation_failed', fields: { pipeline_id: 'no pipeline to put the lead in' } } } })),
  },
  {
    name: 'board-without-pipeline-409',
    family: 'leads',
    proves: ['leads.board-no-pipeline'],
    description: 'The board of a workspace without a pipeline answers 409 no_pipeline (an error the board does not document) instead of an empty board.',
    wrap: on('GET', /^\/v1\/leads\/board$/, async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (body?.pipeline_id !== null) return response;
      const requestId = response.headers.get('x-request-id') ?? '';
      return changed(response, { status: 409, body: { error: { code: 'no_pipeline', message: 'The workspace has no pipeline.', request_id: requestId, docs_url: 'https://docs.crm.example/errors/no_pipeline' } } });
    }),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'stage-change-keeps-stage-entered-at',
    family: 'leads',
    proves: ['leads.stage-entered-at', 'leads.move-open-stage'],
    description: 'A PATCH that moves a lead to another stage leaves stage_entered_at at the time it entered the old one (spec 3, lead).',
    wrap: (next, state) =>
      on('PATCH', LEAD, async (inner, request, info) => {
        const workspace = callerWorkspace(state, request);
        const sent = await request.clone().json().catch(() => undefined);
        const key = new URL(request.url).pathname.split('/').pop()!;
        const before = workspace && [...workspace.tables.leads.values()].find((lead: any) => lead.id === normalizeId(key) || String(lead.number) === key);
        const response = await inner(request, info);
        if (!response.ok || !before || typeof sent?.stage_id !== 'string') return response;
        const enteredAt = before.stage_entered_at;
        await workspace!.tables.leads.update(before.id, (draft: any) => void (draft.stage_entered_at = enteredAt));
        const shown = (await jsonOf(await inner(new Request(request.url, { headers: { authorization: request.headers.get('authorization') ?? '' } }), info)))?.stage_entered_at;
        return alterOk(response, (body) => ({ ...body, stage_entered_at: shown ?? body.stage_entered_at }));
      })(next),
  },
  {
    name: 'lead-unnamed-untitled',
    family: 'leads',
    proves: ['leads.unnamed-after-number'],
    description: 'A lead created without a name is named "Untitled lead" instead of after its number (spec 2.3).',
    wrap: on('POST', LEADS, async (next, request, info) => next(await withJsonBody(request, (body) => (body && typeof body === 'object' && body.name === undefined ? { ...body, name: 'Untitled lead' } : body)), info)),
  },
  {
    name: 'lead-q-number-ignored',
    family: 'leads',
    proves: ['leads.q-number'],
    description: 'The lead search q looks in names only: a number does not find the lead with that number (spec 4.2 q).',
    wrap: on('GET', LEADS, async (next, request, info) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
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
    name: 'lead-negative-amount-accepted',
    family: 'leads',
    proves: ['leads.amount-not-negative'],
    description: 'A lead created with a negative amount is accepted as 0 (clamped) instead of refused with 422 under amount (spec 2.3: amount 0 or more).',
    wrap: on('POST', LEADS, async (next, request, info) =>
      next(await withJsonBody(request, (body) => (body && Number.isInteger(body.amount) && body.amount < 0 ? { ...body, amount: 0 } : body)), info)),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-name-length-in-bytes',
    family: 'leads',
    proves: ['leads.name-length'],
    description: 'A lead name is limited to 255 UTF-8 bytes (a VARCHAR(255) in bytes), so a Cyrillic name of 200 characters is refused with 422 where up to 255 characters are allowed (spec 2.3, 8).',
    wrap: (next) => async (request, info) => {
      const path = new URL(request.url).pathname;
      if (!((request.method === 'POST' && path === '/v1/leads') || (request.method === 'PATCH' && /^\/v1\/leads\/[^/]+$/.test(path)))) return next(request, info);
      const sent = await sentJson(request);
      const overBytes = typeof sent?.name === 'string' && [...sent.name].length <= 255 && new TextEncoder().encode(sent.name).length > 255;
      return next(overBytes ? withJson(request, { ...sent, name: 'x'.repeat(256) }) : request, info);
    },
  },
  {
    name: 'lead-summary-counts-trash',
    family: 'leads',
    proves: ['leads.summary'],
    description: "The lead list's summary query forgets the trash: count and sum include deleted leads that the list itself leaves out (spec 4.2, 2.1).",
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/leads$/, async (next, request, info) => {
        const response = await next(request, info);
        const query = new URL(request.url).searchParams;
        const workspace = callerWorkspace(state, request);
        const body = response.ok && !query.get('q') ? await jsonOf(response) : undefined;
        if (!body?.summary || !workspace) return response;
        const trashed = trashedMatching(workspace, query);
        const summary = { ...body.summary, count: body.summary.count + trashed.length, sum: body.summary.sum + trashed.reduce((sum, lead) => sum + lead.amount, 0) };
        return changed(response, { body: { ...body, summary } });
      })(next),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-source-64-refused',
    family: 'leads',
    proves: ['leads.source-length'],
    description: 'A lead source of exactly 64 characters is refused with 422 under source: the column holds 63 (spec 2.3, 8: up to 64).',
    wrap: (next) => {
      const lengthen = (sent: any) => (typeof sent.source === 'string' && [...sent.source].length === 64 ? { ...sent, source: `${sent.source}x` } : undefined);
      return overTheEdge('POST', LEAD_WRITE, lengthen)(overTheEdge('PATCH', LEAD_WRITE, lengthen)(next));
    },
  },
  // Found by the fifth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-pipeline-only-second-stage',
    family: 'leads',
    proves: ['leads.stage-entered-at', 'leads.move-open-stage', 'leads.create-pipeline-only'],
    description: "A lead created with only pipeline_id goes to the stage at position 1, the second (stage positions start at 0, the code took them as 1-based), instead of the pipeline's first stage (spec 4.2).",
    wrap: (next, state) =>
      on('POST', LEADS, async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        if (!workspace || typeof sent?.pipeline_id !== 'string' || sent.stage_id !== undefined) return inner(request, info);
        const second = stagesOf(workspace, normalizeId(sent.pipeline_id))[1];
        return inner(second ? withJson(request, { ...sent, stage_id: second.id }) : request, info);
      })(next),
  },
  {
    name: 'lead-patch-pipeline-keeps-stage',
    family: 'leads',
    proves: ['leads.stage-of-pipeline'],
    description: 'A PATCH that moves a lead to another pipeline without stage_id changes pipeline_id only: the lead keeps its old stage, which belongs to the other pipeline (spec 2.3: a stage must belong to the pipeline).',
    wrap: (next, state) =>
      on('PATCH', LEAD, async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        if (!workspace || typeof sent?.pipeline_id !== 'string' || sent.stage_id !== undefined) return inner(request, info);
        const old = await leadBefore(inner, request);
        const response = await inner(request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (!old || !body || body.pipeline_id === old.pipeline_id) return response;
        await workspace.tables.leads.update(body.id, (draft: any) => void (draft.stage_id = old.stage_id));
        return changed(response, { body: { ...body, stage_id: old.stage_id } });
      })(next),
  },
  {
    name: 'lead-patch-stage-other-pipeline-follows',
    family: 'leads',
    proves: ['leads.move-stage-of-other-pipeline'],
    description: "A PATCH with the stage_id of another pipeline (no pipeline_id) moves the lead into that stage and its pipeline instead of answering validation_failed under stage_id (spec 3: the stage must belong to the lead's pipeline; pipeline_id is sent when the pipeline changes).",
    wrap: (next, state) =>
      on('PATCH', LEAD, async (inner, request, info) => {
        const sent = await sentJson(request);
        const retry = request.clone();
        const response = await inner(request, info);
        const workspace = callerWorkspace(state, request);
        if (response.status !== 422 || !workspace || typeof sent?.stage_id !== 'string' || sent.pipeline_id !== undefined) return response;
        const problem = await jsonOf(response);
        const stage = workspace.tables.stages.get(normalizeId(sent.stage_id));
        return problem?.error?.fields?.stage_id && stage ? inner(withJson(retry, { ...sent, pipeline_id: stage.pipeline_id }), info) : response;
      })(next),
  },
  {
    name: 'same-stage-patch-restamps',
    family: 'leads',
    proves: ['leads.stage-entered-at'],
    description: "A PATCH that sends the lead's current stage_id sets stage_entered_at to now as if the lead had entered the stage again (spec 2.3, 3: stage_entered_at is when the lead entered its stage; only a new stage updates it).",
    wrap: (next, state) =>
      on('PATCH', LEAD, async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        if (!workspace || typeof sent?.stage_id !== 'string') return inner(request, info);
        const old = await leadBefore(inner, request);
        const response = await inner(request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (!old || !body || body.stage_id !== old.stage_id) return response;
        const now = new Date(workspace.now()).toISOString();
        await workspace.tables.leads.update(body.id, (draft: any) => void (draft.stage_entered_at = now));
        return changed(response, { body: { ...body, stage_entered_at: now } });
      })(next),
  },
  {
    name: 'board-sum-of-shown-leads',
    family: 'leads',
    proves: ['leads.board-counts'],
    description: "The board's sum of a stage adds up the leads it shows (the first ones), not every lead of the stage that count counts (spec 4.2 board: each stage's count and sum).",
    wrap: on('GET', /^\/v1\/leads\/board$/, async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: (body.data ?? []).map((column: any) => ({ ...column, sum: (column.leads ?? []).reduce((sum: number, lead: any) => sum + lead.amount, 0) })),
      }))),
  },
  {
    name: 'board-skips-empty-stages',
    family: 'leads',
    proves: ['leads.board-stages', 'leads.board-filters', 'leads.board-counts'],
    description: 'The board is grouped from the leads, so a stage without leads is left out instead of answered with count 0 and sum 0 (spec 4.2 board: for each stage).',
    wrap: on('GET', /^\/v1\/leads\/board$/, async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({ ...body, data: (body.data ?? []).filter((column: any) => column.count > 0) }))),
  },
  {
    name: 'lead-line-amount-unrounded',
    family: 'leads',
    proves: ['leads.products-money', 'responses.shape.list-lead-products', 'responses.shape.update-lead-product'],
    description: "A product line's amount is quantity × price less the discount, not rounded: 1.5 of a price of 333 answers amount 499.5, a decimal (spec 2.1: money is an integer in the smallest unit).",
    wrap: onLines((line) => ({ ...line, amount: line.quantity * line.price * (1 - line.discount_percent / 100) })),
  },
  {
    name: 'lead-line-workspace-currency',
    family: 'leads',
    proves: ['leads.products-money'],
    description: "A product line is labelled with the workspace currency, not its product's: a line of a USD product shows its USD price and amount next to UZS (spec 2.1: money is an amount next to its currency).",
    wrap: (next, state) => (request, info) => {
      const workspace = callerWorkspace(state, request);
      return onLines((line) => (workspace ? { ...line, currency: workspace.currency } : line))(next)(request, info);
    },
  },
  {
    name: 'lead-line-of-other-lead-reachable',
    family: 'leads',
    proves: ['leads.products-own-lead'],
    description: "A product line is found by its id alone: PATCH and DELETE under another lead's path change or remove it instead of answering 404 (the line is not on that lead).",
    wrap: (next, state) => async (request, info) => {
      const match = LEAD_LINE.exec(new URL(request.url).pathname);
      if (!match || (request.method !== 'PATCH' && request.method !== 'DELETE')) return next(request, info);
      const retry = request.clone();
      const response = await next(request, info);
      const line = response.status === 404 ? callerWorkspace(state, request)?.tables.leadProducts.get(match[2]!) : undefined;
      if (!line) return response;
      const url = new URL(retry.url);
      url.pathname = `/v1/leads/${line.lead_id}/products/${line.id}`;
      return next(new Request(url, retry), info);
    },
  },
  {
    name: 'lead-delete-drops-lines',
    family: 'leads',
    proves: ['leads.products-remove', 'leads.restore-keeps-lines'],
    description: "Deleting a lead deletes its product lines for good (a cascade meant for purging): the lead restored from the trash has none (spec 2.1: restore brings the lead back).",
    wrap: (next, state) =>
      on('DELETE', LEAD, async (inner, request, info) => {
        const response = await inner(request, info);
        const workspace = callerWorkspace(state, request);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (workspace && body?.id) for (const line of workspace.tables.leadProducts.findBy('lead', body.id)) workspace.tables.leadProducts.remove(line.id);
        return response;
      })(next),
  },
  {
    name: 'lead-inline-contact-scope-unchecked',
    family: 'leads',
    proves: ['leads.create-contact-needs-contacts-write'],
    description: 'A lead created with a `contact` object checks only leads:write: a key without contacts:write creates the contact with the lead instead of 403 missing_scope (spec 4.2: also needs contacts:write).',
    wrap: (next, state) =>
      onErrorCode('missing_scope', (response, body, request) =>
        request.method === 'POST' && LEADS.test(new URL(request.url).pathname) && body.error.scope === 'contacts:write' ? retryAsOwner(state, next, request, response) : response)(next),
  },
  {
    name: 'foreign-contact-linkable',
    family: 'leads',
    proves: ['leads.create-unknown-reference'],
    description: "contact_id in a lead create or PATCH is looked up by id alone, not in the caller's workspace: another workspace's contact is linked to the lead instead of refused under contact_id (spec 1: a credential gives access to exactly one workspace).",
    wrap: (next, state) => async (request, info) => {
      const path = new URL(request.url).pathname;
      const isWrite = (request.method === 'POST' && LEADS.test(path)) || (request.method === 'PATCH' && LEAD.test(path));
      if (!isWrite) return next(request, info);
      const sent = await sentJson(request);
      const response = await next(request, info);
      const own = callerWorkspace(state, request);
      if (response.status !== 422 || !own || typeof sent?.contact_id !== 'string') return response;
      const id = normalizeId(sent.contact_id);
      const holder = [...state.workspaces.values()].find((workspace) => workspace !== own && workspace.tables.contacts.get(id)?.deleted_at === null);
      const problems = Object.keys((await jsonOf(response))?.error?.fields ?? {});
      if (!holder || problems.length !== 1 || problems[0] !== 'contact_id') return response;
      const { contact_id: _foreign, ...rest } = sent;
      const retried = await next(withJson(request, rest), info);
      const lead = retried.ok ? await jsonOf(retried) : undefined;
      if (!lead?.id) return retried;
      const contact = holder.tables.contacts.get(id)!;
      await own.tables.leads.update(lead.id, (draft) => void (draft.contact_id = id));
      return changed(retried, { body: { ...lead, contact_id: id, contact: { id, name: contact.name, phones: contact.phones } } });
    },
  },
  {
    name: 'lead-contact-summary-stale',
    family: 'leads',
    proves: ['leads.contact-object'],
    description: "A lead's `contact` summary ({id, name, phones}) is copied onto the lead when the contact is linked and never refreshed: after the contact's name or phones change, the lead still shows the old ones (spec 2.3: contact is the main contact as {id, name, phones}).",
    wrap: (next, state) => async (request, info) => {
      const path = new URL(request.url).pathname;
      const isWrite = (request.method === 'POST' && LEADS.test(path)) || (request.method === 'PATCH' && LEAD.test(path));
      const isRead = request.method === 'GET' && (LEADS.test(path) || LEAD.test(path));
      if (!isWrite && !isRead) return next(request, info);
      const response = await next(request, info);
      const workspace = callerWorkspace(state, request);
      if (!workspace || !response.ok) return response;
      const copies = contactCopies.get(workspace) ?? new Map<string, any>();
      contactCopies.set(workspace, copies);
      return alterOk(response, (body) => {
        const shown = (lead: any) => {
          if (!lead?.id || !lead.contact) return lead;
          const copy = copies.get(lead.id);
          if (copy?.id === lead.contact.id) return { ...lead, contact: copy };
          copies.set(lead.id, lead.contact);
          return lead;
        };
        return Array.isArray(body.data) ? { ...body, data: body.data.map(shown) } : shown(body);
      });
    },
  },
  // Ninth blind hunt (written from the spec and the mock, before reading any check).
  {
    name: 'lead-status-open-includes-won',
    family: 'leads',
    proves: ['leads.filter-status-open'],
    description: 'The lead list reads status=open as "not lost": won leads are listed (and counted in the summary) among the open ones (spec 3, 4.2: a lead is open until won or lost).',
    wrap: onRoute('GET', /^\/v1\/leads$/, async (next, request, info) => {
      const url = new URL(request.url);
      if (url.searchParams.get('status') !== 'open') return next(request, info);
      url.searchParams.set('status', 'all');
      const response = await next(new Request(url, request), info);
      return alterOk(response, (body) => {
        const data = Array.isArray(body.data) ? body.data.filter((lead: any) => lead.closed_at === null || !lead.loss_reason) : body.data;
        return { ...body, data };
      });
    }),
  },
  {
    name: 'lead-delete-answers-deleted-form',
    family: 'leads',
    proves: ['leads.delete-confirmation', 'responses.shape.delete-lead'],
    description: "Deleting a lead answers {id, deleted: true}, spec 2.1's other confirmation, where 4.2 states the lead's: {ok: true, id}.",
    wrap: onRoute('DELETE', LEAD, async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({ id: body.id, deleted: true }))),
  },
];

/** lead-contact-summary-stale's copies of each lead's contact summary as first shown, per workspace. */
const contactCopies = new WeakMap<Workspace, Map<string, unknown>>();
