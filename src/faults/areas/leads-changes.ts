// Mutants of the changes of a lead (spec 2.3, 4.2): create, update, move, merge, and what
// each stores and answers.
import { answeredBody } from './handler-answer.ts';
import { callerOf, type HandlerContext, type HandlerResult } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { alterOk, callerWorkspace, onOperation, overTheEdge, probe, sentJson, withJson, withQuery } from '../request-match.ts';
import { retryAsOwner } from '../owner-key.ts';
import { onLines } from '../lead-requests.ts';

/** The request with its JSON body changed. */
async function withJsonBody(request: Request, change: (body: any) => any): Promise<Request> {
  const body = change(
    await request
      .clone()
      .json()
      .catch(() => undefined),
  );
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** A lead's sub-routes: its contacts and its product lines. */
const LEAD_SUB_ROUTES: readonly OperationId[] = [
  'listLeadContacts',
  'addLeadContact',
  'removeLeadContact',
  'listLeadProducts',
  'addLeadProduct',
  'updateLeadProduct',
  'removeLeadProduct',
];

/** The stored lead a path's id or number names (spec 2.1: a number is accepted instead of the id). */
function storedLead(workspace: Workspace, key: string | undefined) {
  return key === undefined
    ? undefined
    : [...workspace.tables.leads.values()].find((lead) => lead.id === normalizeId(key) || String(lead.number) === key);
}

/**
 * Runs a lead PATCH's handler with the stored lead it names as it was before (a copy), and lets
 * `after` change the store and the answer inside the request's transaction.
 */
function aroundLeadPatch(
  after: (context: HandlerContext, before: any, lead: any, result: HandlerResult) => Promise<HandlerResult>,
): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['updateLead'],
    async aroundHandler(next, context) {
      const found = storedLead(callerOf(context).workspace, context.input.path.id);
      const before = found && structuredClone(found);
      const result = await next();
      const lead = answeredBody(result);
      return before && lead?.id ? after(context, before, lead, result) : result;
    },
  };
}

/** The stages of a pipeline in order. */
function stagesOf(workspace: Workspace, pipelineId: string): { id: string; position: number }[] {
  return workspace.tables.stages.findBy('pipeline', pipelineId).sort((a, b) => a.position - b.position);
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'];

export const leadsChangesMutants: readonly Fault[] = [
  {
    // Readings review: leads.utm-other-key is stated (2.3 lists the five keys; 2.1 unknown fields are rejected).
    name: 'lead-utm-other-keys-dropped',
    area: 'leads',
    proves: ['leads.utm-other-key'],
    description:
      'A lead utm with a key other than the five (utm_id) is taken with that key silently dropped instead of refused (spec 2.3, 2.1).',
    wrap: onOperation('createLead', async (next, request, info) => {
      const body = await sentJson(request);
      if (!body?.utm || typeof body.utm !== 'object') return next(request, info);
      const utm = Object.fromEntries(Object.entries(body.utm).filter(([key]) => UTM_KEYS.includes(key)));
      return next(withJson(request, { ...body, utm }), info);
    }),
  },
  {
    name: 'lead-currency-hardcoded-usd',
    area: 'leads',
    proves: ['leads.create-currency-default'],
    description: 'A lead created without currency gets USD, a hard-coded default, instead of the workspace currency.',
    wrap: onOperation('createLead', async (next, request, info) =>
      next(await withJsonBody(request, (body) => (body && body.currency === undefined ? { ...body, currency: 'USD' } : body)), info),
    ),
  },
  {
    name: 'api-key-leads-owned-by-key-member',
    area: 'leads',
    proves: ['leads.filter-owner-me', 'leads.filter-owner-unassigned', 'leads.board-filters', 'leads.create-no-owner'],
    description: 'A lead created with an API key without owner_id is owned by the member the key acts for, instead of having no owner.',
    wrap: onOperation('createLead', async (next, request, info) => {
      const members = await jsonOf(await next(probe(request, '/v1/members'), info));
      const me = members?.data?.find((member: { is_me: boolean }) => member.is_me)?.id;
      return next(
        await withJsonBody(request, (body) => (body && me && body.owner_id === undefined ? { ...body, owner_id: me } : body)),
        info,
      );
    }),
  },
  {
    name: 'stage-of-other-pipeline-moves-lead',
    area: 'leads',
    proves: ['leads.create-stage-of-other-pipeline'],
    description:
      'A lead created with a stage of another pipeline than pipeline_id is put in that stage (and its pipeline) instead of being refused under stage_id.',
    wrap: onOperation('createLead', (next, request, info) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        if (!body.error.fields?.stage_id) return response;
        return next(await withJsonBody(request, ({ pipeline_id: _pipeline, ...rest }) => rest));
      })(next)(request, info),
    ),
  },
  {
    name: 'lead-patch-null-ignored',
    area: 'leads',
    proves: ['leads.update-null-clears-owner', 'leads.update-null-clears-contact', 'leads.update-null-clears-company'],
    description: 'A PATCH of a lead treats null like a field not sent: owner_id, contact_id and company_id cannot be cleared.',
    // The handler's own misreading: it is given the validated body without its nulls (seams/handler-seams.ts).
    operations: ['updateLead'],
    alterInput: (input) => ({
      ...input,
      body: Object.fromEntries(Object.entries(input.body as object).filter(([, value]) => value !== null)),
    }),
  },
  {
    name: 'lead-owner-unassigned-ignored',
    area: 'leads',
    proves: ['leads.filter-owner-unassigned', 'leads.board-filters'],
    description: 'owner=unassigned is not understood by the lead list and board: it lists leads of every owner.',
    wrap: onOperation(['listLeads', 'getLeadBoard'], (next, request, info) =>
      next(
        withQuery(request, (query) => void (query.get('owner') === 'unassigned' && query.delete('owner'))),
        info,
      ),
    ),
  },
  {
    name: 'lead-contact-remove-noop',
    area: 'leads',
    proves: ['leads.contacts-remove'],
    description: 'Removing a contact from a lead answers {ok: true, id} but the removal is not saved: the contact stays on the lead.',
    wrap: onOperation('removeLeadContact', async (next, request, info, { params }) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      // The removal is not saved: the link is written back (by the API's own add, so that it is written as the mock links a contact).
      const headers = { authorization: request.headers.get('authorization') ?? '', 'content-type': 'application/json' };
      await next(
        new Request(request.url.replace(/\/contacts\/[^/]+$/, '/contacts'), {
          method: 'POST',
          headers,
          body: JSON.stringify({ contact_id: params.contactID }),
        }),
        info,
      );
      return response;
    }),
  },
  {
    name: 'lead-sub-routes-take-read-scope',
    area: 'leads',
    proves: ['leads.write-routes-scope'],
    description:
      "The lead-contacts and lead-products routes check leads:read for every method: a read-only key adds, changes and removes a lead's contacts and product lines.",
    wrap: onOperation(LEAD_SUB_ROUTES, (next, request, info, _routed, state) =>
      onErrorCode('missing_scope', async (response, body, request) => {
        if (body.error.scope !== 'leads:write') return response;
        return retryAsOwner(state, next, request, response);
      })(next)(request, info),
    ),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'stage-change-keeps-stage-entered-at',
    area: 'leads',
    proves: ['leads.stage-entered-at', 'leads.move-open-stage'],
    description: 'A PATCH that moves a lead to another stage leaves stage_entered_at at the time it entered the old one (spec 3, lead).',
    // The handler's own write, inside the request's transaction: the old stage_entered_at is written back.
    ...aroundLeadPatch(async (context, before, lead, result) => {
      if (typeof (context.input.body as any)?.stage_id !== 'string') return result;
      await callerOf(context).workspace.tables.leads.update(before.id, (draft) => void (draft.stage_entered_at = before.stage_entered_at));
      return { ...result, body: { ...lead, stage_entered_at: before.stage_entered_at } };
    }),
  },
  {
    name: 'lead-unnamed-untitled',
    area: 'leads',
    proves: ['leads.unnamed-after-number'],
    description: 'A lead created without a name is named "Untitled lead" instead of after its number (spec 2.3).',
    wrap: onOperation('createLead', async (next, request, info) =>
      next(
        await withJsonBody(request, (body) =>
          body && typeof body === 'object' && body.name === undefined ? { ...body, name: 'Untitled lead' } : body,
        ),
        info,
      ),
    ),
  },
  {
    name: 'lead-negative-amount-accepted',
    area: 'leads',
    proves: ['leads.amount-not-negative'],
    description:
      'A lead created with a negative amount is accepted as 0 (clamped) instead of refused with 422 under amount (spec 2.3: amount 0 or more).',
    wrap: onOperation('createLead', async (next, request, info) =>
      next(
        await withJsonBody(request, (body) => (body && Number.isInteger(body.amount) && body.amount < 0 ? { ...body, amount: 0 } : body)),
        info,
      ),
    ),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-name-length-in-bytes',
    area: 'leads',
    proves: ['leads.name-length'],
    description:
      'A lead name is limited to 255 UTF-8 bytes (a VARCHAR(255) in bytes), so a Cyrillic name of 200 characters is refused with 422 where up to 255 characters are allowed (spec 2.3, 8).',
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info) => {
      const sent = await sentJson(request);
      const overBytes = typeof sent?.name === 'string' && [...sent.name].length <= 255 && new TextEncoder().encode(sent.name).length > 255;
      return next(overBytes ? withJson(request, { ...sent, name: 'x'.repeat(256) }) : request, info);
    }),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-source-64-refused',
    area: 'leads',
    proves: ['leads.source-length'],
    description: 'A lead source of exactly 64 characters is refused with 422 under source: the column holds 63 (spec 2.3, 8: up to 64).',
    wrap: overTheEdge(['createLead', 'updateLead'], (sent) =>
      typeof sent.source === 'string' && [...sent.source].length === 64 ? { ...sent, source: `${sent.source}x` } : undefined,
    ),
  },
  // Found by the fifth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-pipeline-only-second-stage',
    area: 'leads',
    proves: ['leads.stage-entered-at', 'leads.move-open-stage', 'leads.create-pipeline-only'],
    description:
      "A lead created with only pipeline_id goes to the stage at position 1, the second (stage positions start at 0, the code took them as 1-based), instead of the pipeline's first stage (spec 4.2).",
    wrap: onOperation('createLead', async (inner, request, info, _routed, state) => {
      const sent = await sentJson(request);
      const workspace = callerWorkspace(state, request);
      if (!workspace || typeof sent?.pipeline_id !== 'string' || sent.stage_id !== undefined) return inner(request, info);
      const second = stagesOf(workspace, normalizeId(sent.pipeline_id))[1];
      return inner(second ? withJson(request, { ...sent, stage_id: second.id }) : request, info);
    }),
  },
  {
    name: 'lead-patch-pipeline-keeps-stage',
    area: 'leads',
    proves: ['leads.stage-of-pipeline'],
    description:
      'A PATCH that moves a lead to another pipeline without stage_id changes pipeline_id only: the lead keeps its old stage, which belongs to the other pipeline (spec 2.3: a stage must belong to the pipeline).',
    // The handler's own write, inside the request's transaction: the old stage is written back.
    ...aroundLeadPatch(async (context, before, lead, result) => {
      const sent = context.input.body as any;
      if (typeof sent?.pipeline_id !== 'string' || sent.stage_id !== undefined || lead.pipeline_id === before.pipeline_id) return result;
      await callerOf(context).workspace.tables.leads.update(lead.id, (draft) => void (draft.stage_id = before.stage_id));
      return { ...result, body: { ...lead, stage_id: before.stage_id } };
    }),
  },
  {
    name: 'lead-patch-stage-other-pipeline-follows',
    area: 'leads',
    proves: ['leads.move-stage-of-other-pipeline'],
    description:
      "A PATCH with the stage_id of another pipeline (no pipeline_id) moves the lead into that stage and its pipeline instead of answering validation_failed under stage_id (spec 3: the stage must belong to the lead's pipeline; pipeline_id is sent when the pipeline changes).",
    wrap: onOperation('updateLead', async (inner, request, info, _routed, state) => {
      const sent = await sentJson(request);
      const retry = request.clone();
      const response = await inner(request, info);
      const workspace = callerWorkspace(state, request);
      if (response.status !== 422 || !workspace || typeof sent?.stage_id !== 'string' || sent.pipeline_id !== undefined) return response;
      const problem = await jsonOf(response);
      const stage = workspace.tables.stages.get(normalizeId(sent.stage_id));
      return problem?.error?.fields?.stage_id && stage
        ? inner(withJson(retry, { ...sent, pipeline_id: stage.pipeline_id }), info)
        : response;
    }),
  },
  {
    name: 'same-stage-patch-restamps',
    area: 'leads',
    proves: ['leads.stage-entered-at'],
    description:
      "A PATCH that sends the lead's current stage_id sets stage_entered_at to now as if the lead had entered the stage again (spec 2.3, 3: stage_entered_at is when the lead entered its stage; only a new stage updates it).",
    // The handler's own write, inside the request's transaction: the same stage is stamped as entered now.
    ...aroundLeadPatch(async (context, before, lead, result) => {
      if (typeof (context.input.body as any)?.stage_id !== 'string' || lead.stage_id !== before.stage_id) return result;
      const { workspace } = callerOf(context);
      const now = new Date(workspace.now()).toISOString();
      await workspace.tables.leads.update(lead.id, (draft) => void (draft.stage_entered_at = now));
      return { ...result, body: { ...lead, stage_entered_at: now } };
    }),
  },
  {
    name: 'lead-line-workspace-currency',
    area: 'leads',
    proves: ['leads.products-money'],
    description:
      "A product line is labelled with the workspace currency, not its product's: a line of a USD product shows its USD price and amount next to UZS (spec 2.1: money is an amount next to its currency).",
    wrap: onLines((line, state, request) => {
      const workspace = callerWorkspace(state, request);
      return workspace ? { ...line, currency: workspace.currency } : line;
    }),
  },
  {
    name: 'lead-line-of-other-lead-reachable',
    area: 'leads',
    proves: ['leads.products-own-lead'],
    description:
      "A product line is found by its id alone: PATCH and DELETE under another lead's path change or remove it instead of answering 404 (the line is not on that lead).",
    wrap: onOperation(['updateLeadProduct', 'removeLeadProduct'], async (next, request, info, { params }, state) => {
      const retry = request.clone();
      const response = await next(request, info);
      const line = response.status === 404 ? callerWorkspace(state, request)?.tables.leadProducts.get(params.itemID!) : undefined;
      if (!line) return response;
      // The same request under the line's own lead.
      return next(
        new Request(retry.url.replace(/\/v1\/leads\/[^/]+\/products\/[^/?]+/, `/v1/leads/${line.lead_id}/products/${line.id}`), retry),
        info,
      );
    }),
  },
  {
    name: 'lead-delete-drops-lines',
    area: 'leads',
    proves: ['leads.products-remove', 'leads.restore-keeps-lines'],
    description:
      'Deleting a lead deletes its product lines for good (a cascade meant for purging): the lead restored from the trash has none (spec 2.1: restore brings the lead back).',
    // The handler's own cascade, inside the request's transaction.
    operations: ['deleteLead'],
    async aroundHandler(next, context) {
      const result = await next();
      const { workspace } = callerOf(context);
      const id = answeredBody(result)?.id;
      if (id) for (const line of workspace.tables.leadProducts.findBy('lead', id)) workspace.tables.leadProducts.remove(line.id);
      return result;
    },
  },
  {
    name: 'lead-inline-contact-scope-unchecked',
    area: 'leads',
    proves: ['leads.create-contact-needs-contacts-write'],
    description:
      'A lead created with a `contact` object checks only leads:write: a key without contacts:write creates the contact with the lead instead of 403 missing_scope (spec 4.2: also needs contacts:write).',
    wrap: onOperation('createLead', (next, request, info, _routed, state) =>
      onErrorCode('missing_scope', (response, body, request) =>
        body.error.scope === 'contacts:write' ? retryAsOwner(state, next, request, response) : response,
      )(next)(request, info),
    ),
  },
  {
    name: 'foreign-contact-linkable',
    area: 'leads',
    proves: ['leads.create-unknown-reference'],
    description:
      "contact_id in a lead create or PATCH is looked up by id alone, not in the caller's workspace: another workspace's contact is linked to the lead instead of refused under contact_id (spec 1: a credential gives access to exactly one workspace).",
    // On the raw request: the handler refuses the foreign contact, and the fault sends the write again without it.
    wrap: onOperation(['createLead', 'updateLead'], async (next, request, info, _routed, state) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      const own = callerWorkspace(state, request);
      if (response.status !== 422 || !own || typeof sent?.contact_id !== 'string') return response;
      const id = normalizeId(sent.contact_id);
      const holder = [...state.workspaces.values()].find(
        (workspace) => workspace !== own && workspace.tables.contacts.get(id)?.deleted_at === null,
      );
      const problems = Object.keys((await jsonOf(response))?.error?.fields ?? {});
      if (!holder || problems.length !== 1 || problems[0] !== 'contact_id') return response;
      const { contact_id: _foreign, ...rest } = sent;
      const retried = await next(withJson(request, rest), info);
      const lead = retried.ok ? await jsonOf(retried) : undefined;
      if (!lead?.id) return retried;
      const contact = holder.tables.contacts.get(id)!;
      await own.tables.leads.update(lead.id, (draft) => void (draft.contact_id = id));
      return changed(retried, { body: { ...lead, contact_id: id, contact: { id, name: contact.name, phones: contact.phones } } });
    }),
  },
  {
    name: 'lead-contact-summary-stale',
    area: 'leads',
    proves: ['leads.contact-object'],
    description:
      "A lead's `contact` summary ({id, name, phones}) is copied onto the lead when the contact is linked and never refreshed: after the contact's name or phones change, the lead still shows the old ones (spec 2.3: contact is the main contact as {id, name, phones}).",
    wrap: onOperation(['listLeads', 'createLead', 'getLead', 'updateLead'], async (next, request, info, _routed, state) => {
      const response = await next(request, info);
      const workspace = callerWorkspace(state, request);
      if (!workspace || !response.ok) return response;
      // Each lead's contact summary as first shown, per workspace.
      const byWorkspace = faultMemory(state, 'lead-contact-summary-stale', () => new WeakMap<Workspace, Map<string, any>>());
      const copies = byWorkspace.get(workspace) ?? new Map<string, any>();
      byWorkspace.set(workspace, copies);
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
    }),
  },
  {
    name: 'lead-delete-answers-deleted-form',
    area: 'leads',
    proves: ['leads.delete-confirmation', 'responses.shape.delete-lead'],
    description: "Deleting a lead answers {id, deleted: true}, spec 2.1's other confirmation, where 4.2 states the lead's: {ok: true, id}.",
    wrap: onOperation('deleteLead', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({ id: body.id, deleted: true })),
    ),
  },
];
