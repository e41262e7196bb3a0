// Mutants of lead states (spec 3 Lead, 4.2): stage moves, won and lost, trash and restore, the
// limits of a lead.
import { answeredBody } from './handler-answer.ts';
import { presentLead } from '../../resources/leads/present-lead.ts';
import { callerOf } from '../../http/handler.ts';
import { ApiError } from '../../errors/api-error.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { errorAnswer, onOperation, probe, sentJson } from '../request-match.ts';
import { shortId, workspaceHolding } from '../stored-ids.ts';

export const leadsStateMutants: readonly Fault[] = [
  {
    name: 'deleted-lead-readable',
    area: 'leads',
    proves: ['errors.status-410', 'leads.trash-unchangeable', 'leads.delete-to-trash', 'conventions.trash-reads-410'],
    description: 'A lead in the trash still reads 200 instead of 410 gone.',
    wrap: onOperation(['getLead', 'updateLead', 'deleteLead'], (next, request, info, { params }, state) =>
      onErrorCode('gone', (response) => {
        const id = params.id!;
        const workspace = shortId('ld', id)
          ? [...state.workspaces.values()].find((candidate) => candidate.tables.leads.get(id))
          : undefined;
        return workspace ? changed(response, { status: 200, body: presentLead(workspace, workspace.tables.leads.get(id)!) }) : response;
      })(next)(request, info),
    ),
  },
  {
    name: 'won-without-closed-at',
    area: 'leads',
    proves: ['leads.won-closes'],
    description: 'A lead moved into a won stage keeps closed_at null.',
    // Every PATCH under /v1/leads/ (a lead's product line too, as the fault always did).
    wrap: onOperation(['updateLead', 'updateLeadProduct'], async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      return changed(response, { body: { ...(await jsonOf(response)), closed_at: null } });
    }),
  },
  {
    name: 'lost-without-reason',
    area: 'leads',
    proves: ['leads.lost-needs-reason'],
    description: 'A lead can be moved into a lost stage without loss_reason.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        if (request.method !== 'PATCH' || !body.error.fields?.loss_reason) return response;
        const sent = JSON.parse(await request.clone().text());
        return next(new Request(request, { body: JSON.stringify({ ...sent, loss_reason: '-' }) }));
      })(next),
  },
  {
    name: 'duplicate-leads-taken',
    area: 'leads',
    proves: ['errors.status-409', 'leads.duplicate-lead', 'leads.duplicate-lead-on-change'],
    description:
      'A second open lead for a contact in the same pipeline is taken, without its contact, instead of answering duplicate_lead.',
    wrap: (next) =>
      onErrorCode('duplicate_lead', async (response, _body, request) => {
        // A refusal of a request without a JSON object (a restore) stays: the bug is in how a sent lead is taken.
        const sent = await request
          .clone()
          .json()
          .catch(() => undefined);
        if (typeof sent !== 'object' || sent === null) return response;
        const { contact_id: _dropped, ...rest } = sent;
        return next(new Request(request, { body: JSON.stringify(rest) }));
      })(next),
  },
  {
    name: 'duplicate-lead-only-on-create',
    area: 'leads',
    proves: ['leads.duplicate-lead', 'leads.duplicate-lead-on-change'],
    description:
      'duplicate_lead is checked only when a lead is created: a PATCH naming a contact that already has an open lead in the pipeline, reopening a closed lead beside an open one, or restoring an open lead beside another, is taken.',
    wrap: onOperation(['updateLead', 'restoreLead'], (next, request, info, { operationId, params }, state) =>
      onErrorCode('duplicate_lead', async (response, _body, request) => {
        const id = shortId('ld', params.id) ? params.id : undefined;
        const restore = operationId === 'restoreLead';
        const workspace = id ? workspaceHolding(state, 'leads', id) : undefined;
        if (!workspace) return response;
        const sent = restore ? {} : await request.clone().json();
        const lead = await workspace.tables.leads.update(id!, (draft) => {
          if (restore) draft.deleted_at = null;
          if (typeof sent.contact_id === 'string') draft.contact_id = sent.contact_id;
          if (typeof sent.stage_id === 'string') draft.stage_id = sent.stage_id;
        });
        return changed(response, { status: 200, body: presentLead(workspace, lead) });
      })(next)(request, info),
    ),
  },
  {
    name: 'lead-limits-ignored',
    area: 'leads',
    proves: ['leads.contacts-limit', 'leads.products-limit', 'responses.shape.add-lead-product'],
    description: "A lead's 201st product line and 51st extra contact are taken (201) instead of answering limit_reached.",
    wrap: onOperation(['listLeadContacts', 'addLeadContact', 'listLeadProducts', 'addLeadProduct'], (next, request, info) =>
      onErrorCode('limit_reached', (response, body) =>
        changed(response, { status: 201, body: { id: `li_${'0'.repeat(26)}`, ignored: body.error.key } }),
      )(next)(request, info),
    ),
  },
  {
    name: 'trashed-lead-editable',
    area: 'leads',
    proves: ['leads.trash-unchangeable'],
    description: 'A lead in the trash can still be changed by PATCH.',
    wrap: onOperation('updateLead', (next, request, info, { params }, state) =>
      onErrorCode('gone', async (response) => {
        const id = params.id!;
        const workspace = shortId('ld', id)
          ? [...state.workspaces.values()].find((candidate) => candidate.tables.leads.get(id))
          : undefined;
        return workspace ? changed(response, { status: 200, body: presentLead(workspace, workspace.tables.leads.get(id)!) }) : response;
      })(next)(request, info),
    ),
  },
  // Found by the fifth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'lead-line-200th-refused',
    area: 'leads',
    proves: ['leads.contacts-limit', 'leads.products-limit'],
    description:
      'The 200th product line of a lead is refused with 409 limit_reached: the check is used >= 199 (spec 4.2, 8: up to 200 product lines).',
    // The handler's own off-by-one: it refuses after adding the 200th line, so the request's transaction keeps none of it.
    operations: ['addLeadProduct'],
    async aroundHandler(next, context) {
      const result = await next();
      const line = answeredBody(result);
      const { workspace } = callerOf(context);
      const stored = line?.id ? workspace.tables.leadProducts.get(line.id) : undefined;
      const used = stored ? workspace.tables.leadProducts.findBy('lead', stored.lead_id).length - 1 : 0;
      if (used !== 199) return result;
      throw new ApiError(
        'limit_reached',
        { key: 'lead_products', limit: 200, used, plan: workspace.plan, upgrade_to: null },
        { status: 409, detail: 'This lead has as many product lines as it can have.' },
      );
    },
  },
  {
    name: 'lead-line-limit-as-validation',
    area: 'leads',
    proves: ['leads.contacts-limit', 'leads.products-limit'],
    description:
      "A lead's 201st product line answers 422 validation_failed under product_id instead of limit_reached (spec 7.3: limit_reached for 200 line items on a lead).",
    wrap: onOperation('addLeadProduct', (next, request, info) =>
      onErrorCode('limit_reached', (response, body) => {
        const error = {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          request_id: body.error.request_id,
          docs_url: body.error.docs_url.replace(/limit_reached$/, 'validation_failed'),
          fields: { product_id: 'a lead has at most 200 product lines' },
        };
        return changed(response, { status: 422, body: { error } });
      })(next)(request, info),
    ),
  },
  {
    name: 'product-delete-answers-204',
    area: 'leads',
    proves: ['errors.documented-statuses', 'leads.trash-unchangeable'],
    description:
      'Deleting a product answers 204 with no body instead of 200 with the confirmation {ok: true, id} (spec 2.1: delete answers 200 with a small confirmation).',
    wrap: onOperation('deleteProduct', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const headers = new Headers(response.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      return new Response(null, { status: 204, headers });
    }),
  },
  {
    name: 'duplicate-lead-across-pipelines',
    area: 'leads',
    proves: ['leads.duplicate-lead'],
    description:
      'A new lead is refused 409 duplicate_lead when its contact has an open lead in any pipeline, not only in the same one (spec 7.3: open lead in this pipeline).',
    wrap: (next, state) =>
      onOperation('createLead', async (next, request, info) => {
        const sent = await sentJson(request);
        if (typeof sent?.contact_id !== 'string') return next(request, info);
        const open = await next(probe(request, `/v1/leads?contact=${encodeURIComponent(sent.contact_id)}&status=open`));
        const found = open.ok ? (await jsonOf(open))?.data : undefined;
        if (!Array.isArray(found) || found.length === 0) return next(request, info);
        return errorAnswer(state, open, 409, { code: 'duplicate_lead', message: 'This contact already has an open lead.' });
      })(next, state),
  },
];
