// The blind hunt of 2026-12-02 (issue 26 item 4): faults another team writing this CRM from the
// spec would plausibly make, written from the spec, the document and the mock before reading any
// check, in corners a suite rarely walks (odd record states, a second workspace's ids, sequences,
// less-travelled routes, cross-resource effects, events of rarer changes). Each carries the hunt's
// marker: the mutation test leaves them out (they measure the suite, they are not its yardstick);
// scripts/hunt-table.ts measures which of them the checks catch.
import { ApiError } from '../errors/api-error.ts';
import { callerOf } from '../http/handler.ts';
import type { MockState } from '../mock-state.ts';
import { presentLead } from '../resources/leads/present-lead.ts';
import type { EventEnvelope } from '../events/event-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { alterResultBody, changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { alterData, foreignIdServed, onRecord, recordIdIn } from './hunt-helpers.ts';
import { queryOf } from './addresses.ts';
import {
  alterOk,
  callerWorkspace,
  errorAnswer,
  groupsOf,
  onOperation,
  onQuery,
  probe,
  sentJson,
  withJson,
  withQuery,
} from './request-match.ts';

/** The hunt's marker: FaultInfo.hunt in the catalog. */
export const HUNT = 'hunt-2026-12-02';

/**
 * A hunt fault: the spec section it breaks and its area, for the hunt's table. Faults in events
 * change what the webhooks hear of, as the events family's do (the same `alterEvent`, read by the
 * same hook).
 */
export type HuntFault = Fault & {
  hunt: typeof HUNT;
  /** The area of the hunt's own table, in its words (companies, custom fields, timeline, workspaces, paging). */
  huntArea: string;
  spec: string;
  alterEvent?(event: EventEnvelope, info: { state: MockState; workspace: Workspace }): EventEnvelope[];
};

const unchanged = (next: Handle): Handle => next;

/** A list's query changed by `alter` on the raw request. */
const onListQuery = (operation: Parameters<typeof onOperation>[0], alter: (query: URLSearchParams) => void) =>
  onOperation(operation, (next, request, info) => next(withQuery(request, alter), info));

/** A JS Date built from the parts of a YYYY-MM-DD, rolled over as Date.UTC does (2026-02-30 is 2026-03-02). */
function rolledDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

const LEADS_AND_RECORDS: HuntFault[] = [
  {
    name: 'hunt-restored-lead-loses-tags',
    area: 'leads',
    hunt: HUNT,
    proves: [],
    huntArea: 'leads',
    spec: '2.1',
    description:
      'A lead restored from the trash comes back without its tags (the delete freed them from the record to fix the usage counts) (spec 2.1: restore brings the lead back).',
    // Inside the restore's transaction, as the handler that freed the tags would.
    operations: ['restoreLead'],
    aroundHandler: async (next, context) => {
      const result = await next();
      const id = recordIdIn(context.input.path.id, 'ld');
      if (!id) return result;
      await callerOf(context).workspace.tables.leads.update(id, (draft) => void (draft.tags = []));
      return alterResultBody(result, (body) => ({ ...body, tags: [] }));
    },
  },
  {
    name: 'hunt-lead-status-closed-won-only',
    area: 'leads',
    hunt: HUNT,
    proves: [],
    huntArea: 'leads',
    spec: '4.2',
    description:
      'The lead list reads status=closed as "won": lost leads are left out of it (spec 4.2: closed is every lead in a won or lost stage).',
    wrap: onOperation('listLeads', async (next, request, info) => {
      const response = await next(request, info);
      if (queryOf(request).get('status') !== 'closed') return response;
      return alterData(response, (data) => data.filter((lead) => !lead.loss_reason));
    }),
  },
  {
    name: 'hunt-loss-reason-not-saved',
    area: 'leads',
    hunt: HUNT,
    proves: [],
    huntArea: 'leads',
    spec: '2.3, 3',
    description:
      'A lead moved into a lost stage answers its loss_reason but the reason is not kept: a read afterwards shows it empty (spec 2.3, 3: loss_reason set in the same request).',
    // Inside the PATCH's transaction, after the handler kept the reason.
    operations: ['updateLead'],
    aroundHandler: async (next, context) => {
      const result = await next();
      const id = recordIdIn(context.input.path.id, 'ld');
      const { tables } = callerOf(context).workspace;
      if (id && tables.leads.get(id)?.loss_reason) await tables.leads.update(id, (draft) => void (draft.loss_reason = ''));
      return result;
    },
  },
  {
    name: 'hunt-lead-amount-patch-resets-currency',
    area: 'leads',
    hunt: HUNT,
    proves: [],
    huntArea: 'leads',
    spec: '2.1',
    description:
      'A lead PATCH of amount alone resets the currency to the workspace currency (money is written as one {amount, currency} pair) (spec 2.1: PATCH changes only the fields sent).',
    wrap: (next, state) =>
      onRecord('updateLead', 'ld', async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        const resets = sent && typeof sent.amount === 'number' && sent.currency === undefined && workspace;
        return inner(resets ? withJson(request, { ...sent, currency: workspace.currency }) : request, info);
      })(next, state),
  },
  {
    name: 'hunt-lead-q-finds-trashed',
    area: 'leads',
    hunt: HUNT,
    proves: [],
    huntArea: 'leads',
    spec: '2.1',
    description:
      'The lead search q is served from a search index the delete does not update: a lead in the trash is still found by its name (spec 2.1: a deleted lead leaves lists).',
    wrap: (next, state) =>
      onOperation('listLeads', async (inner, request, info) => {
        const response = await inner(request, info);
        const q = queryOf(request).get('q')?.toLowerCase();
        const workspace = callerWorkspace(state, request);
        if (!q || !workspace) return response;
        const trashed = [...workspace.tables.leads.values()].filter((lead) => lead.deleted_at && lead.name.toLowerCase().includes(q));
        return alterData(response, (data) => [...data, ...trashed.map((lead) => presentLead(workspace, lead))]);
      })(next, state),
  },
  {
    name: 'hunt-contact-delete-unlinks-leads',
    area: 'contacts',
    hunt: HUNT,
    proves: [],
    huntArea: 'contacts',
    spec: '2.1',
    description:
      'Deleting a contact clears contact_id on its leads (ON DELETE SET NULL), so a restored contact has lost its leads (spec 2.1: delete moves to the trash, restore brings it back).',
    // Inside the delete's transaction, as the cascade would run.
    operations: ['deleteContact'],
    aroundHandler: async (next, context) => {
      const result = await next();
      const id = recordIdIn(context.input.path.id, 'ct');
      const { tables } = callerOf(context).workspace;
      for (const lead of id ? [...tables.leads.values()].filter((each) => each.contact_id === id) : []) {
        await tables.leads.update(lead.id, (draft) => void (draft.contact_id = null));
      }
      return result;
    },
  },
  {
    name: 'hunt-contact-patch-phone-ignored',
    area: 'contacts',
    hunt: HUNT,
    proves: [],
    huntArea: 'contacts',
    spec: '4.3',
    description:
      'A contact PATCH reads phones and emails only: the singular phone and email sent on their own are ignored (200, nothing changed) (spec 4.3: PATCH takes the same names as create).',
    wrap: onRecord('updateContact', 'ct', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || (sent.phone === undefined && sent.email === undefined)) return next(request, info);
      const { phone: _phone, email: _email, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'hunt-open-leads-counts-trashed',
    area: 'contacts',
    hunt: HUNT,
    proves: [],
    huntArea: 'contacts',
    spec: '2.4',
    description:
      "A contact's open_leads counts its open leads in the trash too (spec 2.4: count of open leads; 2.1: deleted leads leave lists).",
    wrap: (next, state) =>
      onRecord('getContact', 'ct', async (inner, request, info, id) => {
        const response = await inner(request, info);
        const workspace = callerWorkspace(state, request);
        if (!workspace) return response;
        const trashedOpen = [...workspace.tables.leads.values()].filter(
          (lead) => lead.contact_id === id && lead.deleted_at && !lead.closed_at,
        ).length;
        return alterOk(response, (body) => ({ ...body, open_leads: body.open_leads + trashedOpen }));
      })(next, state),
  },
  {
    name: 'hunt-company-restore-missing',
    area: 'contacts',
    hunt: HUNT,
    proves: [],
    huntArea: 'companies',
    spec: '2.1',
    description:
      'The restore route exists for leads and contacts only: POST /v1/companies/{id}/restore answers 404 not_found for a company in the trash (spec 2.1: restore of leads, contacts and companies).',
    wrap: (next, state) =>
      onOperation('restoreCompany', async (inner, request, info) => {
        // Nothing is restored: a read of the company only lends the answer its request id.
        const read = await inner(new Request(request.url.replace(/\/restore$/, ''), { headers: request.headers }), info);
        return errorAnswer(state, read, 404, { code: 'not_found', message: 'Not found.' });
      })(next, state),
  },
  {
    name: 'hunt-product-unarchive-ignored',
    area: 'products',
    hunt: HUNT,
    proves: [],
    huntArea: 'products',
    spec: '4.7',
    description:
      'PATCH with archived false leaves an archived product archived (the update only ever sets the flag) (spec 2.1, 4.7: PATCH changes the fields sent).',
    wrap: onRecord('updateProduct', 'pr', async (next, request, info) => {
      const sent = await sentJson(request);
      if (sent?.archived !== false) return next(request, info);
      const { archived: _archived, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'hunt-archived-product-read-404',
    area: 'products',
    hunt: HUNT,
    proves: [],
    huntArea: 'products',
    spec: '2.8',
    description:
      "GET /v1/products/{id} reuses the list's default filter: an archived product answers 404 not_found (spec 2.8: archived products are left out of lists, not unreadable).",
    wrap: (next, state) =>
      onRecord('getProduct', 'pr', async (inner, request, info) => {
        const response = await inner(request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        return body?.archived ? errorAnswer(state, response, 404, { code: 'not_found', message: 'Not found.' }) : response;
      })(next, state),
  },
  {
    name: 'hunt-custom-date-rolls-over',
    area: 'fields',
    hunt: HUNT,
    proves: [],
    huntArea: 'custom fields',
    spec: '2.11',
    description:
      'A custom date is checked by its YYYY-MM-DD shape only and built with Date.UTC: 2026-02-30 is stored as 2026-03-02 instead of refused under custom.<key> (spec 2.11).',
    wrap: onRecord('updateLead', 'ld', async (next, request, info) => {
      const sent = await sentJson(request);
      const custom = sent?.custom && typeof sent.custom === 'object' ? sent.custom : undefined;
      if (!custom) return next(request, info);
      const rolled = Object.fromEntries(
        Object.entries(custom).map(([key, value]) => [
          key,
          typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? rolledDate(value) : value,
        ]),
      );
      return next(withJson(request, { ...sent, custom: rolled }), info);
    }),
  },
  {
    name: 'hunt-custom-checkbox-string-taken',
    area: 'fields',
    hunt: HUNT,
    proves: [],
    huntArea: 'custom fields',
    spec: '2.11',
    description:
      'A checkbox value sent as the string "true" or "false" is coerced to the boolean instead of refused under custom.<key> (spec 2.11: checkbox is true or false).',
    wrap: (next, state) =>
      onOperation(['updateLead', 'updateContact'], async (inner, request, info) => {
        const sent = await sentJson(request);
        const workspace = callerWorkspace(state, request);
        if (!sent?.custom || typeof sent.custom !== 'object' || !workspace) return inner(request, info);
        const checkboxes = new Set(
          [...workspace.tables.fields.values()].filter((field) => field.type === 'checkbox').map((field) => field.key),
        );
        const coerced = Object.fromEntries(
          Object.entries(sent.custom).map(([key, value]) => [
            key,
            checkboxes.has(key) && (value === 'true' || value === 'false') ? value === 'true' : value,
          ]),
        );
        return inner(withJson(request, { ...sent, custom: coerced }), info);
      })(next, state),
  },
];

const STATE: HuntFault[] = [
  {
    name: 'hunt-tag-merge-duplicates-target',
    area: 'tags',
    hunt: HUNT,
    proves: [],
    huntArea: 'tags',
    spec: '4.4',
    description:
      'Merging a tag appends the target name to every record that had the merged tag, so a record that had both carries the target twice (spec 4.4: merge gives the target tag, no duplicate).',
    // Inside the merge's transaction, as the merge's own append would write.
    operations: ['mergeTag'],
    aroundHandler: async (next, context) => {
      const { tables } = callerOf(context).workspace;
      const source = tables.tags.get(recordIdIn(context.input.path.id, 'tag') ?? '');
      const into = tables.tags.get((context.input.body as { into?: string } | undefined)?.into ?? '');
      const bothIds =
        source && into
          ? [...tables.leads.values()]
              .filter((lead) => lead.tags.includes(source.name) && lead.tags.includes(into.name))
              .map((lead) => lead.id)
          : [];
      const result = await next();
      for (const id of bothIds) await tables.leads.update(id, (draft) => void draft.tags.push(into!.name));
      return result;
    },
  },
  {
    name: 'hunt-tag-delete-affected-zero',
    area: 'tags',
    hunt: HUNT,
    proves: [],
    huntArea: 'tags',
    spec: '4.4',
    description:
      'Deleting a tag answers affected {leads: 0, contacts: 0, companies: 0} (the counts are read after the tag left the records) (spec 4.4: answers {ok, id, affected}).',
    wrap: onRecord('deleteTag', 'tag', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({ ...body, affected: { leads: 0, contacts: 0, companies: 0 } })),
    ),
  },
  {
    name: 'hunt-tag-usage-companies-zero',
    area: 'tags',
    hunt: HUNT,
    proves: [],
    huntArea: 'tags',
    spec: '2.5',
    description:
      "The tag list's usage counts leads and contacts only: usage.companies is always 0 (spec 2.5: {leads, contacts, companies} record counts).",
    wrap: onOperation('listTags', async (next, request, info) =>
      alterData(await next(request, info), (data) =>
        data.map((tag) => (tag.usage ? { ...tag, usage: { ...tag.usage, companies: 0 } } : tag)),
      ),
    ),
  },
  {
    name: 'hunt-bulk-undo-never-expires',
    area: 'tags',
    hunt: HUNT,
    proves: [],
    huntArea: 'tags',
    spec: '4.4, 8',
    description:
      'A bulk tag run can be undone at any time: the 24-hour undo window is written on the run but never compared (spec 4.4, 8: undoable for 24 hours).',
    // The handler's own check skipped, inside the undo's transaction: the window is moved on and the undo runs.
    operations: ['undoBulkAction'],
    aroundHandler: async (next, context) => {
      try {
        return await next();
      } catch (refusal) {
        const { workspace } = callerOf(context);
        const runId = String(context.input.path.run_id);
        const pastWindow = refusal instanceof ApiError && refusal.code === 'limit_reached' && refusal.extras.key === 'bulk_undo_hours';
        if (!pastWindow || !workspace.tables.bulkRuns.get(runId)) throw refusal;
        await workspace.tables.bulkRuns.update(
          runId,
          (draft) => void (draft.undo_until = new Date(workspace.now() + 60_000).toISOString()),
        );
        return next();
      }
    },
  },
  {
    name: 'hunt-note-on-trashed-record-taken',
    area: 'notes',
    hunt: HUNT,
    proves: [],
    huntArea: 'notes',
    spec: '2.1',
    description:
      'A note can be added to a lead in the trash (201): the note route looks the record up with the trash included (spec 2.1: a deleted record answers 410 gone).',
    // The lookup that includes the trash, inside the note's transaction: the lead is out of it for the note's write only.
    operations: ['createNote'],
    aroundHandler: async (next, context) => {
      try {
        return await next();
      } catch (refusal) {
        const sent = context.input.body as { entity_type?: string; entity_id?: string } | undefined;
        const { tables } = callerOf(context).workspace;
        const lead =
          refusal instanceof ApiError && refusal.code === 'gone' && sent?.entity_type === 'lead'
            ? tables.leads.get(sent.entity_id ?? '')
            : undefined;
        if (!lead?.deleted_at) throw refusal;
        await tables.leads.update(lead.id, (draft) => void (draft.deleted_at = null));
        try {
          return await next();
        } finally {
          await tables.leads.update(lead.id, (draft) => void (draft.deleted_at = lead.deleted_at));
        }
      }
    },
  },
  {
    name: 'hunt-timeline-unknown-entity-empty',
    area: 'notes',
    hunt: HUNT,
    proves: [],
    huntArea: 'timeline',
    spec: '7.3',
    description:
      "The timeline of an entity_id no record has (or another workspace's) answers 200 with an empty list, the items being read by entity_id alone (spec 7.3: unknown id answers 404 not_found).",
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 404) return response;
      return changed(response, { status: 200, body: { data: [], next_cursor: null } });
    }),
  },
  {
    name: 'hunt-task-patch-entity-taken',
    area: 'tasks',
    hunt: HUNT,
    proves: [],
    huntArea: 'tasks',
    spec: '4.10, 2.1',
    description:
      'A task PATCH with entity_type, entity_id or entity_label answers 200 and drops them silently instead of 400 unknown_field (spec 4.10 lists the changeable fields; 2.1: unknown fields are rejected).',
    wrap: onRecord('updateTask', 'tk', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object') return next(request, info);
      const { entity_type: _type, entity_id: _id, entity_label: _label, ...rest } = sent;
      return next(Object.keys(rest).length === Object.keys(sent).length ? request : withJson(request, rest), info);
    }),
  },
  {
    name: 'hunt-task-created-needs-entity',
    area: 'events',
    hunt: HUNT,
    proves: [],
    huntArea: 'events',
    spec: '6.4',
    description:
      'task.created is sent only for tasks tied to a record (the event is raised by the record timeline): a task without entity sends none (spec 6.4: task created).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'task.created' && !(event.data.object as any).entity_type ? [] : [event]),
  },
  {
    name: 'hunt-note-created-leads-only',
    area: 'events',
    hunt: HUNT,
    proves: [],
    huntArea: 'events',
    spec: '6.4',
    description: 'note.created is sent for notes on leads only: notes on contacts and companies send none (spec 6.4: note added).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'note.created' && (event.data.object as any).entity_type !== 'lead' ? [] : [event]),
  },
  {
    name: 'hunt-reopen-not-announced',
    area: 'events',
    hunt: HUNT,
    proves: [],
    huntArea: 'events',
    spec: '3, 6.4',
    description:
      'Reopening a conversation sends no conversation.status_changed (only resolve and snooze were wired) (spec 3, 6.4: resolve, reopen, snooze).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'conversation.status_changed' && (event.data.object as any).status === 'open' ? [] : [event]),
  },
  {
    name: 'hunt-contact-tags-not-announced',
    area: 'events',
    hunt: HUNT,
    proves: [],
    huntArea: 'events',
    spec: '4.3, 6.4',
    description:
      'A contact PATCH of tags sends no contact.updated (tags are written by the tag module, which raises no event) (spec 4.3: each changed field sends contact.updated).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'contact.updated' && (event.data.object as any).field === 'tags' ? [] : [event]),
  },
  {
    name: 'hunt-form-submitted-only-for-new-leads',
    area: 'forms',
    hunt: HUNT,
    proves: [],
    huntArea: 'forms',
    spec: '4.12, 6.4',
    description:
      "form.submitted is raised by the lead-opening path only: a submission added to the client's open lead sends none (spec 6.4: form.submitted on every submission).",
    wrap: unchanged,
    alterEvent: (event, { workspace }) => {
      if (event.type !== 'form.submitted') return [event];
      const lead = workspace.tables.leads.get((event.data.object as any).lead_id);
      return lead && Date.parse(lead.created_at) < Date.parse(event.occurred_at) ? [] : [event];
    },
  },
  {
    name: 'hunt-lost-event-as-won',
    area: 'events',
    hunt: HUNT,
    proves: [],
    huntArea: 'events',
    spec: '3, 6.4',
    description:
      'A move into a lost stage sends lead.won (the close event is chosen by closed_at being set, not by the stage type) (spec 3, 6.4: lead.lost for a lost stage).',
    wrap: unchanged,
    alterEvent: (event) => (event.type === 'lead.lost' ? [{ ...event, type: 'lead.won' }] : [event]),
  },
];

const CONVERSATIONS_AND_WEBHOOKS: HuntFault[] = [
  {
    name: 'hunt-conversation-lead-filter-ignored',
    area: 'conversations',
    hunt: HUNT,
    proves: [],
    huntArea: 'conversations',
    spec: '4.8',
    description: 'The conversation list ignores `lead`: conversations of every lead are listed (spec 4.8: lead filters by lead id).',
    wrap: onListQuery('listConversations', (query) => query.delete('lead')),
  },
  {
    name: 'hunt-snooze-resolved-stays-resolved',
    area: 'conversations',
    hunt: HUNT,
    proves: [],
    huntArea: 'conversations',
    spec: '3',
    description:
      'Snoozing a resolved conversation answers 200 but leaves it resolved, without snoozed_until (the snooze only updates open rows) (spec 3: any state to snoozed).',
    // Inside the snooze's transaction: the update that only touches open rows leaves a resolved one as it was.
    operations: ['snoozeConversation'],
    aroundHandler: async (next, context) => {
      const id = recordIdIn(context.input.path.id, 'cv');
      const { tables } = callerOf(context).workspace;
      const wasResolved = id !== undefined && tables.conversations.get(id)?.status === 'resolved';
      const result = await next();
      if (!wasResolved) return result;
      await tables.conversations.update(id!, (draft) => Object.assign(draft, { status: 'resolved', snoozed_until: null }));
      return alterResultBody(result, (body) => ({ ...body, status: 'resolved', snoozed_until: null }));
    },
  },
  {
    name: 'hunt-foreign-conversation-assignable',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'workspaces',
    spec: '1',
    description:
      "Assign looks the conversation up by id alone: a key of one workspace assigns (or unassigns) another workspace's conversation (spec 1: a credential gives access to exactly one workspace).",
    wrap: foreignIdServed('assignConversation', 'cv', 'conversations'),
  },
  {
    name: 'hunt-messages-cursor-skips-first',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'paging',
    spec: '4.13',
    description:
      'Off by one in the messages list cursor: every page after the first leaves out its first message (spec 4.8, 4.13: cursor paging).',
    wrap: onOperation('listMessages', async (next, request, info) => {
      const response = await next(request, info);
      return queryOf(request).get('cursor') ? alterData(response, (data) => data.slice(1)) : response;
    }),
  },
  {
    name: 'hunt-webhook-patch-url-unchecked',
    area: 'webhooks',
    hunt: HUNT,
    proves: [],
    huntArea: 'webhooks',
    spec: '4.11',
    description:
      'The URL rules are checked on create only: a PATCH to an http:// or private address is saved (spec 4.11: checked when saved and before every delivery).',
    // Raw requests: the refused URL is written and the change sent again without it, which no handler seam can do (it cannot run the handler on another input).
    wrap: (next, state) =>
      onRecord('updateWebhook', 'wh', async (inner, request, info, id) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const body = response.status === 422 ? await jsonOf(response) : undefined;
        const sent = await sentJson(copy);
        const workspace = callerWorkspace(state, copy);
        if (!body?.error?.fields?.url || typeof sent?.url !== 'string' || !workspace?.tables.webhooks.get(id)) return response;
        await workspace.tables.webhooks.update(id, (draft) => void (draft.url = sent.url));
        const { url: _url, ...rest } = sent;
        return inner(withJson(copy, rest), info);
      })(next, state),
  },
  {
    name: 'hunt-delivery-of-other-webhook-readable',
    area: 'webhooks',
    hunt: HUNT,
    proves: [],
    huntArea: 'webhooks',
    spec: '4.11',
    description:
      "A delivery is read by its id alone: /v1/webhooks/{A}/deliveries/{did} answers a delivery of webhook B (spec 4.11: the webhook's deliveries).",
    wrap: (next, state) =>
      onOperation('getWebhookDelivery', async (inner, request, info, routed) => {
        const [webhookId, deliveryId] = [recordIdIn(routed.params.id, 'wh'), recordIdIn(routed.params.did, 'dlv')];
        if (!webhookId || !deliveryId) return inner(request, info);
        const copy = request.clone();
        const response = await inner(request, info);
        const delivery: any = response.status === 404 ? callerWorkspace(state, copy)?.tables.deliveries.get(deliveryId) : undefined;
        if (!delivery?.webhook_id) return response;
        return inner(probe(copy, `/v1/webhooks/${delivery.webhook_id}/deliveries/${deliveryId}`), info);
      })(next, state),
  },
  {
    name: 'hunt-foreign-webhook-rotatable',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'workspaces',
    spec: '1',
    description:
      "Rotate-secret looks the webhook up by id alone: a key of one workspace rotates another workspace's secret and is shown it (spec 1: one workspace per credential).",
    wrap: foreignIdServed('rotateWebhookSecret', 'wh', 'webhooks'),
  },
];

/** A condition's field made a `not_empty` sibling for every `neq` of an `and` group (SQL's NULL <> x). */
function withNotEmptyBesideNeq(query: any): any {
  for (const group of groupsOf(query)) {
    if (group.op !== 'and') continue;
    const neqs = group.conditions.filter(
      (condition: any) => condition?.op === 'neq' && typeof condition.field === 'string' && !condition.not,
    );
    for (const condition of neqs) group.conditions.push({ field: condition.field, op: 'not_empty' });
  }
  return query;
}

const QUERY_AND_PAGING: HuntFault[] = [
  {
    name: 'hunt-query-neq-drops-empty',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'query',
    spec: '4.13',
    description:
      'neq is translated to SQL `<>`, so records whose field is empty never match (owner_id neq X leaves out unowned leads) (spec 4.13: neq matches every value but the one given).',
    wrap: onQuery((body) => (body.query ? { ...body, query: withNotEmptyBesideNeq(body.query) } : body)),
  },
  {
    name: 'hunt-query-has-tag-ignored',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'query',
    spec: '4.4',
    description: 'The text filter drops `has:tag`: records without tags are found too (spec 4.4: has:tag keeps records with a tag).',
    wrap: onQuery((body) => (typeof body.q === 'string' ? { ...body, q: body.q.replace(/(^|\s)has:tag(?=\s|$)/g, ' ').trim() } : body)),
  },
  {
    name: 'hunt-query-tag-list-as-all',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'query',
    spec: '4.4',
    description: '`tag:vip,hot` is read as every one of the tags (split into tag:vip tag:hot) instead of any of them (spec 4.4).',
    wrap: onQuery((body) =>
      typeof body.q === 'string'
        ? {
            ...body,
            q: body.q.replace(
              /(^|\s)tag:(\S+)/g,
              (_all: string, space: string, names: string) =>
                `${space}${names
                  .split(',')
                  .map((name) => `tag:${name}`)
                  .join(' ')}`,
            ),
          }
        : body,
    ),
  },
  {
    name: 'hunt-query-fields-without-custom',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'query',
    spec: '4.13',
    description:
      'The query fields route lists the built-in fields only: the custom fields the endpoint filters on are left out (spec 4.13: lists fields that can be filtered and sorted).',
    wrap: (next, state) =>
      onOperation('listQueryFields', async (inner, request, info) => {
        const customKeys = new Set([...(callerWorkspace(state, request)?.tables.fields.values() ?? [])].map((field) => field.key));
        return alterData(await inner(request, info), (data) => data.filter((field) => !customKeys.has(field.field)));
      })(next, state),
  },
  {
    name: 'hunt-products-cursor-skips-first',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'paging',
    spec: '4.13',
    description:
      'Off by one in the product list cursor: every page after the first leaves out its first product (spec 4.13: paging on every list).',
    wrap: onOperation('listProducts', async (next, request, info) => {
      const response = await next(request, info);
      return queryOf(request).get('cursor') ? alterData(response, (data) => data.slice(1)) : response;
    }),
  },
  {
    name: 'hunt-timeline-limit-capped-100',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'paging',
    spec: '8',
    description: "The timeline caps limit at 100 (the web app's page) instead of 250 (spec 4.5, 8: timeline max 250).",
    wrap: onListQuery('listTimeline', (query) => {
      if (Number(query.get('limit')) > 100) query.set('limit', '100');
    }),
  },
  {
    name: 'hunt-companies-default-limit-25',
    area: 'query',
    hunt: HUNT,
    proves: [],
    huntArea: 'paging',
    spec: '4.13',
    description: 'The company list, written later, pages 25 companies by default instead of 50 (spec 4.13: default 50 on every list).',
    wrap: onListQuery('listCompanies', (query) => {
      if (!query.has('limit')) query.set('limit', '25');
    }),
  },
];

const WORKSPACES_AND_KEYS: HuntFault[] = [
  {
    name: 'hunt-expired-key-whoami-answers',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'auth',
    spec: '5.1',
    description:
      'whoami needs no scope, so it skips the key checks: an expired key answers 200 with its identity instead of 401 key_expired (spec 5.1).',
    wrap: (next, state) =>
      onOperation('getWhoami', (inner, request, info) =>
        onErrorCode('key_expired', async (response, _body, copy) => {
          const secret = /^Bearer\s+(\S+)$/i.exec(copy.headers.get('authorization') ?? '')?.[1];
          const found = secret ? state.findCredential(secret) : undefined;
          if (found?.credential.kind !== 'api_key') return response;
          const apiKey = found.credential.apiKey;
          const expiresAt = apiKey.expiresAt;
          apiKey.expiresAt = null;
          try {
            return await next(copy);
          } finally {
            apiKey.expiresAt = expiresAt;
          }
        })(inner)(request, info),
      )(next, state),
  },
  {
    name: 'hunt-foreign-task-readable',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'workspaces',
    spec: '1',
    description:
      "GET /v1/tasks/{id} looks the task up by id alone: another workspace's task is answered (spec 1: one workspace per credential; 7.2: 404 not visible to this key).",
    wrap: foreignIdServed('getTask', 'tk', 'tasks'),
  },
  {
    name: 'hunt-foreign-product-editable',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'workspaces',
    spec: '1',
    description: "PATCH /v1/products/{id} looks the product up by id alone: a key changes another workspace's product (spec 1).",
    wrap: foreignIdServed('updateProduct', 'pr', 'products'),
  },
  {
    name: 'hunt-foreign-note-deletable',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'workspaces',
    spec: '1',
    description: "DELETE /v1/notes/{id} looks the note up by id alone: a key deletes another workspace's note (spec 1).",
    wrap: foreignIdServed('deleteNote', 'nt', 'timeline'),
  },
  {
    name: 'hunt-foreign-tag-deletable',
    area: 'auth',
    hunt: HUNT,
    proves: [],
    huntArea: 'workspaces',
    spec: '1',
    description: "DELETE /v1/tags/{id} looks the tag up by id alone: a key deletes another workspace's tag from its records (spec 1).",
    wrap: foreignIdServed('deleteTag', 'tag', 'tags'),
  },
  {
    name: 'hunt-members-omit-deactivated',
    area: 'members',
    hunt: HUNT,
    proves: [],
    huntArea: 'members',
    spec: '2.7',
    description: 'The members list shows active members only: deactivated ones are left out (spec 2.7: status active or deactivated).',
    wrap: onOperation('listMembers', async (next, request, info) =>
      alterData(await next(request, info), (data) => data.filter((member) => member.status !== 'deactivated')),
    ),
  },
];

export const huntFaults: HuntFault[] = [
  ...LEADS_AND_RECORDS,
  ...STATE,
  ...CONVERSATIONS_AND_WEBHOOKS,
  ...QUERY_AND_PAGING,
  ...WORKSPACES_AND_KEYS,
];
