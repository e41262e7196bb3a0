// Mutants of tags (spec 2.5, 4.4): the palette, rights to create and merge, names compared without
// case, what tagging and untagging answer and store.
import { answeredBody } from './handler-answer.ts';
import { insertTag } from '../../resources/tags/tag-catalog.ts';
import { tagKey } from '../../resources/tags/tag-name.ts';
import { TAGGED_ENTITIES, taggedRecords, taggedTable } from '../../resources/tags/tagged-records.ts';
import { callerOf } from '../../http/handler.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { alterOk, callerWorkspace, errorAnswer, onOperation, onQuery, probe, queryOf, sentJson, withJson } from '../request-match.ts';
import { workspaceHolding, shortId } from '../stored-ids.ts';

/** Lowercases A to Z only, as a byte-wise `lower()` does. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

export const tagsStateMutants: readonly Fault[] = [
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
