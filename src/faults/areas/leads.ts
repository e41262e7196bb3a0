// Mutants of the leads area (spec 2.3, 3, 4.2): each is one bug another team's implementation
// might have, named with the catalog rules (conformance/areas/leads/rules.yaml) it breaks. They act
// through the core's seams by operationId (common rules, "Writing a fault"): the handler's
// misreading of its input, a change written around the handler inside the request's transaction,
// or the HTTP answer as sent.
import type { HandlerContext } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { presentLead } from '../../resources/leads/present-lead.ts';
import { ApiError } from '../../errors/api-error.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { alterOk, onOperation, sentJson, withJson } from '../request-match.ts';
import { alterResult, eachRecord } from './handler-answer.ts';
import { bodyOf, tablesOf, withBody } from './handler-input.ts';
import { listFilterMutants } from './lead-lists.ts';
import { createMutants, storedLead, subRouteMutants } from './lead-writes.ts';

/** The operations whose answer is a lead or a page of leads (the board's columns are left alone). */
const LEAD_ANSWERS: readonly OperationId[] = ['createLead', 'getLead', 'listLeads', 'updateLead'];

/** Every lead a lead operation answers changed by `alter`. */
const onLeadAnswers = (alter: (lead: any) => any, operations: readonly OperationId[] = LEAD_ANSWERS) =>
  onOperation(operations, async (next, request, info) => alterOk(await next(request, info), eachRecord(alter)));

/** The stage type of a stored lead. */
const stageType = (context: HandlerContext, lead: { stage_id: string }) => tablesOf(context).stages.get(lead.stage_id)?.type;

/** The top of the block lead numbers are counted down from (lead-numbers-counted-down). */
const NUMBER_BLOCK_TOP = 1_000_000_000;

/** A lead's times read back from the database at whole seconds, where create and PATCH answer them with milliseconds. */
const toSeconds = (time: unknown) => (typeof time === 'string' ? time.replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '') : time);

export const leadsMutants: Fault[] = [
  {
    name: 'lead-id-long-prefix',
    area: 'leads',
    proves: ['leads.id-prefix'],
    description: 'New leads get the older long id prefix `lead_` (which spec 2.2 accepts on input) instead of `ld_`.',
    wrap: onLeadAnswers((lead) => (typeof lead?.id === 'string' ? { ...lead, id: lead.id.replace(/^ld_/, 'lead_') } : lead)),
  },
  {
    name: 'lead-numbers-counted-down',
    area: 'leads',
    proves: ['leads.number-increasing'],
    description:
      'Lead numbers are handed out from the top of a block down: unique and never reused, but each new lead is numbered below the one before.',
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
    area: 'leads',
    proves: ['leads.currency-three-letters'],
    description:
      "A lead's currency is stored in a CHAR(3) column that silently cuts a longer code to three letters instead of refusing it with 422.",
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const long = typeof sent?.currency === 'string' && sent.currency.length > 3;
      return next(long ? withJson(request, { ...sent, currency: sent.currency.slice(0, 3) }) : request, info);
    }),
  },
  {
    name: 'lead-owner-without-name',
    area: 'leads',
    proves: ['leads.owner-object'],
    description: "A lead's `owner` shows the member's id only, without its name (spec 2.3: `{id, name}`).",
    wrap: onLeadAnswers((lead) => (lead?.owner ? { ...lead, owner: { id: lead.owner.id } } : lead)),
  },
  {
    name: 'lead-utm-term-dropped',
    area: 'leads',
    proves: ['leads.utm-keys', 'leads.create-optional-fields'],
    description: "A lead's utm keeps the four keys its team knew of and drops `utm_term` (spec 2.3 names five).",
    operations: ['createLead', 'updateLead'],
    alterInput: (input) =>
      withBody(input, (body) => {
        if (!body.utm || typeof body.utm !== 'object') return body;
        const { utm_term: _dropped, ...kept } = body.utm;
        return { ...body, utm: kept };
      }),
  },
  {
    name: 'lead-custom-null-when-empty',
    area: 'leads',
    proves: ['leads.custom-object'],
    description: 'A lead without custom field values shows `custom: null` instead of `{}` (spec 2.3).',
    wrap: onLeadAnswers((lead) => (lead?.custom && !Object.keys(lead.custom).length ? { ...lead, custom: null } : lead)),
  },
  {
    name: 'lead-times-without-offset',
    area: 'leads',
    proves: ['leads.times'],
    description: "A lead's times are written as local date-times with no offset (`2026-12-02T09:30:00`), not RFC 3339 (spec 2.1, 2.3).",
    wrap: onLeadAnswers((lead) => {
      const local = (time: unknown) => (typeof time === 'string' ? time.replace(/(Z|[+-]\d\d:\d\d)$/, '') : time);
      return lead?.created_at
        ? {
            ...lead,
            created_at: local(lead.created_at),
            updated_at: local(lead.updated_at),
            stage_entered_at: local(lead.stage_entered_at),
          }
        : lead;
    }),
  },
  {
    name: 'lead-closed-at-stamped-on-create',
    area: 'leads',
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
    area: 'leads',
    proves: ['leads.move-pipeline'],
    description:
      'A PATCH moving a lead to a stage of another pipeline writes the stage and forgets `pipeline_id`, which stays the old pipeline.',
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
    area: 'leads',
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
    area: 'leads',
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
    area: 'leads',
    proves: ['leads.read'],
    description:
      'GET /v1/leads/{id} reads the lead back with its times cut to whole seconds, so it differs from the lead as created (spec 4.2: the lead as created).',
    wrap: onLeadAnswers(
      (lead) =>
        lead?.created_at
          ? {
              ...lead,
              created_at: toSeconds(lead.created_at),
              updated_at: toSeconds(lead.updated_at),
              stage_entered_at: toSeconds(lead.stage_entered_at),
            }
          : lead,
      ['getLead'],
    ),
  },
  {
    name: 'lead-list-next-cursor-omitted',
    area: 'leads',
    proves: ['leads.list-envelope'],
    description:
      'The lead list leaves `next_cursor` out of its last page instead of answering it null (spec 4.2: `{data, next_cursor, summary}`).',
    wrap: onOperation('listLeads', async (next, request, info) =>
      alterOk(await next(request, info), ({ next_cursor: cursor, ...rest }) => (cursor === null ? rest : { ...rest, next_cursor: cursor })),
    ),
  },
  {
    name: 'lead-tags-past-ten-dropped',
    area: 'leads',
    proves: ['leads.tags-per-lead'],
    description:
      'A lead sent more than 10 tags keeps the first 10 and drops the rest silently, instead of refusing with 422 under `tags` (spec 2.3, 8).',
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const many = Array.isArray(sent?.tags) && sent.tags.length > 10;
      return next(many ? withJson(request, { ...sent, tags: sent.tags.slice(0, 10) }) : request, info);
    }),
  },
  {
    name: 'lead-attribution-urls-unchecked',
    area: 'leads',
    proves: ['leads.referrer-url'],
    description:
      '`referrer` and `landing_page` are stored as sent, a relative path or an ftp: URL too, instead of refused with 422 (spec 2.3: absolute http(s) URLs).',
    // The stand-in's own validation would refuse them: the value goes past it and is shown as stored.
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const unchecked = Object.fromEntries(
        ['referrer', 'landing_page']
          .filter((field) => typeof sent?.[field] === 'string' && !/^https?:\/\/[^/]/.test(sent[field]))
          .map((field) => [field, sent[field]]),
      );
      if (!Object.keys(unchecked).length) return next(request, info);
      const checked = Object.fromEntries(Object.entries(sent).filter(([field]) => !(field in unchecked)));
      return alterOk(await next(withJson(request, checked), info), (lead) => ({ ...lead, ...unchecked }));
    }),
  },
  {
    name: 'lead-lost-without-reason-400',
    area: 'leads',
    proves: ['leads.lost-needs-reason-answer'],
    description:
      "A move into a lost stage without `loss_reason` is refused with 400 (its team's status for a broken precondition) instead of 422 validation_failed.",
    wrap: onOperation('updateLead', async (next, request, info) => {
      const response = await next(request, info);
      const body = response.status === 422 ? await jsonOf(response) : undefined;
      if (!body?.error?.fields?.loss_reason) return response;
      return changed(response, { status: 400 });
    }),
  },
  {
    name: 'lead-board-needs-write-scope',
    area: 'leads',
    proves: ['leads.read-routes-scope'],
    description:
      'GET /v1/leads/board is guarded by leads:write, copied from the write routes: a leads:read key is refused (spec 4.2: leads:read reads it).',
    operations: ['getLeadBoard'],
    async aroundHandler(next, context) {
      if (!context.caller?.scopes.includes('leads:write')) throw new ApiError('missing_scope', { scope: 'leads:write' });
      return next();
    },
  },
  {
    name: 'lead-trash-read-not-found',
    area: 'leads',
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
    area: 'leads',
    proves: ['leads.trash-leaves-lists', 'conventions.trash-leaves-lists'],
    description:
      'The lead list without filters forgets the trash (its `deleted_at IS NULL` is added with the filters only): deleted leads are listed.',
    operations: ['listLeads'],
    async aroundHandler(next, context) {
      const { query } = context.input;
      const filtered = ['pipeline', 'stage', 'contact', 'company', 'owner', 'q', 'sort', 'cursor'].some(
        (param) => query[param] !== undefined,
      );
      const result = await next();
      if (filtered || query.status !== 'all') return result;
      const trashed = [...tablesOf(context).leads.values()].filter((lead) => lead.deleted_at !== null);
      const workspace = context.caller!.workspace;
      return alterResult(result, (page) => ({
        ...page,
        data: [...page.data, ...trashed.map((lead) => presentLead(workspace, lead))].sort((a, b) => (a.id < b.id ? 1 : -1)),
      }));
    },
  },
  ...listFilterMutants(),
  ...createMutants(),
  ...subRouteMutants(),
];
