// The blind hunt of 2026-12-02 (issue 26 item 4): faults another team writing this CRM from the
// spec would plausibly make, written from the spec, the document and the mock before reading any
// check, in corners a suite rarely walks (odd record states, a second workspace's ids, sequences,
// less-travelled routes, cross-resource effects, events of rarer changes). Each carries the hunt's
// marker: the mutation test leaves them out (they measure the suite, they are not its yardstick);
// scripts/hunt-table.ts measures which of them the checks catch.
import type { MockState } from '../mock-state.ts';
import { presentLead } from '../resources/leads/present-lead.ts';
import type { EventEnvelope } from '../events/event-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { alterData, foreignIdServed, idIn } from './hunt-helpers.ts';
import { alterOk, callerWorkspace, errorAnswer, groupsOf, onListQuery, onQuery, onRoute, sentJson, withJson } from './request-match.ts';

/** The hunt's marker: FaultInfo.hunt in the catalog. */
export const HUNT = 'hunt-2026-12-02';

/**
 * A hunt fault: the spec section it breaks and its area, for the hunt's table. Faults in events
 * change what the webhooks hear of, as the events family's do (the same `alterEvent`, read by the
 * same hook).
 */
export type HuntFault = Fault & {
  hunt: typeof HUNT;
  area: string;
  spec: string;
  alterEvent?(event: EventEnvelope, info: { state: MockState; workspace: Workspace }): EventEnvelope[];
};

const unchanged = (next: Handle): Handle => next;

const LEAD = /^\/v1\/leads\/(ld_[0-9a-z]{26})$/;
const LEAD_RESTORE = /^\/v1\/leads\/(ld_[0-9a-z]{26})\/restore$/;
const CONTACT = /^\/v1\/contacts\/(ct_[0-9a-z]{26})$/;
const TASK = /^\/v1\/tasks\/(tk_[0-9a-z]{26})$/;
const PRODUCT = /^\/v1\/products\/(pr_[0-9a-z]{26})$/;
const NOTE = /^\/v1\/notes\/(nt_[0-9a-z]{26})$/;
const WEBHOOK = /^\/v1\/webhooks\/(wh_[0-9a-z]{26})$/;
const DELIVERY = /^\/v1\/webhooks\/(wh_[0-9a-z]{26})\/deliveries\/(dlv_[0-9a-z]{26})$/;
const TAG_MERGE = /^\/v1\/tags\/(tag_[0-9a-z]{26})\/merge$/;
const TAG = /^\/v1\/tags\/(tag_[0-9a-z]{26})$/;

/** The lead's stored record, in the caller's workspace. */
function storedLead(state: MockState, request: Request, id: string): any {
  return callerWorkspace(state, request)?.tables.leads.get(id);
}

/** A JS Date built from the parts of a YYYY-MM-DD, rolled over as Date.UTC does (2026-02-30 is 2026-03-02). */
function rolledDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

const LEADS_AND_RECORDS: HuntFault[] = [
  {
    name: 'hunt-restored-lead-loses-tags',
    family: 'leads', hunt: HUNT, proves: [], area: 'leads', spec: '2.1',
    description: 'A lead restored from the trash comes back without its tags (the delete freed them from the record to fix the usage counts) (spec 2.1: restore brings the lead back).',
    wrap: (next, state) =>
      onRoute('POST', LEAD_RESTORE, async (inner, request, info) => {
        const response = await inner(request, info);
        const id = idIn(LEAD_RESTORE, request);
        const workspace = callerWorkspace(state, request);
        if (!response.ok || !id || !workspace) return response;
        await workspace.tables.leads.update(id, (draft) => void (draft.tags = []));
        return alterOk(response, (body) => ({ ...body, tags: [] }));
      })(next),
  },
  {
    name: 'hunt-lead-status-closed-won-only',
    family: 'leads', hunt: HUNT, proves: [], area: 'leads', spec: '4.2',
    description: 'The lead list reads status=closed as "won": lost leads are left out of it (spec 4.2: closed is every lead in a won or lost stage).',
    wrap: onRoute('GET', /^\/v1\/leads$/, async (next, request, info) => {
      const response = await next(request, info);
      if (new URL(request.url).searchParams.get('status') !== 'closed') return response;
      return alterData(response, (data) => data.filter((lead) => !lead.loss_reason));
    }),
  },
  {
    name: 'hunt-loss-reason-not-saved',
    family: 'leads', hunt: HUNT, proves: [], area: 'leads', spec: '2.3, 3',
    description: 'A lead moved into a lost stage answers its loss_reason but the reason is not kept: a read afterwards shows it empty (spec 2.3, 3: loss_reason set in the same request).',
    wrap: (next, state) =>
      onRoute('PATCH', LEAD, async (inner, request, info) => {
        const response = await inner(request, info);
        const id = idIn(LEAD, request);
        const lead = id && response.ok ? storedLead(state, request, id) : undefined;
        if (lead?.loss_reason) await callerWorkspace(state, request)!.tables.leads.update(id!, (draft) => void (draft.loss_reason = ''));
        return response;
      })(next),
  },
  {
    name: 'hunt-lead-amount-patch-resets-currency',
    family: 'leads', hunt: HUNT, proves: [], area: 'leads', spec: '2.1',
    description: 'A lead PATCH of amount alone resets the currency to the workspace currency (money is written as one {amount, currency} pair) (spec 2.1: PATCH changes only the fields sent).',
    wrap: (next, state) =>
      onRoute('PATCH', LEAD, async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        const resets = sent && typeof sent.amount === 'number' && sent.currency === undefined && workspace;
        return inner(resets ? withJson(request, { ...sent, currency: workspace.currency }) : request, info);
      })(next),
  },
  {
    name: 'hunt-lead-q-finds-trashed',
    family: 'leads', hunt: HUNT, proves: [], area: 'leads', spec: '2.1',
    description: 'The lead search q is served from a search index the delete does not update: a lead in the trash is still found by its name (spec 2.1: a deleted lead leaves lists).',
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/leads$/, async (inner, request, info) => {
        const response = await inner(request, info);
        const q = new URL(request.url).searchParams.get('q')?.toLowerCase();
        const workspace = callerWorkspace(state, request);
        if (!q || !workspace) return response;
        const trashed = [...workspace.tables.leads.values()].filter((lead) => lead.deleted_at && lead.name.toLowerCase().includes(q));
        return alterData(response, (data) => [...data, ...trashed.map((lead) => presentLead(workspace, lead))]);
      })(next),
  },
  {
    name: 'hunt-contact-delete-unlinks-leads',
    family: 'records', hunt: HUNT, proves: [], area: 'contacts', spec: '2.1',
    description: "Deleting a contact clears contact_id on its leads (ON DELETE SET NULL), so a restored contact has lost its leads (spec 2.1: delete moves to the trash, restore brings it back).",
    wrap: (next, state) =>
      onRoute('DELETE', CONTACT, async (inner, request, info) => {
        const response = await inner(request, info);
        const id = idIn(CONTACT, request);
        const workspace = callerWorkspace(state, request);
        if (!response.ok || !id || !workspace) return response;
        for (const lead of [...workspace.tables.leads.values()].filter((each) => each.contact_id === id)) {
          await workspace.tables.leads.update(lead.id, (draft) => void (draft.contact_id = null));
        }
        return response;
      })(next),
  },
  {
    name: 'hunt-contact-patch-phone-ignored',
    family: 'records', hunt: HUNT, proves: [], area: 'contacts', spec: '4.3',
    description: 'A contact PATCH reads phones and emails only: the singular phone and email sent on their own are ignored (200, nothing changed) (spec 4.3: PATCH takes the same names as create).',
    wrap: onRoute('PATCH', CONTACT, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || (sent.phone === undefined && sent.email === undefined)) return next(request, info);
      const { phone: _phone, email: _email, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'hunt-open-leads-counts-trashed',
    family: 'records', hunt: HUNT, proves: [], area: 'contacts', spec: '2.4',
    description: "A contact's open_leads counts its open leads in the trash too (spec 2.4: count of open leads; 2.1: deleted leads leave lists).",
    wrap: (next, state) =>
      onRoute('GET', CONTACT, async (inner, request, info) => {
        const response = await inner(request, info);
        const id = idIn(CONTACT, request);
        const workspace = callerWorkspace(state, request);
        if (!id || !workspace) return response;
        const trashedOpen = [...workspace.tables.leads.values()].filter((lead) => lead.contact_id === id && lead.deleted_at && !lead.closed_at).length;
        return alterOk(response, (body) => ({ ...body, open_leads: body.open_leads + trashedOpen }));
      })(next),
  },
  {
    name: 'hunt-company-restore-missing',
    family: 'records', hunt: HUNT, proves: [], area: 'companies', spec: '2.1',
    description: 'The restore route exists for leads and contacts only: POST /v1/companies/{id}/restore answers 404 not_found for a company in the trash (spec 2.1: restore of leads, contacts and companies).',
    wrap: (next, state) =>
      onRoute('POST', /^\/v1\/companies\/([^/]+)\/restore$/, async (inner, request, info) => {
        // Nothing is restored: a read of the company only lends the answer its request id.
        const read = await inner(new Request(request.url.replace(/\/restore$/, ''), { headers: request.headers }), info);
        return errorAnswer(state, read, 404, { code: 'not_found', message: 'Not found.' });
      })(next),
  },
  {
    name: 'hunt-product-unarchive-ignored',
    family: 'records', hunt: HUNT, proves: [], area: 'products', spec: '4.7',
    description: 'PATCH with archived false leaves an archived product archived (the update only ever sets the flag) (spec 2.1, 4.7: PATCH changes the fields sent).',
    wrap: onRoute('PATCH', PRODUCT, async (next, request, info) => {
      const sent = await sentJson(request);
      if (sent?.archived !== false) return next(request, info);
      const { archived: _archived, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'hunt-archived-product-read-404',
    family: 'records', hunt: HUNT, proves: [], area: 'products', spec: '2.8',
    description: "GET /v1/products/{id} reuses the list's default filter: an archived product answers 404 not_found (spec 2.8: archived products are left out of lists, not unreadable).",
    wrap: (next, state) =>
      onRoute('GET', PRODUCT, async (inner, request, info) => {
        const response = await inner(request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        return body?.archived ? errorAnswer(state, response, 404, { code: 'not_found', message: 'Not found.' }) : response;
      })(next),
  },
  {
    name: 'hunt-custom-date-rolls-over',
    family: 'records', hunt: HUNT, proves: [], area: 'custom fields', spec: '2.11',
    description: 'A custom date is checked by its YYYY-MM-DD shape only and built with Date.UTC: 2026-02-30 is stored as 2026-03-02 instead of refused under custom.<key> (spec 2.11).',
    wrap: onRoute('PATCH', LEAD, async (next, request, info) => {
      const sent = await sentJson(request);
      const custom = sent?.custom && typeof sent.custom === 'object' ? sent.custom : undefined;
      if (!custom) return next(request, info);
      const rolled = Object.fromEntries(Object.entries(custom).map(([key, value]) => [key, typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? rolledDate(value) : value]));
      return next(withJson(request, { ...sent, custom: rolled }), info);
    }),
  },
  {
    name: 'hunt-custom-checkbox-string-taken',
    family: 'records', hunt: HUNT, proves: [], area: 'custom fields', spec: '2.11',
    description: 'A checkbox value sent as the string "true" or "false" is coerced to the boolean instead of refused under custom.<key> (spec 2.11: checkbox is true or false).',
    wrap: (next, state) =>
      onRoute('PATCH', /^\/v1\/(leads|contacts)\/[^/]+$/, async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        if (!sent?.custom || typeof sent.custom !== 'object' || !workspace) return inner(request, info);
        const checkboxes = new Set([...workspace.tables.fields.values()].filter((field) => field.type === 'checkbox').map((field) => field.key));
        const coerced = Object.fromEntries(Object.entries(sent.custom).map(([key, value]) => [key, checkboxes.has(key) && (value === 'true' || value === 'false') ? value === 'true' : value]));
        return inner(withJson(request, { ...sent, custom: coerced }), info);
      })(next),
  },
];

const STATE: HuntFault[] = [
  {
    name: 'hunt-tag-merge-duplicates-target',
    family: 'state', hunt: HUNT, proves: [], area: 'tags', spec: '4.4',
    description: 'Merging a tag appends the target name to every record that had the merged tag, so a record that had both carries the target twice (spec 4.4: merge gives the target tag, no duplicate).',
    wrap: (next, state) =>
      onRoute('POST', TAG_MERGE, async (inner, request, info) => {
        const workspace = callerWorkspace(state, request);
        const source = workspace?.tables.tags.get(idIn(TAG_MERGE, request) ?? '');
        const into = workspace?.tables.tags.get((await sentJson(request))?.into ?? '');
        const bothIds = source && into ? [...workspace!.tables.leads.values()].filter((lead) => lead.tags.includes(source.name) && lead.tags.includes(into.name)).map((lead) => lead.id) : [];
        const response = await inner(request, info);
        if (!response.ok) return response;
        for (const id of bothIds) await workspace!.tables.leads.update(id, (draft) => void draft.tags.push(into!.name));
        return response;
      })(next),
  },
  {
    name: 'hunt-tag-delete-affected-zero',
    family: 'state', hunt: HUNT, proves: [], area: 'tags', spec: '4.4',
    description: 'Deleting a tag answers affected {leads: 0, contacts: 0, companies: 0} (the counts are read after the tag left the records) (spec 4.4: answers {ok, id, affected}).',
    wrap: onRoute('DELETE', TAG, async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({ ...body, affected: { leads: 0, contacts: 0, companies: 0 } }))),
  },
  {
    name: 'hunt-tag-usage-companies-zero',
    family: 'state', hunt: HUNT, proves: [], area: 'tags', spec: '2.5',
    description: "The tag list's usage counts leads and contacts only: usage.companies is always 0 (spec 2.5: {leads, contacts, companies} record counts).",
    wrap: onRoute('GET', /^\/v1\/tags$/, async (next, request, info) =>
      alterData(await next(request, info), (data) => data.map((tag) => (tag.usage ? { ...tag, usage: { ...tag.usage, companies: 0 } } : tag)))),
  },
  {
    name: 'hunt-bulk-undo-never-expires',
    family: 'state', hunt: HUNT, proves: [], area: 'tags', spec: '4.4, 8',
    description: 'A bulk tag run can be undone at any time: the 24-hour undo window is written on the run but never compared (spec 4.4, 8: undoable for 24 hours).',
    wrap: (next, state) =>
      onErrorCode('limit_reached', async (response, body, request) => {
        const runId = /^\/v1\/bulk\/runs\/([^/]+)\/undo$/.exec(new URL(request.url).pathname)?.[1];
        const workspace = callerWorkspace(state, request);
        if (!runId || body.error.key !== 'bulk_undo_hours' || !workspace?.tables.bulkRuns.get(runId)) return response;
        await workspace.tables.bulkRuns.update(runId, (draft) => void (draft.undo_until = new Date(workspace.now() + 60_000).toISOString()));
        return next(request);
      })(next),
  },
  {
    name: 'hunt-note-on-trashed-record-taken',
    family: 'state', hunt: HUNT, proves: [], area: 'notes', spec: '2.1',
    description: 'A note can be added to a lead in the trash (201): the note route looks the record up with the trash included (spec 2.1: a deleted record answers 410 gone).',
    wrap: (next, state) =>
      onErrorCode('gone', async (response, _body, request) => {
        const sent = new URL(request.url).pathname === '/v1/notes' ? await sentJson(request) : undefined;
        const workspace = callerWorkspace(state, request);
        const lead = sent?.entity_type === 'lead' ? workspace?.tables.leads.get(sent.entity_id) : undefined;
        if (!lead?.deleted_at) return response;
        // The lookup that includes the trash: the lead is out of it for the note's write only.
        await workspace!.tables.leads.update(lead.id, (draft) => void (draft.deleted_at = null));
        try {
          return await next(request);
        } finally {
          await workspace!.tables.leads.update(lead.id, (draft) => void (draft.deleted_at = lead.deleted_at));
        }
      })(next),
  },
  {
    name: 'hunt-timeline-unknown-entity-empty',
    family: 'state', hunt: HUNT, proves: [], area: 'timeline', spec: '7.3',
    description: 'The timeline of an entity_id no record has (or another workspace\'s) answers 200 with an empty list, the items being read by entity_id alone (spec 7.3: unknown id answers 404 not_found).',
    wrap: onRoute('GET', /^\/v1\/timeline$/, async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 404) return response;
      return changed(response, { status: 200, body: { data: [], next_cursor: null } });
    }),
  },
  {
    name: 'hunt-task-patch-entity-taken',
    family: 'state', hunt: HUNT, proves: [], area: 'tasks', spec: '4.10, 2.1',
    description: 'A task PATCH with entity_type, entity_id or entity_label answers 200 and drops them silently instead of 400 unknown_field (spec 4.10 lists the changeable fields; 2.1: unknown fields are rejected).',
    wrap: onRoute('PATCH', TASK, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object') return next(request, info);
      const { entity_type: _type, entity_id: _id, entity_label: _label, ...rest } = sent;
      return next(Object.keys(rest).length === Object.keys(sent).length ? request : withJson(request, rest), info);
    }),
  },
  {
    name: 'hunt-task-created-needs-entity',
    family: 'events', hunt: HUNT, proves: [], area: 'events', spec: '6.4',
    description: 'task.created is sent only for tasks tied to a record (the event is raised by the record timeline): a task without entity sends none (spec 6.4: task created).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'task.created' && !(event.data.object as any).entity_type ? [] : [event]),
  },
  {
    name: 'hunt-note-created-leads-only',
    family: 'events', hunt: HUNT, proves: [], area: 'events', spec: '6.4',
    description: 'note.created is sent for notes on leads only: notes on contacts and companies send none (spec 6.4: note added).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'note.created' && (event.data.object as any).entity_type !== 'lead' ? [] : [event]),
  },
  {
    name: 'hunt-reopen-not-announced',
    family: 'events', hunt: HUNT, proves: [], area: 'events', spec: '3, 6.4',
    description: 'Reopening a conversation sends no conversation.status_changed (only resolve and snooze were wired) (spec 3, 6.4: resolve, reopen, snooze).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'conversation.status_changed' && (event.data.object as any).status === 'open' ? [] : [event]),
  },
  {
    name: 'hunt-contact-tags-not-announced',
    family: 'events', hunt: HUNT, proves: [], area: 'events', spec: '4.3, 6.4',
    description: 'A contact PATCH of tags sends no contact.updated (tags are written by the tag module, which raises no event) (spec 4.3: each changed field sends contact.updated).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'contact.updated' && (event.data.object as any).field === 'tags' ? [] : [event]),
  },
  {
    name: 'hunt-form-submitted-only-for-new-leads',
    family: 'events', hunt: HUNT, proves: [], area: 'forms', spec: '4.12, 6.4',
    description: "form.submitted is raised by the lead-opening path only: a submission added to the client's open lead sends none (spec 6.4: form.submitted on every submission).",
    wrap: unchanged,
    alterEvent: (event, { workspace }) => {
      if (event.type !== 'form.submitted') return [event];
      const lead = workspace.tables.leads.get((event.data.object as any).lead_id);
      return lead && Date.parse(lead.created_at) < Date.parse(event.occurred_at) ? [] : [event];
    },
  },
  {
    name: 'hunt-lost-event-as-won',
    family: 'events', hunt: HUNT, proves: [], area: 'events', spec: '3, 6.4',
    description: 'A move into a lost stage sends lead.won (the close event is chosen by closed_at being set, not by the stage type) (spec 3, 6.4: lead.lost for a lost stage).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'lead.lost' ? [{ ...event, type: 'lead.won' }] : [event]),
  },
];

const CONVERSATION_SNOOZE = /^\/v1\/conversations\/(cv_[0-9a-z]{26})\/snooze$/;

const CONVERSATIONS_AND_WEBHOOKS: HuntFault[] = [
  {
    name: 'hunt-conversation-lead-filter-ignored',
    family: 'conversations', hunt: HUNT, proves: [], area: 'conversations', spec: '4.8',
    description: 'The conversation list ignores `lead`: conversations of every lead are listed (spec 4.8: lead filters by lead id).',
    wrap: onListQuery(/^\/v1\/conversations$/, (query) => query.delete('lead')),
  },
  {
    name: 'hunt-snooze-resolved-stays-resolved',
    family: 'conversations', hunt: HUNT, proves: [], area: 'conversations', spec: '3',
    description: 'Snoozing a resolved conversation answers 200 but leaves it resolved, without snoozed_until (the snooze only updates open rows) (spec 3: any state to snoozed).',
    wrap: (next, state) =>
      onRoute('POST', CONVERSATION_SNOOZE, async (inner, request, info) => {
        const id = idIn(CONVERSATION_SNOOZE, request)!;
        const workspace = callerWorkspace(state, request);
        const wasResolved = workspace?.tables.conversations.get(id)?.status === 'resolved';
        const response = await inner(request, info);
        if (!response.ok || !wasResolved) return response;
        await workspace!.tables.conversations.update(id, (draft) => Object.assign(draft, { status: 'resolved', snoozed_until: null }));
        return alterOk(response, (body) => ({ ...body, status: 'resolved', snoozed_until: null }));
      })(next),
  },
  {
    name: 'hunt-foreign-conversation-assignable',
    family: 'conversations', hunt: HUNT, proves: [], area: 'workspaces', spec: '1',
    description: "Assign looks the conversation up by id alone: a key of one workspace assigns (or unassigns) another workspace's conversation (spec 1: a credential gives access to exactly one workspace).",
    wrap: foreignIdServed('POST', /^\/v1\/conversations\/(cv_[0-9a-z]{26})\/assign$/, 'conversations'),
  },
  {
    name: 'hunt-messages-cursor-skips-first',
    family: 'paging', hunt: HUNT, proves: [], area: 'paging', spec: '4.13',
    description: "Off by one in the messages list cursor: every page after the first leaves out its first message (spec 4.8, 4.13: cursor paging).",
    wrap: onRoute('GET', /^\/v1\/conversations\/[^/]+\/messages$/, async (next, request, info) => {
      const response = await next(request, info);
      return new URL(request.url).searchParams.get('cursor') ? alterData(response, (data) => data.slice(1)) : response;
    }),
  },
  {
    name: 'hunt-webhook-patch-url-unchecked',
    family: 'webhooks', hunt: HUNT, proves: [], area: 'webhooks', spec: '4.11',
    description: 'The URL rules are checked on create only: a PATCH to an http:// or private address is saved (spec 4.11: checked when saved and before every delivery).',
    wrap: (next, state) =>
      onRoute('PATCH', WEBHOOK, async (inner, request, info) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const body = response.status === 422 ? await jsonOf(response) : undefined;
        const sent = await sentJson(copy);
        const id = idIn(WEBHOOK, copy)!;
        const workspace = callerWorkspace(state, copy);
        if (!body?.error?.fields?.url || typeof sent?.url !== 'string' || !workspace?.tables.webhooks.get(id)) return response;
        await workspace.tables.webhooks.update(id, (draft) => void (draft.url = sent.url));
        const { url: _url, ...rest } = sent;
        return inner(withJson(copy, rest), info);
      })(next),
  },
  {
    name: 'hunt-delivery-of-other-webhook-readable',
    family: 'webhooks', hunt: HUNT, proves: [], area: 'webhooks', spec: '4.11',
    description: "A delivery is read by its id alone: /v1/webhooks/{A}/deliveries/{did} answers a delivery of webhook B (spec 4.11: the webhook's deliveries).",
    wrap: (next, state) =>
      onRoute('GET', DELIVERY, async (inner, request, info) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const [, , deliveryId] = DELIVERY.exec(new URL(copy.url).pathname) ?? [];
        const delivery: any = response.status === 404 ? callerWorkspace(state, copy)?.tables.deliveries.get(deliveryId!) : undefined;
        if (!delivery?.webhook_id) return response;
        return inner(new Request(new URL(`/v1/webhooks/${delivery.webhook_id}/deliveries/${deliveryId}`, copy.url), copy), info);
      })(next),
  },
  {
    name: 'hunt-foreign-webhook-rotatable',
    family: 'webhooks', hunt: HUNT, proves: [], area: 'workspaces', spec: '1',
    description: "Rotate-secret looks the webhook up by id alone: a key of one workspace rotates another workspace's secret and is shown it (spec 1: one workspace per credential).",
    wrap: foreignIdServed('POST', /^\/v1\/webhooks\/(wh_[0-9a-z]{26})\/rotate-secret$/, 'webhooks'),
  },
];

/** A condition's field made a `not_empty` sibling for every `neq` of an `and` group (SQL's NULL <> x). */
function withNotEmptyBesideNeq(query: any): any {
  for (const group of groupsOf(query)) {
    if (group.op !== 'and') continue;
    const neqs = group.conditions.filter((condition: any) => condition?.op === 'neq' && typeof condition.field === 'string' && !condition.not);
    for (const condition of neqs) group.conditions.push({ field: condition.field, op: 'not_empty' });
  }
  return query;
}

const QUERY_AND_PAGING: HuntFault[] = [
  {
    name: 'hunt-query-neq-drops-empty',
    family: 'query', hunt: HUNT, proves: [], area: 'query', spec: '4.13',
    description: 'neq is translated to SQL `<>`, so records whose field is empty never match (owner_id neq X leaves out unowned leads) (spec 4.13: neq matches every value but the one given).',
    wrap: onQuery((body) => (body.query ? { ...body, query: withNotEmptyBesideNeq(body.query) } : body)),
  },
  {
    name: 'hunt-query-has-tag-ignored',
    family: 'query', hunt: HUNT, proves: [], area: 'query', spec: '4.4',
    description: 'The text filter drops `has:tag`: records without tags are found too (spec 4.4: has:tag keeps records with a tag).',
    wrap: onQuery((body) => (typeof body.q === 'string' ? { ...body, q: body.q.replace(/(^|\s)has:tag(?=\s|$)/g, ' ').trim() } : body)),
  },
  {
    name: 'hunt-query-tag-list-as-all',
    family: 'query', hunt: HUNT, proves: [], area: 'query', spec: '4.4',
    description: '`tag:vip,hot` is read as every one of the tags (split into tag:vip tag:hot) instead of any of them (spec 4.4).',
    wrap: onQuery((body) => (typeof body.q === 'string' ? { ...body, q: body.q.replace(/(^|\s)tag:(\S+)/g, (_all: string, space: string, names: string) => `${space}${names.split(',').map((name) => `tag:${name}`).join(' ')}`) } : body)),
  },
  {
    name: 'hunt-query-fields-without-custom',
    family: 'query', hunt: HUNT, proves: [], area: 'query', spec: '4.13',
    description: 'The query fields route lists the built-in fields only: the custom fields the endpoint filters on are left out (spec 4.13: lists fields that can be filtered and sorted).',
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/query\/[^/]+\/fields$/, async (inner, request, info) => {
        const customKeys = new Set([...(callerWorkspace(state, request)?.tables.fields.values() ?? [])].map((field) => field.key));
        return alterData(await inner(request, info), (data) => data.filter((field) => !customKeys.has(field.field)));
      })(next),
  },
  {
    name: 'hunt-products-cursor-skips-first',
    family: 'paging', hunt: HUNT, proves: [], area: 'paging', spec: '4.13',
    description: 'Off by one in the product list cursor: every page after the first leaves out its first product (spec 4.13: paging on every list).',
    wrap: onRoute('GET', /^\/v1\/products$/, async (next, request, info) => {
      const response = await next(request, info);
      return new URL(request.url).searchParams.get('cursor') ? alterData(response, (data) => data.slice(1)) : response;
    }),
  },
  {
    name: 'hunt-timeline-limit-capped-100',
    family: 'paging', hunt: HUNT, proves: [], area: 'paging', spec: '8',
    description: 'The timeline caps limit at 100 (the web app\'s page) instead of 250 (spec 4.5, 8: timeline max 250).',
    wrap: onListQuery(/^\/v1\/timeline$/, (query) => {
      if (Number(query.get('limit')) > 100) query.set('limit', '100');
    }),
  },
  {
    name: 'hunt-companies-default-limit-25',
    family: 'paging', hunt: HUNT, proves: [], area: 'paging', spec: '4.13',
    description: 'The company list, written later, pages 25 companies by default instead of 50 (spec 4.13: default 50 on every list).',
    wrap: onListQuery(/^\/v1\/companies$/, (query) => {
      if (!query.has('limit')) query.set('limit', '25');
    }),
  },
];

const WORKSPACES_AND_KEYS: HuntFault[] = [
  {
    name: 'hunt-expired-key-whoami-answers',
    family: 'input', hunt: HUNT, proves: [], area: 'auth', spec: '5.1',
    description: 'whoami needs no scope, so it skips the key checks: an expired key answers 200 with its identity instead of 401 key_expired (spec 5.1).',
    wrap: (next, state) =>
      onErrorCode('key_expired', async (response, _body, request) => {
        if (new URL(request.url).pathname !== '/v1/api-keys/whoami') return response;
        const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
        const found = secret ? state.findCredential(secret) : undefined;
        if (found?.credential.kind !== 'api_key') return response;
        const apiKey = found.credential.apiKey;
        const expiresAt = apiKey.expiresAt;
        apiKey.expiresAt = null;
        try {
          return await next(request);
        } finally {
          apiKey.expiresAt = expiresAt;
        }
      })(next),
  },
  {
    name: 'hunt-foreign-task-readable',
    family: 'input', hunt: HUNT, proves: [], area: 'workspaces', spec: '1',
    description: "GET /v1/tasks/{id} looks the task up by id alone: another workspace's task is answered (spec 1: one workspace per credential; 7.2: 404 not visible to this key).",
    wrap: foreignIdServed('GET', TASK, 'tasks'),
  },
  {
    name: 'hunt-foreign-product-editable',
    family: 'input', hunt: HUNT, proves: [], area: 'workspaces', spec: '1',
    description: "PATCH /v1/products/{id} looks the product up by id alone: a key changes another workspace's product (spec 1).",
    wrap: foreignIdServed('PATCH', PRODUCT, 'products'),
  },
  {
    name: 'hunt-foreign-note-deletable',
    family: 'input', hunt: HUNT, proves: [], area: 'workspaces', spec: '1',
    description: "DELETE /v1/notes/{id} looks the note up by id alone: a key deletes another workspace's note (spec 1).",
    wrap: foreignIdServed('DELETE', NOTE, 'timeline'),
  },
  {
    name: 'hunt-foreign-tag-deletable',
    family: 'input', hunt: HUNT, proves: [], area: 'workspaces', spec: '1',
    description: "DELETE /v1/tags/{id} looks the tag up by id alone: a key deletes another workspace's tag from its records (spec 1).",
    wrap: foreignIdServed('DELETE', TAG, 'tags'),
  },
  {
    name: 'hunt-members-omit-deactivated',
    family: 'records', hunt: HUNT, proves: [], area: 'members', spec: '2.7',
    description: 'The members list shows active members only: deactivated ones are left out (spec 2.7: status active or deactivated).',
    wrap: onRoute('GET', /^\/v1\/members$/, async (next, request, info) =>
      alterData(await next(request, info), (data) => data.filter((member) => member.status !== 'deactivated'))),
  },
];

export const huntFaults: HuntFault[] = [...LEADS_AND_RECORDS, ...STATE, ...CONVERSATIONS_AND_WEBHOOKS, ...QUERY_AND_PAGING, ...WORKSPACES_AND_KEYS];
