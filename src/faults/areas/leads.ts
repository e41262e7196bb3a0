// Mutants of the leads area (spec 2.3, 3, 4.2): each is one bug another team's implementation
// might have, named with the catalog rules (conformance/rules/leads.yaml) it breaks. They act
// through the core's seams by operationId (common rules, "Writing a fault"): the handler's
// misreading of its input, a change written around the handler inside the request's transaction,
// or the HTTP answer as sent.
import type { HandlerContext } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { normalizeId } from '../../store/ids.ts';
import { pipelinesInOrder } from '../../resources/pipelines/present-pipeline.ts';
import type { StoredLead } from '../../resources/leads/lead-record.ts';
import { presentLead } from '../../resources/leads/present-lead.ts';
import { ApiError } from '../../errors/api-error.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { alterOk, onOperation, sentJson, withJson } from '../request-match.ts';
import { alterResult, bodyOf, eachShown, tablesOf, withBody, withQueryInput } from './area-kit.ts';

/** The operations whose answers show a whole lead (one, a list's, or a board's columns are left out). */
const LEAD_ANSWERS: readonly OperationId[] = ['createLead', 'getLead', 'listLeads', 'updateLead'];

/** Every lead a lead operation answers changed by `alter`. */
const onLeadAnswers = (alter: (lead: any) => any, operations: readonly OperationId[] = LEAD_ANSWERS) =>
  onOperation(operations, async (next, request, info) => alterOk(await next(request, info), (body) => eachShown(body, alter)));

/** The stored lead a lead route's path names, before the handler runs. */
function storedLead(context: HandlerContext): StoredLead | undefined {
  return tablesOf(context).leads.get(normalizeId(context.input.path.id ?? ''));
}

/** The stage type of a stored lead. */
const stageType = (context: HandlerContext, lead: { stage_id: string }) => tablesOf(context).stages.get(lead.stage_id)?.type;

/** The top of the block lead numbers are counted down from (lead-numbers-counted-down). */
const NUMBER_BLOCK_TOP = 1_000_000_000;

/** A lead's times read back from the database at whole seconds, where create and PATCH answer them with milliseconds. */
const toSeconds = (time: unknown) => (typeof time === 'string' ? time.replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '') : time);

export const leadsMutants: Fault[] = [
  {
    name: 'lead-id-long-prefix',
    family: 'leads',
    proves: ['leads.id-prefix'],
    description: 'New leads get the older long id prefix `lead_` (which spec 2.2 accepts on input) instead of `ld_`.',
    wrap: onLeadAnswers((lead) => (typeof lead?.id === 'string' ? { ...lead, id: lead.id.replace(/^ld_/, 'lead_') } : lead)),
  },
  {
    name: 'lead-numbers-counted-down',
    family: 'leads',
    proves: ['leads.number-increasing'],
    description: 'Lead numbers are handed out from the top of a block down: unique and never reused, but each new lead is numbered below the one before.',
    operations: ['createLead'],
    async aroundHandler(next, context) {
      return alterResult(await next(), async (lead) => {
        const number = NUMBER_BLOCK_TOP - lead.number;
        await tablesOf(context).leads.update(lead.id, (draft) => void (draft.number = number));
        return { ...lead, number };
      });
    },
  },
  {
    name: 'lead-currency-char3-truncated',
    family: 'leads',
    proves: ['leads.currency-three-letters'],
    description: 'A lead\'s currency is stored in a CHAR(3) column that silently cuts a longer code to three letters instead of refusing it with 422.',
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const long = typeof sent?.currency === 'string' && sent.currency.length > 3;
      return next(long ? withJson(request, { ...sent, currency: sent.currency.slice(0, 3) }) : request, info);
    }),
  },
  {
    name: 'lead-owner-without-name',
    family: 'leads',
    proves: ['leads.owner-object'],
    description: 'A lead\'s `owner` shows the member\'s id only, without its name (spec 2.3: `{id, name}`).',
    wrap: onLeadAnswers((lead) => (lead?.owner ? { ...lead, owner: { id: lead.owner.id } } : lead)),
  },
  {
    name: 'lead-utm-term-dropped',
    family: 'leads',
    proves: ['leads.utm-keys', 'leads.create-optional-fields'],
    description: 'A lead\'s utm keeps the four keys its team knew of and drops `utm_term` (spec 2.3 names five).',
    operations: ['createLead', 'updateLead'],
    alterInput: (input) => withBody(input, (body) => {
      if (!body.utm || typeof body.utm !== 'object') return body;
      const { utm_term: _dropped, ...kept } = body.utm;
      return { ...body, utm: kept };
    }),
  },
  {
    name: 'lead-custom-null-when-empty',
    family: 'leads',
    proves: ['leads.custom-object'],
    description: 'A lead without custom field values shows `custom: null` instead of `{}` (spec 2.3).',
    wrap: onLeadAnswers((lead) => (lead?.custom && !Object.keys(lead.custom).length ? { ...lead, custom: null } : lead)),
  },
  {
    name: 'lead-times-without-offset',
    family: 'leads',
    proves: ['leads.times'],
    description: 'A lead\'s times are written as local date-times with no offset (`2026-12-02T09:30:00`), not RFC 3339 (spec 2.1, 2.3).',
    wrap: onLeadAnswers((lead) => {
      const local = (time: unknown) => (typeof time === 'string' ? time.replace(/(Z|[+-]\d\d:\d\d)$/, '') : time);
      return lead?.created_at ? { ...lead, created_at: local(lead.created_at), updated_at: local(lead.updated_at), stage_entered_at: local(lead.stage_entered_at) } : lead;
    }),
  },
  {
    name: 'lead-closed-at-stamped-on-create',
    family: 'leads',
    proves: ['leads.open-until-closed'],
    description: 'A new lead gets `closed_at` stamped with its creation time (read as "the last status change"), though its stage is open.',
    operations: ['createLead'],
    async aroundHandler(next, context) {
      return alterResult(await next(), async (lead) => {
        await tablesOf(context).leads.update(lead.id, (draft) => void (draft.closed_at = lead.created_at));
        return { ...lead, closed_at: lead.created_at };
      });
    },
  },
  {
    name: 'lead-move-keeps-pipeline',
    family: 'leads',
    proves: ['leads.move-pipeline'],
    description: 'A PATCH moving a lead to a stage of another pipeline writes the stage and forgets `pipeline_id`, which stays the old pipeline.',
    operations: ['updateLead'],
    async aroundHandler(next, context) {
      const before = storedLead(context);
      const result = await next();
      const sent = bodyOf(context.input);
      if (!before || sent.pipeline_id === undefined || sent.stage_id === undefined) return result;
      return alterResult(result, async (lead) => {
        if (lead.pipeline_id === before.pipeline_id) return lead;
        await tablesOf(context).leads.update(lead.id, (draft) => void (draft.pipeline_id = before.pipeline_id));
        return { ...lead, pipeline_id: before.pipeline_id };
      });
    },
  },
  {
    name: 'lead-loss-reason-not-saved',
    family: 'leads',
    proves: ['leads.lost-closes'],
    description: 'A move into a lost stage checks that `loss_reason` was sent, closes the lead, and never saves the reason (spec 3).',
    operations: ['updateLead'],
    async aroundHandler(next, context) {
      return alterResult(await next(), async (lead) => {
        if (stageType(context, lead) !== 'lost' || !lead.loss_reason) return lead;
        await tablesOf(context).leads.update(lead.id, (draft) => void (draft.loss_reason = ''));
        return { ...lead, loss_reason: '' };
      });
    },
  },
  {
    name: 'lead-reopen-keeps-closed-at',
    family: 'leads',
    proves: ['leads.reopen'],
    description: 'A closed lead moved back to an open stage keeps its old `closed_at`: the handler sets it on closing and never clears it.',
    operations: ['updateLead'],
    async aroundHandler(next, context) {
      const before = storedLead(context);
      const result = await next();
      if (!before?.closed_at) return result;
      const closedAt = before.closed_at;
      return alterResult(result, async (lead) => {
        if (stageType(context, lead) !== 'open' || lead.closed_at !== null) return lead;
        await tablesOf(context).leads.update(lead.id, (draft) => void (draft.closed_at = closedAt));
        return { ...lead, closed_at: closedAt };
      });
    },
  },
  {
    name: 'lead-read-times-in-seconds',
    family: 'leads',
    proves: ['leads.read'],
    description: 'GET /v1/leads/{id} reads the lead back with its times cut to whole seconds, so it differs from the lead as created (spec 4.2: the lead as created).',
    wrap: onLeadAnswers((lead) => (lead?.created_at ? { ...lead, created_at: toSeconds(lead.created_at), updated_at: toSeconds(lead.updated_at), stage_entered_at: toSeconds(lead.stage_entered_at) } : lead), ['getLead']),
  },
  {
    name: 'lead-list-next-cursor-omitted',
    family: 'leads',
    proves: ['leads.list-envelope'],
    description: 'The lead list leaves `next_cursor` out of its last page instead of answering it null (spec 4.2: `{data, next_cursor, summary}`).',
    wrap: onOperation('listLeads', async (next, request, info) =>
      alterOk(await next(request, info), ({ next_cursor: cursor, ...rest }) => (cursor === null ? rest : { ...rest, next_cursor: cursor }))),
  },
  {
    name: 'lead-tags-past-ten-dropped',
    family: 'leads',
    proves: ['leads.tags-per-lead'],
    description: 'A lead sent more than 10 tags keeps the first 10 and drops the rest silently, instead of refusing with 422 under `tags` (spec 2.3, 8).',
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const many = Array.isArray(sent?.tags) && sent.tags.length > 10;
      return next(many ? withJson(request, { ...sent, tags: sent.tags.slice(0, 10) }) : request, info);
    }),
  },
  {
    name: 'lead-attribution-urls-unchecked',
    family: 'leads',
    proves: ['leads.referrer-url'],
    description: '`referrer` and `landing_page` are stored as sent, a relative path or an ftp: URL too, instead of refused with 422 (spec 2.3: absolute http(s) URLs).',
    // The stand-in's own validation would refuse them: the value goes past it and is shown as stored.
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const unchecked = Object.fromEntries(['referrer', 'landing_page'].filter((field) => typeof sent?.[field] === 'string' && !/^https?:\/\/[^/]/.test(sent[field])).map((field) => [field, sent[field]]));
      if (!Object.keys(unchecked).length) return next(request, info);
      const checked = Object.fromEntries(Object.entries(sent).filter(([field]) => !(field in unchecked)));
      return alterOk(await next(withJson(request, checked), info), (lead) => ({ ...lead, ...unchecked }));
    }),
  },
  {
    name: 'lead-lost-without-reason-400',
    family: 'state',
    proves: ['leads.lost-needs-reason-answer'],
    description: 'A move into a lost stage without `loss_reason` is refused with 400 (its team\'s status for a broken precondition) instead of 422 validation_failed.',
    wrap: onOperation('updateLead', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.status === 422 ? await jsonOf(response) : undefined;
      if (!body?.error?.fields?.loss_reason) return response;
      return changed(response, { status: 400 });
    }),
  },
  {
    name: 'lead-board-needs-write-scope',
    family: 'leads',
    proves: ['leads.read-routes-scope'],
    description: 'GET /v1/leads/board is guarded by leads:write, copied from the write routes: a leads:read key is refused (spec 4.2: leads:read reads it).',
    operations: ['getLeadBoard'],
    async aroundHandler(next, context) {
      if (!context.caller?.scopes.includes('leads:write')) throw new ApiError('missing_scope', { scope: 'leads:write' });
      return next();
    },
  },
  {
    name: 'lead-trash-read-not-found',
    family: 'state',
    proves: ['leads.delete-to-trash', 'conventions.trash-reads-410', 'errors.gone', 'errors.status-410'],
    description: 'A read of a deleted lead answers 404 not_found (its read path takes a trashed row as missing) instead of 410 gone.',
    operations: ['getLead'],
    async aroundHandler(next) {
      try {
        return await next();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'gone') throw new ApiError('not_found');
        throw error;
      }
    },
  },
  {
    name: 'lead-list-unfiltered-shows-trash',
    family: 'state',
    proves: ['leads.trash-leaves-lists', 'conventions.trash-leaves-lists'],
    description: 'The lead list without filters forgets the trash (its `deleted_at IS NULL` is added with the filters only): deleted leads are listed.',
    operations: ['listLeads'],
    async aroundHandler(next, context) {
      const { query } = context.input;
      const filtered = ['pipeline', 'stage', 'contact', 'company', 'owner', 'q', 'sort', 'cursor'].some((param) => query[param] !== undefined);
      const result = await next();
      if (filtered || query.status !== 'all') return result;
      const trashed = [...tablesOf(context).leads.values()].filter((lead) => lead.deleted_at !== null);
      const workspace = context.caller!.workspace;
      return alterResult(result, (page) => ({ ...page, data: [...page.data, ...trashed.map((lead) => presentLead(workspace, lead))].sort((a, b) => (a.id < b.id ? 1 : -1)) }));
    },
  },
  ...listFilterMutants(),
  ...createMutants(),
  ...subRouteMutants(),
];

/** The lead-contacts and lead-products routes (spec 4.2; their bodies are crmkit's reading). */
function subRouteMutants(): Fault[] {
  return [
    {
      name: 'lead-contact-added-200',
      family: 'leads',
      proves: ['leads.contacts-add'],
      description: 'POST /v1/leads/{id}/contacts answers 200 for a contact newly added, not 201.',
      operations: ['addLeadContact'],
      async aroundHandler(next) {
        const result = await next();
        return result instanceof Response ? result : { ...result, status: result.status === 201 ? 200 : result.status };
      },
    },
    {
      name: 'lead-contacts-list-main-only',
      family: 'leads',
      proves: ['leads.contacts-list'],
      description: "GET /v1/leads/{id}/contacts lists the lead's main contact only, not the contacts added to it.",
      operations: ['listLeadContacts'],
      async aroundHandler(next, context) {
        const lead = storedLead(context);
        return alterResult(await next(), (page) => ({ ...page, data: page.data.filter((contact: any) => contact.id === lead?.contact_id) }));
      },
    },
    {
      name: 'lead-line-quantity-ignored',
      family: 'leads',
      proves: ['leads.products-add'],
      description: 'POST /v1/leads/{id}/products ignores `quantity`: every line starts at 1.',
      operations: ['addLeadProduct'],
      alterInput: (input) => withBody(input, (body) => ({ ...body, quantity: 1 })),
    },
    {
      name: 'lead-lines-listed-as-products',
      family: 'leads',
      proves: ['leads.products-list'],
      description: "GET /v1/leads/{id}/products shows each line under its product's id instead of the line's own.",
      operations: ['listLeadProducts'],
      async aroundHandler(next) {
        return alterResult(await next(), (page) => eachShown(page, (line) => ({ ...line, id: line.product_id })));
      },
    },
    {
      name: 'lead-line-patch-quantity-ignored',
      family: 'leads',
      proves: ['leads.products-change'],
      description: 'PATCH /v1/leads/{id}/products/{itemID} changes price and discount but ignores `quantity`.',
      operations: ['updateLeadProduct'],
      alterInput: (input) => withBody(input, ({ quantity: _ignored, ...rest }) => rest),
    },
  ];
}

/** The lead list's misreadings of its query (spec 4.2 "List leads"). */
function listFilterMutants(): Fault[] {
  const dropped = (name: string, param: string, rule: string, description: string, when: (value: unknown) => boolean = () => true): Fault => ({
    name, family: 'leads', proves: [rule], description, operations: ['listLeads'],
    alterInput: (input) => withQueryInput(input, (query) => void (when(query[param]) && delete query[param])),
  });
  return [
    dropped('lead-filter-pipeline-ignored', 'pipeline', 'leads.filter-pipeline', 'The lead list ignores `pipeline=` and lists the leads of every pipeline.'),
    dropped('lead-filter-stage-ignored', 'stage', 'leads.filter-stage', 'The lead list ignores `stage=` and lists the leads of every stage.'),
    dropped('lead-filter-contact-ignored', 'contact', 'leads.filter-contact', 'The lead list ignores `contact=` and lists leads whatever their main contact.'),
    dropped('lead-filter-company-ignored', 'company', 'leads.filter-company', 'The lead list ignores `company=` and lists leads whatever their company.'),
    dropped('lead-filter-owner-id-ignored', 'owner', 'leads.filter-owner-id', 'The lead list understands `owner=me` and `owner=unassigned` only, and ignores a member id.', (owner) => owner !== 'me' && owner !== 'unassigned'),
    dropped('lead-filter-status-closed-ignored', 'status', 'leads.filter-status-closed', 'The lead list understands `status=open` only, and ignores `status=closed`.', (status) => status === 'closed'),
    dropped('lead-sort-position-ignored', 'sort', 'leads.sort-position', 'The lead list ignores `sort=position` and lists newest first.'),
    {
      name: 'lead-status-all-read-as-open',
      family: 'leads',
      proves: ['leads.filter-status-all'],
      description: 'The lead list reads `status=all`, its default, as open: closed leads are listed only with `status=closed` (spec 4.2).',
      operations: ['listLeads'],
      alterInput: (input) => withQueryInput(input, (query) => void ((query.status ?? 'all') === 'all' && (query.status = 'open'))),
    },
    {
      name: 'lead-default-sort-position',
      family: 'leads',
      proves: ['leads.sort-newest-first'],
      description: 'The lead list without `sort` lists leads in board order (by position), not newest first (spec 4.2).',
      operations: ['listLeads'],
      alterInput: (input) => withQueryInput(input, (query) => void (query.sort ??= 'position')),
    },
    textSearchMutant('lead-q-skips-contact', 'leads.q-contact', 'The lead list\'s `q` searches the lead\'s name and number and not its main contact.', (lead, q) => lead.name.toLowerCase().includes(q) || String(lead.number) === q),
    textSearchMutant('lead-q-skips-name', 'leads.q-name', 'The lead list\'s `q` searches the main contact and the number and not the lead\'s own name.', (lead, q) => Boolean(lead.contact?.name.toLowerCase().includes(q)) || String(lead.number) === q),
    {
      name: 'lead-summary-on-every-page',
      family: 'leads',
      proves: ['leads.summary-first-page-only'],
      description: 'Every page of the lead list carries a `summary`, the later ones summing the page they show (spec 4.2: the first page only).',
      operations: ['listLeads'],
      async aroundHandler(next, context) {
        const result = await next();
        if (context.input.query.cursor === undefined) return result;
        return alterResult(result, (page) => ({ ...page, summary: { count: page.data.length, sum: page.data.reduce((sum: number, lead: any) => sum + lead.amount, 0) } }));
      },
    },
  ];
}

/** The lead list's `q` matching a narrower text than spec 4.2's (name, main contact, number). */
function textSearchMutant(name: string, rule: string, description: string, matches: (lead: any, q: string) => boolean): Fault {
  return {
    name, family: 'leads', proves: [rule], description, operations: ['listLeads'],
    async aroundHandler(next, context) {
      const q = context.input.query.q;
      const result = await next();
      if (typeof q !== 'string' || !q.trim()) return result;
      return alterResult(result, (page) => ({ ...page, data: page.data.filter((lead: any) => matches(lead, q.trim().toLowerCase())) }));
    },
  };
}

/** Create and PATCH misreadings of spec 4.2 "Create lead" and "Update lead". */
function createMutants(): Fault[] {
  const ignored = (name: string, operation: OperationId, field: string, rule: string, description: string): Fault => ({
    name, family: 'leads', proves: [rule], description, operations: [operation],
    alterInput: (input) => withBody(input, ({ [field]: _ignored, ...rest }) => rest),
  });
  return [
    ignored('lead-create-owner-ignored', 'createLead', 'owner_id', 'leads.create-owner', 'POST /v1/leads ignores `owner_id`: a lead is created without an owner.'),
    ignored('lead-create-contact-id-ignored', 'createLead', 'contact_id', 'leads.create-contact-id', 'POST /v1/leads ignores `contact_id`: a lead is created without its main contact.'),
    ignored('lead-create-contact-object-ignored', 'createLead', 'contact', 'leads.create-contact-object', 'POST /v1/leads ignores a `contact` object: no contact is made with the lead.'),
    ignored('lead-create-company-ignored', 'createLead', 'company_id', 'leads.create-company-id', 'POST /v1/leads ignores `company_id`: a lead is created without its company.'),
    ignored('lead-create-landing-page-ignored', 'createLead', 'landing_page', 'leads.create-optional-fields', 'POST /v1/leads stores `referrer` and forgets `landing_page`.'),
    ignored('lead-patch-source-ignored', 'updateLead', 'source', 'leads.update-fields', 'PATCH /v1/leads/{id} does not change `source` (it is written on create only).'),
    {
      name: 'lead-created-200',
      family: 'leads',
      proves: ['leads.create-answer'],
      description: 'POST /v1/leads answers 200 instead of 201 Created (spec 4.2).',
      operations: ['createLead'],
      async aroundHandler(next) {
        const result = await next();
        return result instanceof Response ? result : { ...result, status: result.status === 201 ? 200 : result.status };
      },
    },
    {
      name: 'lead-default-pipeline-newest',
      family: 'leads',
      proves: ['leads.create-first-stage'],
      description: 'A lead created with neither pipeline_id nor stage_id goes to the newest pipeline (the last one), not the first (spec 4.2).',
      operations: ['createLead'],
      alterInput: (input, context) => withBody(input, (body) => {
        const last = pipelinesInOrder(tablesOf(context)).at(-1);
        return body.pipeline_id === undefined && body.stage_id === undefined && last ? { ...body, pipeline_id: last.id } : body;
      }),
    },
    {
      name: 'lead-amount-default-null',
      family: 'leads',
      proves: ['leads.create-amount-default'],
      description: 'A lead created without `amount` shows `amount: null` (a nullable column) instead of 0 (spec 4.2).',
      operations: ['createLead'],
      async aroundHandler(next, context) {
        const result = await next();
        return bodyOf(context.input).amount === undefined ? alterResult(result, (lead) => ({ ...lead, amount: null })) : result;
      },
    },
    {
      name: 'lead-patch-restamps-created-at',
      family: 'leads',
      proves: ['leads.update-only-sent'],
      description: 'A PATCH saves the lead through an upsert whose `created_at` defaults to now, so every change moves the creation time (spec 2.1: a PATCH changes only what it sends).',
      operations: ['updateLead'],
      async aroundHandler(next, context) {
        return alterResult(await next(), async (lead) => {
          await tablesOf(context).leads.update(lead.id, (draft) => void (draft.created_at = lead.updated_at));
          return { ...lead, created_at: lead.updated_at };
        });
      },
    },
  ];
}
