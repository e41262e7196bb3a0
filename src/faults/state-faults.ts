// Faults in the state rules seen through the API: trash, restore, stage moves, limits of a lead, what a delete answers.
import { answeredBody } from './areas/handler-answer.ts';
import { presentLead } from '../resources/leads/present-lead.ts';
import type { MockState } from '../mock-state.ts';
import { insertTag } from '../resources/tags/tag-catalog.ts';
import { tagKey } from '../resources/tags/tag-name.ts';
import { TAGGED_ENTITIES, taggedRecords, taggedTable } from '../resources/tags/tagged-records.ts';
import type { WorkspaceTables } from '../workspaces/workspace-tables.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { callerOf } from '../http/handler.ts';
import { ApiError } from '../errors/api-error.ts';
import { changed, jsonOf, onErrorCode, type Fault } from './fault.ts';
import { guardedByReadScope, retryAsOwner } from './owner-key.ts';
import {
  alterOk,
  callerWorkspace,
  errorAnswer,
  onListQuery,
  onOperation,
  onQuery,
  probe,
  queryOf,
  sentJson,
  withJson,
} from './request-match.ts';

/** The workspace whose table `table` holds the record `id`. */
function workspaceHolding(state: MockState, table: keyof WorkspaceTables, id: string): Workspace | undefined {
  return [...state.workspaces.values()].find((workspace) => (workspace.tables[table] as { get(id: string): unknown }).get(id));
}

/** A path's id that is a short-prefixed id of `prefix` (not a number, not a long prefix: spec 2.2). */
const shortId = (prefix: string, id: string | undefined) => id !== undefined && new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id);

/** The restores of the records in the trash (spec 2.1). */
const RESTORES: readonly OperationId[] = ['restoreLead', 'restoreContact', 'restoreCompany', 'restoreTask'];

/** Lowercases A to Z only, as a byte-wise `lower()` does. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

export const stateFaults: Fault[] = [
  {
    // Readings review: these break rules the review found stated (2.5, 4.4, 3 for tasks, 2.6, 4.10).
    name: 'tag-color-outside-palette-dropped',
    area: 'tags',
    proves: ['tags.color-outside-palette'],
    description:
      'A tag created with a color outside the palette is created with an automatic color instead of refused with 422 (spec 2.5: one of the ten colors).',
    wrap: onOperation('createTag', async (next, request, info) => {
      const body = await sentJson(request);
      const response = await next(request.clone(), info);
      if (response.status !== 422 || !(await jsonOf(response))?.error?.fields?.color) return response;
      const { color: _dropped, ...rest } = body;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'tag-create-without-edit-rights',
    area: 'tags',
    proves: ['tags.create-needs-edit-rights'],
    description:
      'Tag creation checks no edit rights: a key with read scopes only creates catalog tags (spec 4.4: creating catalog tags needs edit rights).',
    wrap: (next, state) =>
      onOperation('createTag', async (inner, request, info) => {
        const response = await inner(request.clone(), info);
        const missingScope = response.status === 403 && (await jsonOf(response))?.error?.code === 'missing_scope';
        return missingScope ? retryAsOwner(state, inner, request, response) : response;
      })(next, state),
  },
  {
    name: 'task-delete-not-saved',
    area: 'tasks',
    proves: ['tasks.delete-trash', 'tasks.list-deleted-left-out'],
    description:
      'Deleting a task answers {ok: true, id} but never saves the delete: the task is still read and listed (spec 3: a deleted task is in the trash).',
    wrap: onOperation('deleteTask', async (next, request, info) => {
      const read = await next(new Request(request.url, { method: 'GET', headers: request.headers }), info);
      if (!read.ok) return next(request, info);
      return changed(read, { body: { ok: true, id: (await jsonOf(read)).id } });
    }),
  },
  {
    name: 'task-key-assignee-defaults-to-owner',
    area: 'tasks',
    proves: ['tasks.create-assignee-required'],
    description:
      'A task created with an API key without assignee_id is given to the workspace owner instead of refused (spec 4.10: assignee_id is required for API keys).',
    wrap: (next, state) =>
      onOperation('createTask', async (inner, request, info) => {
        const body = await sentJson(request);
        const owner = [...(callerWorkspace(state, request)?.members.values() ?? [])][0];
        const unassigned = body && owner && body.assignee_id === undefined;
        return inner(unassigned ? withJson(request, { ...body, assignee_id: owner!.id }) : request, info);
      })(next, state),
  },
  {
    name: 'change-item-without-label',
    area: 'notes',
    proves: ['notes.item-change-data', 'responses.shape.list-timeline'],
    description:
      'Timeline change items carry field, from and to but no label (the label is looked up in the web app) (spec 2.6: change has field, label, from, to).',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const unlabel = (item: any) => (item?.kind === 'change' && item.data ? { ...item, data: { ...item.data, label: undefined } } : item);
      return alterOk(await next(request, info), (body) => ({ ...body, data: (body.data ?? []).map(unlabel) }));
    }),
  },
  {
    name: 'task-due-filter-ignored',
    area: 'tasks',
    proves: ['tasks.list-due'],
    description: 'The task list ignores `due`: due=overdue, due=none and due=later list every open task (spec 4.10: due keeps one bucket).',
    wrap: onListQuery('listTasks', (query) => query.delete('due')),
  },
  {
    name: 'note-edit-by-key-taken',
    area: 'notes',
    proves: ['notes.api-key-cannot-edit', 'responses.shape.update-note'],
    description:
      'An API key may edit a note: the edit is saved and answered 200 (the author check looks at members only) (spec 4.5: API keys cannot edit notes).',
    wrap: onOperation(['updateNote', 'deleteNote'], (next, request, info, { params }, state) =>
      onErrorCode('edit_window_closed', async (response, _body, request) => {
        const id = shortId('nt', params.id) ? params.id : undefined;
        const workspace = id && request.headers.get('authorization') ? workspaceHolding(state, 'timeline', id) : undefined;
        const text = (await sentJson(request))?.text;
        if (!workspace || !workspace.tables.timeline.get(id!) || typeof text !== 'string') return response;
        await workspace.tables.timeline.update(id!, (draft: any) => void (draft.data = { ...draft.data, text }));
        return changed(response, { status: 200, body: workspace.tables.timeline.get(id!) });
      })(next)(request, info),
    ),
  },
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
    name: 'gone-without-deleted-at',
    area: 'conventions',
    proves: ['errors.extra-gone', 'conventions.trash-reads-410', 'leads.delete-to-trash'],
    description: '410 gone answers leave out deleted_at.',
    wrap: onErrorCode('gone', (response, body) => {
      const { deleted_at: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  {
    name: 'restore-renumbers',
    area: 'conventions',
    proves: ['conventions.number-kept-on-restore', 'leads.restore', 'tasks.restore'],
    description: 'A restored record (a lead, contact, company or task) comes back with a new number.',
    wrap: onOperation(RESTORES, async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, number: body.number + 1000 } });
    }),
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
    name: 'tag-spelling-kept',
    area: 'tags',
    proves: ['tags.list-limits', 'tags.record-catalog-spelling', 'tags.record-limit'],
    description: "Tags are stored as sent instead of in the catalog's spelling.",
    wrap: onOperation('createLead', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (!response.ok || !Array.isArray(sent?.tags)) return response;
      return changed(response, { body: { ...(await jsonOf(response)), tags: sent.tags } });
    }),
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
    name: 'tag-name-problem-per-item',
    area: 'tags',
    proves: ['tags.name-problem-field'],
    description:
      'A bad tag name in a record write or a bulk action is reported under the item that holds it (`fields["tags[1]"]`), as a schema validator words it, instead of under `fields.tags` (bulk: `fields["action.tags"]`) as spec 4.4 writes it.',
    wrap: onErrorCode('validation_failed', async (response, body, request) => {
      const fields = body.error.fields ?? {};
      const key = ['tags', 'action.tags'].find((name) => typeof fields[name] === 'string' && /tag name/.test(fields[name]));
      if (!key) return response;
      const sent = await request
        .clone()
        .json()
        .catch(() => ({}));
      const index = Math.max(
        0,
        (Array.isArray(sent.tags) ? sent.tags : []).findIndex(
          (name: unknown) => typeof name === 'string' && (name.includes(',') || [...name.trim()].length > 32 || !name.trim()),
        ),
      );
      const { [key]: message, ...others } = fields;
      return changed(response, { body: { error: { ...body.error, fields: { ...others, [`tags[${index}]`]: message } } } });
    }),
  },
  {
    name: 'tag-exists-without-tag-id',
    area: 'tags',
    proves: ['errors.extra-tag-exists', 'errors.status-409', 'tags.rename-tag-exists', 'tags.error-tag-exists'],
    description: "A rename onto another tag's name answers tag_exists without the other tag's tag_id.",
    wrap: onErrorCode('tag_exists', (response, body) => {
      const { tag_id: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
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
    name: 'tag-limits-misreported',
    area: 'tags',
    proves: ['tags.list-limits', 'tags.record-catalog-spelling', 'tags.record-limit', 'responses.shape.list-tags'],
    description: 'The tag list reports 20 tags per record and 500 per workspace instead of the 10 and 200 of spec 8.',
    wrap: onOperation('listTags', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, limits: { ...body.limits, per_record: 20, per_workspace: 500 } } });
    }),
  },
  {
    name: 'eleventh-tag-accepted',
    area: 'tags',
    proves: [
      'tags.list-limits',
      'tags.record-catalog-spelling',
      'tags.record-limit',
      'tags.over-limit-changes-nothing',
      'tags.record-workspace-limit',
      'tags.limit-per-record',
    ],
    description: 'A record takes more than 10 tags: the extra ones are dropped silently instead of refused.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        if (!body.error.fields?.tags || request.method === 'GET') return response;
        const sent = JSON.parse(await request.clone().text());
        return next(new Request(request, { body: JSON.stringify({ ...sent, tags: sent.tags.slice(0, 10) }) }));
      })(next),
  },
  {
    name: 'done-task-snoozes',
    area: 'tasks',
    proves: ['tasks.complete', 'tasks.reopen', 'tasks.snooze-not-open', 'tasks.error-task-not-open'],
    description: 'A done task can be snoozed: task_not_open is never answered.',
    // Only a snooze answers task_not_open (resources/tasks/task-states.ts).
    wrap: onOperation('snoozeTask', (next, request, info, { params }) =>
      onErrorCode('task_not_open', async (response, _body, request) => {
        const task = await next(probe(request, `/v1/tasks/${params.id}`));
        return changed(response, { status: 200, body: await jsonOf(task) });
      })(next)(request, info),
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
  {
    name: 'tag-inner-spaces-kept',
    area: 'tags',
    proves: ['tags.name-inner-spaces'],
    description: 'A new tag name is trimmed but its inner runs of spaces are kept as sent, instead of folded to one space.',
    // The handler's own write, inside the request's transaction: the name is stored trimmed only.
    operations: ['createTag'],
    async aroundHandler(next, context) {
      const result = await next();
      const sent = context.input.body as any;
      const tag = result instanceof Response ? undefined : (result.body as any);
      if (result instanceof Response || result.status !== 201 || typeof sent?.name !== 'string' || !tag?.id) return result;
      const { workspace } = callerOf(context);
      if (!workspace.tables.tags.get(tag.id)) return result;
      const stored = await workspace.tables.tags.update(tag.id, (draft) => void (draft.name = sent.name.trim()));
      return { ...result, body: stored };
    },
  },
  {
    name: 'tag-usage-counts-trash',
    area: 'tags',
    proves: ['tags.usage-without-deleted'],
    description: "A tag's usage counts the records in the trash too.",
    wrap: onOperation('listTags', async (next, request, info, _routed, state) => {
      const response = await next(request, info);
      if (!response.ok || queryOf(request).get('usage') !== '1') return response;
      const body = await jsonOf(response);
      const workspace = body.data.length ? workspaceHolding(state, 'tags', body.data[0].id) : undefined;
      if (!workspace) return response;
      const countAll = (name: string) =>
        Object.fromEntries(
          TAGGED_ENTITIES.map((entity) => [
            entity,
            [...taggedRecords(workspace.tables, entity)].filter((record) => record.tags.some((tag) => tagKey(tag) === tagKey(name))).length,
          ]),
        );
      return changed(response, {
        body: { ...body, data: body.data.map((tag: { name: string }) => ({ ...tag, usage: countAll(tag.name) })) },
      });
    }),
  },
  {
    name: 'tag-rename-leaves-records',
    area: 'tags',
    proves: [
      'tags.rename',
      'tags.rename-answer',
      'tags.merge-retags',
      'tags.merge-no-duplicate',
      'tags.merge-answer',
      'tags.delete-answer',
    ],
    description: 'Renaming a tag changes the catalog only: the records carrying it keep the old name.',
    // The handler's rename of the records undone inside the request's transaction (a tag named by its short id).
    operations: ['updateTag'],
    async aroundHandler(next, context) {
      const id = context.input.path.id;
      const { workspace } = callerOf(context);
      const renamed = shortId('tag', id) && typeof (context.input.body as any)?.name === 'string';
      const oldName = renamed ? workspace.tables.tags.get(id!)?.name : undefined;
      const result = await next();
      const answered = result instanceof Response ? undefined : (result.body as any);
      if (oldName === undefined || !answered?.tag) return result;
      const newKey = tagKey(answered.tag.name);
      for (const entity of TAGGED_ENTITIES) {
        const table = taggedTable(workspace.tables, entity);
        const carrying = [...(table?.values() ?? [])].filter((record) => record.tags.some((tag) => tagKey(tag) === newKey));
        for (const record of carrying)
          await table!.update(record.id, (draft) => void (draft.tags = record.tags.map((tag) => (tagKey(tag) === newKey ? oldName : tag))));
      }
      return result;
    },
  },
  {
    name: 'tag-settings-not-saved',
    area: 'tags',
    proves: ['tags.list-rights', 'tags.create-admins-only', 'tags.settings-change', 'tags.admins-only-record-tags'],
    description: 'The tag settings route answers the settings sent but does not keep them: admins_only_create stays as it was.',
    wrap: onOperation('updateTagSettings', async (next, request, info) => {
      const list = await next(new Request(probe(request, '/v1/tags').url, { headers: request.headers }), info);
      const before = (await jsonOf(list))?.settings;
      const response = await next(request, info);
      if (!response.ok || !before) return response;
      const headers = new Headers(request.headers);
      headers.delete('x-request-id');
      await next(new Request(request.url, { method: 'PATCH', headers, body: JSON.stringify(before) }), info);
      return response;
    }),
  },
  {
    name: 'tag-limit-off-by-one',
    area: 'tags',
    proves: ['tags.create-limit', 'tags.record-workspace-limit', 'tags.limit-per-workspace', 'tags.limit-where'],
    description:
      "The workspace's tag limit is checked before counting the new tag: a 201st tag is created instead of answering 409 tag_limit.",
    wrap: (next, state) =>
      onErrorCode('tag_limit', async (response, _body, request) => {
        const sent = JSON.parse(await request.text());
        const workspace = [...state.workspaces.values()].find((candidate) => candidate.tables.tags.size >= 200);
        if (!workspace || typeof sent.name !== 'string') return response;
        const tag = await insertTag(
          { state, workspace, tables: workspace.tables, nowIso: () => new Date(workspace.now()).toISOString() },
          sent.name.trim(),
        );
        return changed(response, { status: 201, body: tag });
      })(next),
  },
  {
    name: 'bulk-too-many-fails-run',
    area: 'tags',
    proves: ['tags.bulk-too-many-skipped'],
    description:
      'A bulk tag run in which one record would pass 10 tags is refused whole (422 under action.tags) instead of skipping that record and changing the others.',
    wrap: onOperation('runBulkAction', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (!response.ok) return response;
      const run = await jsonOf(response);
      if (!run?.skipped?.length) return response;
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      await next(new Request(probe(request, `/v1/bulk/runs/${run.id}/undo`).url, { method: 'POST', headers }), info);
      // The mock's own refusal of a tag list over the limit, for the same records.
      headers.set('content-type', 'application/json');
      const overLimit = Array.from({ length: 11 }, (_, index) => `over-${index}`);
      return next(
        new Request(request.url, { method: 'POST', headers, body: JSON.stringify({ ...sent, type: 'add_tag', tags: overLimit }) }),
        info,
      );
    }),
  },
  {
    name: 'bulk-undo-restores-whole-list',
    area: 'tags',
    proves: ['tags.bulk-undo'],
    description:
      "Undo of a bulk tag run puts back each record's whole tag list from before the run, so tags given since (a PATCH, another run) are lost, instead of reverting only what the run changed.",
    // The run is made to look like one stored before undo kept what it added and removed: the
    // mock's own path for such runs puts back the whole list.
    wrap: onOperation('undoBulkAction', async (inner, request, info, { params }, state) => {
      const run = callerWorkspace(state, request)?.tables.bulkRuns.get(params.run_id!);
      if (run?.status === 'done') for (const record of run.before) (delete record.added, delete record.removed);
      return inner(request, info);
    }),
  },
  {
    name: 'negated-tag-filter-ignored',
    area: 'tags',
    proves: ['tags.query-not-tag'],
    description: 'The text filter drops `-tag:` terms: `-tag:spam` excludes nothing.',
    wrap: onQuery((body) =>
      typeof body.q === 'string' && /(^|\s)-tag:/.test(body.q) ? { ...body, q: body.q.replace(/(^|\s)-tag:\S+/g, '$1').trim() } : body,
    ),
  },
  {
    name: 'timeline-oldest-first',
    area: 'notes',
    proves: ['notes.timeline-newest-first', 'notes.pin-on-top', 'notes.unpin'],
    description: 'The timeline lists items oldest first (pinned notes at the end) instead of newest first with pinned notes on top.',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, data: [...body.data].reverse() } });
    }),
  },
  {
    name: 'note-edit-window-never-closes',
    area: 'notes',
    proves: ['notes.edit-window-closed', 'notes.limit-edit-window'],
    description: "A note's author can edit it at any time: the 24-hour editing window is never enforced.",
    wrap: onOperation(['updateNote', 'deleteNote'], (next, request, info, { params }, state) =>
      onErrorCode('edit_window_closed', async (response, _body, request) => {
        const id = shortId('nt', params.id) ? params.id : undefined;
        const workspace = id && request.headers.get('cookie') ? workspaceHolding(state, 'timeline', id) : undefined;
        const note = workspace?.tables.timeline.get(id!);
        if (!workspace || !note) return response;
        const writtenAt = note.occurred_at;
        await workspace.tables.timeline.update(note.id, (draft) => void (draft.occurred_at = new Date(workspace.now()).toISOString()));
        try {
          return await next(request);
        } finally {
          await workspace.tables.timeline.update(note.id, (draft) => void (draft.occurred_at = writtenAt));
        }
      })(next)(request, info),
    ),
  },
  {
    name: 'task-default-type-call',
    area: 'tasks',
    proves: ['tasks.create-default-type', 'tasks.list-type'],
    description: 'A task created without type is a call instead of follow_up.',
    wrap: onOperation('createTask', async (next, request, info) => {
      const body = await sentJson(request);
      if (!body || typeof body !== 'object' || 'type' in body) return next(request, info);
      return next(new Request(request, { body: JSON.stringify({ ...body, type: 'call' }) }), info);
    }),
  },
  {
    name: 'reschedule-reopens-task',
    area: 'tasks',
    proves: ['tasks.reschedule'],
    description: 'Rescheduling a done task reopens it instead of leaving its status unchanged.',
    wrap: onOperation('rescheduleTask', async (next, request, info, { params }) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      if ((await jsonOf(response))?.status !== 'done') return response;
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      return next(new Request(probe(request, `/v1/tasks/${params.id}/reopen`).url, { method: 'POST', headers }), info);
    }),
  },
  {
    name: 'snoozed-tasks-listed',
    area: 'tasks',
    proves: ['tasks.list-snoozed'],
    description: 'Open task lists include snoozed tasks, as if snoozed=include were always sent.',
    wrap: onListQuery('listTasks', (query) => void (query.has('snoozed') || query.set('snoozed', 'include'))),
  },
  {
    name: 'tag-rename-skips-forms',
    area: 'tags',
    proves: ['tags.rename-forms-follow'],
    description: 'Renaming a tag leaves the forms that add it with the old name, so their submissions bring the old name back.',
    // The forms' tags put back inside the request's transaction (a tag named by its short id).
    operations: ['updateTag'],
    async aroundHandler(next, context) {
      const id = context.input.path.id;
      const { workspace } = callerOf(context);
      const renamed = shortId('tag', id) && typeof (context.input.body as any)?.name === 'string';
      const oldName = renamed ? workspace.tables.tags.get(id!)?.name : undefined;
      const carrying =
        oldName === undefined
          ? []
          : [...workspace.tables.forms.values()].filter((form) => form.tags.some((tag) => tagKey(tag) === tagKey(oldName)));
      const before = new Map(carrying.map((form) => [form.id, [...form.tags]]));
      const result = await next();
      for (const [formId, tags] of before) await workspace.tables.forms.update(formId, (draft) => void (draft.tags = tags));
      return result;
    },
  },
  {
    name: 'tag-create-existing-201',
    area: 'tags',
    proves: ['tags.name-unique-ignoring-case', 'tags.create-existing-200'],
    description: 'Creating a tag whose name exists answers 201, as if it were new, instead of 200 with the existing tag.',
    wrap: onOperation('createTag', async (next, request, info) => {
      const response = await next(request, info);
      return response.status === 200 ? changed(response, { status: 201 }) : response;
    }),
  },
  {
    name: 'timeline-kinds-ignored',
    area: 'notes',
    proves: ['notes.timeline-kinds'],
    description: 'The timeline ignores `kinds` and lists items of every kind.',
    wrap: onListQuery('listTimeline', (query) => query.delete('kinds')),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'timeline-notes-editable-by-keys',
    area: 'notes',
    proves: ['notes.item-editable-deletable'],
    description: 'Timeline items show notes as editable to an API key, which can never edit a note (spec 2.6 editable, 4.5).',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (!/^Bearer\s+svc_live_/i.test(request.headers.get('authorization') ?? '')) return response;
      return alterOk(response, (body) => ({
        ...body,
        data: body.data?.map((item: any) => (item.kind === 'note' ? { ...item, editable: true } : item)),
      }));
    }),
  },
  {
    name: 'tag-name-32-refused',
    area: 'tags',
    proves: ['tags.name-length', 'tags.limit-name'],
    description: 'Off by one in the tag name length: a name of exactly 32 characters is refused with 422 (spec 2.5, 8: 1 to 32).',
    wrap: onOperation(['createTag', 'updateTag'], async (next, request, info, { params }) => {
      const sent = params.id === undefined || /^tag_[0-9a-z]+$/.test(params.id) ? await sentJson(request) : undefined;
      if (typeof sent?.name !== 'string' || sent.name.trim().replace(/\s+/g, ' ').length !== 32) return next(request, info);
      return next(withJson(request, { ...sent, name: `${sent.name},` }), info);
    }),
  },
  {
    name: 'pinned-note-not-on-top',
    area: 'notes',
    proves: ['notes.pin-on-top'],
    description: 'The timeline is sorted by time (then id) only: a pinned note stays in its place instead of on top (spec 4.5).',
    wrap: onOperation('listTimeline', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: Array.isArray(body.data)
          ? [...body.data].sort(
              (a: any, b: any) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
            )
          : body.data,
      })),
    ),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'tag-case-folding-ascii-only',
    area: 'tags',
    proves: ['tags.name-unique-ignoring-case', 'tags.create-existing-200'],
    description:
      'Tag names are compared with a byte-wise lower(): "VIP" finds "vip", but "КЛИЕНТ" is created as a second tag beside "клиент" instead of answering 200 with the existing one (spec 2.5: unique ignoring case).',
    // The handler's own lookup, inside the request's transaction: an existing tag it answered (200) that a byte-wise lower() would not find is created anew.
    operations: ['createTag'],
    async aroundHandler(next, context) {
      const result = await next();
      if (result instanceof Response || (result.status ?? 200) !== 200) return result;
      const existing = answeredBody(result);
      const sent = context.input.body as any;
      const name = typeof sent?.name === 'string' ? sent.name.trim().replace(/\s+/g, ' ') : undefined;
      if (!existing?.id || !name || asciiLower(name) === asciiLower(existing.name)) return result;
      const { workspace } = callerOf(context);
      const tag = await insertTag(
        { state: context.state, workspace, tables: workspace.tables, nowIso: () => new Date(workspace.now()).toISOString() },
        name,
      );
      return { ...result, status: 201, body: tag };
    },
  },
  {
    name: 'note-pin-without-scope',
    area: 'notes',
    proves: ['notes.pin-scope'],
    description:
      'Pinning and unpinning a note check no scope (the route was added later without the guard): any key of the workspace pins, where notes:write is needed (spec 4.5).',
    wrap: onOperation(['pinNote', 'unpinNote'], async (next, request, info, _routed, state) => {
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'missing_scope' ? retryAsOwner(state, next, copy, response) : response;
    }),
  },
  {
    name: 'timeline-needs-leads-read',
    area: 'notes',
    proves: ['notes.timeline-scope'],
    description:
      "The timeline checks leads:read whatever the record type: a key with contacts:read alone gets 403 missing_scope for a contact's timeline (spec 4.5: the read scope of the record type).",
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok || queryOf(request).get('entity_type') === 'lead') return response;
      const leadsProbe = await next(probe(request, '/v1/leads?limit=1'), info);
      return leadsProbe.status === 403 ? leadsProbe : response;
    }),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'task-all-day-without-due-accepted',
    area: 'tasks',
    proves: ['tasks.create-all-day-needs-due'],
    description:
      'A task created with all_day true and no due_at is accepted (the flag silently dropped) instead of refused (spec 4.10: all_day needs due_at).',
    wrap: onOperation('createTask', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || sent.all_day !== true || (sent.due_at !== undefined && sent.due_at !== null)) return next(request, info);
      const { all_day: _dropped, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'task-done-list-includes-open',
    area: 'tasks',
    proves: ['tasks.list-status'],
    description:
      'status=done on the task list is read as "any status" (only open is a known filter), so open tasks are listed with the done ones (spec 4.10).',
    wrap: onListQuery('listTasks', (query) => {
      if (query.get('status') === 'done') query.set('status', 'all');
    }),
  },
  {
    name: 'task-complete-result-dropped',
    area: 'tasks',
    proves: ['tasks.complete-result'],
    description:
      'Completing a task with a result marks it done but does not keep the result (the body of complete is not read) (spec 2.12, 4.10: result set on completion).',
    wrap: onOperation('completeTask', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || !('result' in sent)) return next(request, info);
      const { result: _dropped, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  // Found by the sixth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'task-snooze-done-as-invalid-state',
    area: 'tasks',
    proves: ['tasks.snooze-not-open', 'tasks.error-task-not-open'],
    description: 'Snoozing a done task is refused with the generic code invalid_state instead of task_not_open (spec 3, 4.10, 7.3).',
    wrap: onErrorCode('task_not_open', (response, body) =>
      changed(response, {
        body: {
          error: {
            ...body.error,
            code: 'invalid_state',
            docs_url: String(body.error.docs_url ?? '').replace(/task_not_open$/, 'invalid_state'),
          },
        },
      }),
    ),
  },
  {
    name: 'task-reopen-refused',
    area: 'tasks',
    proves: ['tasks.complete', 'tasks.reopen', 'tasks.snooze-not-open', 'tasks.subroute-methods', 'tasks.error-task-not-open'],
    description:
      'Reopening a done task answers 409 task_not_open (the guard of snooze copied onto reopen) instead of putting it back to open (spec 3: done -> reopen -> open).',
    wrap: onOperation('reopenTask', async (next, request, info, { params }, state) => {
      const read = await next(probe(request, `/v1/tasks/${params.id}`), info);
      const task = read.ok ? await jsonOf(read) : undefined;
      const nowMs = callerWorkspace(state, request)?.clock.now();
      if (task?.status !== 'done' || nowMs === undefined) return next(request, info);
      // The mock's own task_not_open: a snooze of the done task, which changes nothing.
      const headers = new Headers(request.headers);
      headers.set('content-type', 'application/json');
      return next(
        withJson(new Request(probe(request, `/v1/tasks/${params.id}/snooze`).url, { method: 'POST', headers }), {
          until: new Date(nowMs + 86_400_000).toISOString(),
        }),
        info,
      );
    }),
  },
  {
    name: 'task-entity-filter-type-only',
    area: 'tasks',
    proves: [
      'tasks.list-status-default-open',
      'tasks.list-status',
      'tasks.list-assignee',
      'tasks.list-entity',
      'tasks.list-due',
      'tasks.list-snoozed',
    ],
    description:
      'The task list reads entity_type but not entity_id: the tasks of one lead list the tasks of every lead (spec 4.10: entity_type with entity_id).',
    wrap: onListQuery('listTasks', (query) => {
      const id = query.get('entity_id');
      if (id === null) return;
      const type = /^(ld|lead)_/.test(id)
        ? 'lead'
        : /^(ct|contact)_/.test(id)
          ? 'contact'
          : /^(co|company)_/.test(id)
            ? 'company'
            : undefined;
      query.delete('entity_id');
      if (type && !query.has('entity_type')) query.set('entity_type', type);
    }),
  },
  {
    name: 'task-reschedule-only-due',
    area: 'tasks',
    proves: ['tasks.reschedule'],
    description:
      'Reschedule replaces due_at and ignores all_day and duration_min sent with it (spec 3, 4.10: due_at, and optionally all_day, duration_min, replaced).',
    wrap: onOperation('rescheduleTask', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || !('due_at' in sent)) return next(request, info);
      return next(withJson(request, { due_at: sent.due_at }), info);
    }),
  },
  {
    name: 'task-actions-with-read-scope',
    area: 'tasks',
    proves: ['tasks.subroute-methods'],
    description:
      'The task sub-routes (complete, reopen, snooze, reschedule) check tasks:read: a key that may only read tasks completes and reschedules them instead of 403 missing_scope (spec 4.10: tasks:write).',
    wrap: guardedByReadScope(['completeTask', 'reopenTask', 'snoozeTask', 'rescheduleTask'], '/v1/tasks?limit=1'),
  },
  {
    name: 'task-timeline-actor-system',
    area: 'tasks',
    proves: ['tasks.timeline-actor'],
    description:
      "A record's timeline items about its tasks (created, completed) name actor {type: system} instead of the API key that created or completed the task (spec 2.6: for an API key type is api_key).",
    wrap: onOperation('listTimeline', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: Array.isArray(body.data)
          ? body.data.map((item: any) => (item.kind === 'task' ? { ...item, actor: { type: 'system', id: '' } } : item))
          : body.data,
      })),
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
  // Ninth blind hunt (tags, timeline and notes, lead rules of 4.2; written from the spec and the mock, before reading any check).
  {
    name: 'tag-rename-case-only-conflict',
    area: 'tags',
    proves: ['tags.rename-tag-exists'],
    description:
      'Renaming a tag to its own name in another case ("vip" to "VIP") answers 409 tag_exists naming itself, instead of renaming it (spec 4.4: only another tag\'s name conflicts).',
    wrap: (next, state) =>
      onOperation('updateTag', async (next, request, info, { params }) => {
        const sent = await sentJson(request);
        const id = params.id!;
        const list = typeof sent?.name === 'string' ? await jsonOf(await next(probe(request, '/v1/tags'))) : undefined;
        const own = list?.data?.find((tag: any) => tag.id === id);
        const name = typeof sent?.name === 'string' ? sent.name.trim().replace(/\s+/g, ' ') : '';
        if (!own || name === own.name || name.toLowerCase() !== own.name.toLowerCase()) return next(request, info);
        const response = await next(probe(request, '/v1/tags'));
        return errorAnswer(state, response, 409, { code: 'tag_exists', message: 'A tag with this name already exists.', tag_id: id });
      })(next, state),
  },
  {
    name: 'tags-admins-only-refuses-keys',
    area: 'tags',
    proves: ['tags.admins-only-owners-admins'],
    description:
      'With admins_only_create on, every API key is refused 403 tags_admins_only on tag creation, even one with tags:manage (spec 4.4: owners, admins and keys with tags:manage may create).',
    wrap: (next, state) =>
      onOperation('createTag', async (next, request, info) => {
        if (!/^Bearer\s+/i.test(request.headers.get('authorization') ?? '')) return next(request, info);
        const list = await next(probe(request, '/v1/tags'));
        const settings = list.ok ? (await jsonOf(list))?.settings : undefined;
        if (settings?.admins_only_create !== true) return next(request, info);
        return errorAnswer(state, list, 403, { code: 'tags_admins_only', message: 'Only admins can create tags in this workspace.' });
      })(next, state),
  },
  {
    name: 'tag-merge-keeps-source',
    area: 'tags',
    proves: ['tags.merge-deletes-source'],
    description:
      'Merging a tag moves its records to the target but leaves the merged tag in the catalog instead of deleting it (spec 4.4 merge: this tag is deleted).',
    // The handler's delete of the source left out: it is written back inside the request's transaction.
    operations: ['mergeTag'],
    async aroundHandler(next, context) {
      const { workspace } = callerOf(context);
      const stored = workspace.tables.tags.get(context.input.path.id!);
      const source = stored && structuredClone(stored);
      const result = await next();
      if (source && !workspace.tables.tags.get(source.id)) await workspace.tables.tags.insert(source);
      return result;
    },
  },
  {
    name: 'tag-color-kept-for-non-managers',
    area: 'tags',
    proves: ['tags.create-color-ignored'],
    description:
      'A tag created by a caller who cannot manage tags keeps the color it sent instead of getting an automatic color (spec 4.4: color used only when the caller can manage tags).',
    wrap: (next, state) =>
      onOperation('createTag', async (next, request, info) => {
        const sent = await sentJson(request);
        const response = await next(request, info);
        const workspace = callerWorkspace(state, request);
        if (response.status !== 201 || typeof sent?.color !== 'string' || !workspace) return response;
        const list = await jsonOf(await next(probe(request, '/v1/tags')));
        const tag = await jsonOf(response);
        if (list?.can_manage !== false || !tag?.id || !workspace.tables.tags.get(tag.id)) return response;
        await workspace.tables.tags.update(tag.id, (draft: any) => void (draft.color = sent.color));
        return changed(response, { body: { ...tag, color: sent.color } });
      })(next, state),
  },
  {
    name: 'bulk-replace-empty-noop',
    area: 'tags',
    proves: ['tags.bulk-replace-empty', 'tags.limit-bulk-undo'],
    description:
      'A bulk replace_tags with an empty list changes nothing (read as "nothing to do") instead of removing every tag (spec 4.4).',
    wrap: onOperation('runBulkAction', async (next, request, info) => {
      const sent = await sentJson(request);
      if (sent?.type !== 'replace_tags' || !Array.isArray(sent.tags) || sent.tags.length !== 0) return next(request, info);
      const response = await next(withJson(request, { ...sent, type: 'remove_tag', tags: ['no such tag'] }), info);
      return alterOk(response, (body) => (body?.type === 'remove_tag' ? { ...body, type: 'replace_tags' } : body));
    }),
  },
  {
    name: 'note-delete-needs-notes-write',
    area: 'notes',
    proves: ['notes.delete-scope'],
    description:
      'Deleting a note checks notes:write instead of the write scope of its record type: a key with leads:write alone gets 403 missing_scope (spec 4.5).',
    wrap: (next, state) =>
      onOperation('deleteNote', async (next, request, info) => {
        if (!/^Bearer\s+/i.test(request.headers.get('authorization') ?? '')) return next(request, info);
        const whoami = await next(probe(request, '/v1/api-keys/whoami'));
        const scopes: string[] | undefined = whoami.ok ? (await jsonOf(whoami))?.scopes : undefined;
        if (!scopes || scopes.includes('notes:write')) return next(request, info);
        return errorAnswer(state, whoami, 403, {
          code: 'missing_scope',
          message: 'This key lacks the scope notes:write.',
          scope: 'notes:write',
        });
      })(next, state),
  },
  {
    name: 'unpin-keeps-pin',
    area: 'notes',
    proves: ['notes.unpin'],
    description:
      'Unpinning a note answers it with pinned false but never saves it: the note stays pinned on top of the timeline (spec 4.5).',
    wrap: onOperation('unpinNote', async (next, request, info) => {
      const pinned = await next(new Request(request.url, { method: 'POST', headers: request.headers }), info);
      return alterOk(pinned, (body) => ({ ...body, pinned: false }));
    }),
  },
  {
    name: 'note-key-actor-system',
    area: 'notes',
    proves: ['notes.item-actor-api-key'],
    description:
      'A note added with an API key is stored with actor {type: system} instead of {type: api_key, id} (spec 2.6 actor, README reading 1).',
    // The handler's own write, inside the request's transaction.
    operations: ['createNote'],
    async aroundHandler(next, context) {
      const result = await next();
      const item = answeredBody(result);
      const { workspace } = callerOf(context);
      if (item?.actor?.type !== 'api_key' || !workspace.tables.timeline.get(item.id)) return result;
      const actor = { type: 'system', id: '' } as const;
      await workspace.tables.timeline.update(item.id, (draft: any) => void (draft.actor = actor));
      return { ...(result as object), body: { ...item, actor } };
    },
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
  // A stated rule without a fault of its own (docs/readings-review.md; issue 22, H2 item 4).
  {
    name: 'record-tags-kept-off-catalog',
    area: 'tags',
    description:
      "A record write naming a tag the catalog lacks keeps the name on the record but leaves the catalog without it: the catalog insert runs only on POST /v1/tags (spec 2.3: a lead's tags are names from the catalog; 4.4: missing names are added with an automatic color).",
    proves: ['tags.record-adds-to-catalog'],
    // The handler's catalog inserts undone inside the request's transaction.
    operations: ['createLead', 'updateLead', 'createContact', 'updateContact', 'createCompany', 'updateCompany'],
    async aroundHandler(next, context) {
      const { workspace } = callerOf(context);
      const before = new Set([...workspace.tables.tags.values()].map((tag) => tag.id));
      const result = await next();
      for (const tag of [...workspace.tables.tags.values()]) if (!before.has(tag.id)) workspace.tables.tags.remove(tag.id);
      return result;
    },
  },
];
