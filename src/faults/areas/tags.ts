// Mutants of the tags area (spec 2.5, 4.4, 7.3): each is one bug another team's implementation
// might have, named with the catalog rules (conformance/areas/tags/rules.yaml) it breaks, acting through
// the core's seams by operationId. The tag checks are of the state family.
import { ApiError } from '../../errors/api-error.ts';
import type { HandlerContext } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { normalizeId } from '../../ids/ids.ts';
import { availableForm } from '../../resources/forms/find-form.ts';
import { catalogTag } from '../../resources/tags/tag-catalog.ts';
import { TAG_LIMITS } from '../../resources/tags/tag-limits.ts';
import { normalizeTagName, tagKey } from '../../resources/tags/tag-name.ts';
import { carrying, TAGGED_ENTITIES, taggedTable } from '../../resources/tags/tagged-records.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { alterOk, onOperation, sentJson, withJson } from '../request-match.ts';
import { retryAsOwner } from '../owner-key.ts';
import { alterResult } from './handler-answer.ts';
import { bodyOf, tablesOf, withBody } from './handler-input.ts';

/** The tag a tag route's path names, before the handler runs. */
const pathTag = (context: HandlerContext) => tablesOf(context).tags.get(normalizeId(context.input.path.id ?? ''));

/** The records and forms carrying the tag named `name`, with the tags each carries now. */
function carriersOf(context: HandlerContext, name: string) {
  const tables = tablesOf(context);
  const key = tagKey(name);
  const records = TAGGED_ENTITIES.flatMap((entity) =>
    carrying(tables, entity, key).map((record) => ({ entity, id: record.id, tags: record.tags })),
  );
  const forms = [...tables.forms.values()]
    .filter((form) => form.tags.some((tag) => tagKey(tag) === key))
    .map((form) => ({ id: form.id, tags: form.tags }));
  return { records, forms };
}

/** Puts back the tags `carriers` had (what a change forgot to follow): records, forms, or both. */
async function putBack(
  context: HandlerContext,
  carriers: ReturnType<typeof carriersOf>,
  which: { records?: boolean; forms?: boolean },
): Promise<void> {
  const tables = tablesOf(context);
  if (which.records)
    for (const { entity, id, tags } of carriers.records) await taggedTable(tables, entity)!.update(id, (draft) => void (draft.tags = tags));
  if (which.forms) for (const { id, tags } of carriers.forms) await tables.forms.update(id, (draft) => void (draft.tags = tags));
}

/** A tag change that leaves some carriers as they were: they keep the old name. */
function forgetsCarriers(
  name: string,
  operation: OperationId,
  rule: string,
  description: string,
  which: { records?: boolean; forms?: boolean },
): Fault {
  return {
    name,
    area: 'tags',
    proves: [rule],
    description,
    operations: [operation],
    async aroundHandler(next, context) {
      const tag = pathTag(context);
      const carriers = tag && carriersOf(context, tag.name);
      const result = await next();
      if (carriers) await putBack(context, carriers, which);
      return result;
    },
  };
}

/** A refusal of `operation` for want of tags:manage sent again as the workspace owner (the check left out). */
function manageUnchecked(name: string, operations: readonly OperationId[], rule: string, description: string): Fault {
  return {
    name,
    area: 'tags',
    proves: [rule],
    description,
    wrap: (next, state) =>
      onOperation(operations, async (inner, request, info) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const body = response.status === 403 ? await jsonOf(response) : undefined;
        return body?.error?.code === 'missing_scope' && body.error.scope === 'tags:manage'
          ? retryAsOwner(state, inner, copy, response)
          : response;
      })(next, state),
  };
}

/** An error of `code` answered with `status` (its team's own table of statuses). */
function codeWithStatus(name: string, operation: OperationId, code: string, status: number, rule: string, description: string): Fault {
  return {
    name,
    area: 'tags',
    proves: [rule],
    description,
    wrap: onOperation(operation, async (next, request, info) => {
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      return body?.error?.code === code ? changed(response, { status }) : response;
    }),
  };
}

/** A tag list answer changed by `alter`. */
const onTagList = (alter: (list: any) => any) =>
  onOperation('listTags', async (next, request, info) => alterOk(await next(request, info), alter));

export const tagsMutants: Fault[] = [
  {
    name: 'tag-created-with-short-prefix',
    area: 'tags',
    proves: ['tags.id-prefix'],
    description: 'POST /v1/tags answers the new tag with an id of the short prefix `tg_` instead of `tag_` (spec 2.5).',
    wrap: onOperation('createTag', async (next, request, info) =>
      alterOk(await next(request, info), (tag) => ({ ...tag, id: String(tag.id).replace(/^tag_/, 'tg_') })),
    ),
  },
  {
    name: 'tag-commas-become-spaces',
    area: 'tags',
    proves: ['tags.name-no-commas'],
    description: 'A tag name with a comma is taken with the comma turned into a space instead of refused with 422 under `name` (spec 2.5).',
    wrap: onOperation(['createTag', 'updateTag'], async (next, request, info) => {
      const sent = await sentJson(request);
      return next(
        typeof sent?.name === 'string' && sent.name.includes(',')
          ? withJson(request, { ...sent, name: sent.name.replaceAll(',', ' ') })
          : request,
        info,
      );
    }),
  },
  {
    name: 'tag-name-stored-untrimmed',
    area: 'tags',
    proves: ['tags.name-trimmed'],
    description: "A new tag's name is checked trimmed but stored as sent, spaces around it kept (spec 2.5).",
    operations: ['createTag'],
    async aroundHandler(next, context) {
      const sent = bodyOf(context.input).name;
      const result = await next();
      if (typeof sent !== 'string' || sent.trim() === sent) return result;
      return alterResult(result, async (tag) => {
        await tablesOf(context).tags.update(tag.id, (draft) => void (draft.name = sent));
        return { ...tag, name: sent };
      });
    },
  },
  {
    name: 'tag-automatic-color-hex',
    area: 'tags',
    proves: ['tags.color-palette'],
    description:
      'A tag created without a color is shown with the automatic color as a hex code (`#64748b`) instead of a palette name (spec 2.5).',
    wrap: onOperation('createTag', async (next, request, info) => {
      const sent = await sentJson(request);
      return alterOk(await next(request, info), (tag) => (sent?.color === undefined ? { ...tag, color: '#64748b' } : tag));
    }),
  },
  {
    name: 'tag-created-at-epoch',
    area: 'tags',
    proves: ['tags.created-at'],
    description: "A tag's `created_at` is shown as Unix milliseconds instead of an RFC 3339 time (spec 2.5).",
    wrap: onOperation('createTag', async (next, request, info) =>
      alterOk(await next(request, info), (tag) => ({ ...tag, created_at: Date.parse(tag.created_at) })),
    ),
  },
  {
    name: 'tag-usage-always-shown',
    area: 'tags',
    proves: ['tags.usage-only-when-asked'],
    description: 'The tag list always carries `usage`, zeros unless `?usage=1` asks for the counts (spec 2.5: only when asked).',
    wrap: onTagList((list) => ({
      ...list,
      data: list.data.map((tag: any) => ({ usage: { leads: 0, contacts: 0, companies: 0 }, ...tag })),
    })),
  },
  {
    name: 'tag-usage-without-companies',
    area: 'tags',
    proves: ['tags.usage-counts'],
    description: "A tag's `usage` counts leads and contacts only: `companies` is left out (spec 2.5: `{leads, contacts, companies}`).",
    wrap: onTagList((list) => ({
      ...list,
      data: list.data.map(({ usage, ...tag }: any) => (usage ? { ...tag, usage: { leads: usage.leads, contacts: usage.contacts } } : tag)),
    })),
  },
  {
    name: 'tag-list-without-can-manage',
    area: 'tags',
    proves: ['tags.list-shape'],
    description: 'The tag list answers `can_create` but leaves out `can_manage` (spec 4.4).',
    wrap: onTagList(({ can_manage: _left, ...list }) => list),
  },
  {
    name: 'tag-list-newest-first',
    area: 'tags',
    proves: ['tags.list-by-name'],
    description: 'The tag list is ordered newest first, like the record lists, instead of by name (spec 4.4).',
    wrap: onTagList((list) => ({ ...list, data: [...list.data].sort((a: any, b: any) => (a.id < b.id ? 1 : -1)) })),
  },
  {
    name: 'tag-list-paged',
    area: 'tags',
    proves: ['tags.list-at-most-200'],
    description:
      'The tag list is paged, 5 tags a page with a `next_cursor`, instead of all tags at once (spec 4.4: at most 200, no paging).',
    wrap: onTagList((list) => (list.data.length > 5 ? { ...list, data: list.data.slice(0, 5), next_cursor: 'page-2' } : list)),
  },
  {
    name: 'tag-created-200',
    area: 'tags',
    proves: ['tags.create-201'],
    description: 'POST /v1/tags answers a new tag with 200, as it answers an existing one, instead of 201 (spec 4.4).',
    operations: ['createTag'],
    async aroundHandler(next) {
      const result = await next();
      return result instanceof Response ? result : { ...result, status: result.status === 201 ? 200 : result.status };
    },
  },
  {
    name: 'tag-nameless-named-untitled',
    area: 'tags',
    proves: ['tags.create-name-required'],
    description: 'POST /v1/tags without `name` creates a tag named "Untitled" instead of refusing it (spec 4.4).',
    wrap: onOperation('createTag', async (next, request, info) => {
      const sent = await sentJson(request);
      return next(
        sent && typeof sent === 'object' && sent.name === undefined
          ? withJson(request, { ...sent, name: `Untitled ${Date.now()}` })
          : request,
        info,
      );
    }),
  },
  {
    name: 'tag-create-color-ignored',
    area: 'tags',
    proves: ['tags.create-color-when-manager'],
    description: 'POST /v1/tags always gives a new tag its automatic color, even when a caller who can manage tags sends one (spec 4.4).',
    operations: ['createTag'],
    alterInput: (input) => withBody(input, ({ color: _ignored, ...rest }) => rest),
  },
  {
    name: 'tag-recolor-ignored',
    area: 'tags',
    proves: ['tags.recolor'],
    description: 'PATCH /v1/tags/{id} renames but ignores `color` (spec 4.4).',
    operations: ['updateTag'],
    alterInput: (input) => withBody(input, ({ color: _ignored, ...rest }) => rest),
  },
  {
    name: 'tag-rename-stored-as-sent',
    area: 'tags',
    proves: ['tags.rename-normalized'],
    description:
      'A rename stores the new name as sent, spaces around and inside it kept, though the records get the normalized name (spec 4.4).',
    operations: ['updateTag'],
    async aroundHandler(next, context) {
      const sent = bodyOf(context.input).name;
      return alterResult(await next(), async (answer) => {
        if (typeof sent !== 'string' || !answer.tag) return answer;
        await tablesOf(context).tags.update(answer.tag.id, (draft) => void (draft.name = sent));
        return { ...answer, tag: { ...answer.tag, name: sent } };
      });
    },
  },
  forgetsCarriers(
    'tag-merge-forgets-forms',
    'mergeTag',
    'tags.merge-forms-follow',
    'A merge retags the records but leaves the forms adding the merged tag as they were (spec 4.4).',
    { forms: true },
  ),
  forgetsCarriers(
    'tag-delete-leaves-records',
    'deleteTag',
    'tags.delete-from-records',
    'Deleting a tag removes it from the catalog and leaves it on the records carrying it (spec 4.4).',
    { records: true },
  ),
  forgetsCarriers(
    'tag-delete-leaves-forms',
    'deleteTag',
    'tags.delete-from-forms',
    'Deleting a tag removes it from the catalog and the records, and leaves it on the forms adding it (spec 4.4).',
    { forms: true },
  ),
  manageUnchecked(
    'tag-settings-without-manage',
    ['updateTagSettings'],
    'tags.settings-scope',
    'The tag settings route lets a key without tags:manage change them (spec 4.4).',
  ),
  manageUnchecked(
    'tag-changes-without-manage',
    ['updateTag', 'mergeTag', 'deleteTag'],
    'tags.manage-scope',
    'Rename, recolor, merge and delete of a tag are let through without tags:manage (spec 4.4).',
  ),
  {
    name: 'tag-list-needs-leads-read',
    area: 'tags',
    proves: ['tags.list-scope'],
    description:
      'GET /v1/tags needs leads:read, so a key with only contacts:read or companies:read is refused (spec 4.4: any one of them).',
    operations: ['listTags'],
    async aroundHandler(next, context) {
      if (context.caller?.kind === 'api_key' && !context.caller.scopes.includes('leads:read'))
        throw new ApiError('missing_scope', { scope: 'leads:read' });
      return next();
    },
  },
  {
    name: 'record-tags-need-manage',
    area: 'tags',
    proves: ['tags.edit-rights-tag-record'],
    description: 'Tagging a lead needs tags:manage, even with tags already in the catalog (spec 4.4: edit rights are enough).',
    operations: ['createLead', 'updateLead'],
    async aroundHandler(next, context) {
      const tags = bodyOf(context.input).tags;
      const manages = context.caller?.kind !== 'api_key' || context.caller.scopes.includes('tags:manage');
      if (Array.isArray(tags) && tags.length && !manages) throw new ApiError('missing_scope', { scope: 'tags:manage' });
      return next();
    },
  },
  codeWithStatus(
    'tags-admins-only-409',
    'createTag',
    'tags_admins_only',
    409,
    'tags.error-tags-admins-only',
    'tags_admins_only is answered with 409, as a conflict with the setting, instead of 403 (spec 7.3).',
  ),
  codeWithStatus(
    'tag-limit-422',
    'createTag',
    'tag_limit',
    422,
    'tags.error-tag-limit',
    'tag_limit is answered with 422, as a validation error, instead of 409 (spec 7.3).',
  ),
  {
    name: 'form-submit-fails-on-full-catalog',
    area: 'tags',
    proves: ['tags.forms-never-fail'],
    description:
      'A website form submission whose form adds a tag the full catalog (200 tags) cannot take fails with 409 tag_limit, instead of opening the lead without it (spec 4.4: forms never fail because of tags).',
    operations: ['submitForm'],
    async aroundHandler(next, context) {
      const { workspace, form } = availableForm(context.state, context.input.path.form_id ?? '');
      const full = workspace.tables.tags.size >= TAG_LIMITS.per_workspace;
      if (full && form.tags.some((name) => !catalogTag(workspace.tables, normalizeTagName(name)))) throw new ApiError('tag_limit');
      return next();
    },
  },
  ...queryMutants(),
  ...bulkMutants(),
];

/** The query endpoint's `q` (spec 4.4, 4.13) misread before it is run. */
function queryMutants(): Fault[] {
  const rewritten = (name: string, rule: string, description: string, rewrite: (q: string) => string): Fault => ({
    name,
    area: 'tags',
    proves: [rule],
    description,
    operations: ['runQuery'],
    alterInput: (input) => withBody(input, (body) => (typeof body.q === 'string' ? { ...body, q: rewrite(body.q) } : body)),
  });
  return [
    rewritten('query-tag-as-text', 'tags.query-tag', '`tag:vip` in `q` is searched as the text "vip" instead of the tag (spec 4.4).', (q) =>
      q.replace(/(^|\s)tag:([^\s,]+)(?=\s|$)/g, '$1$2'),
    ),
    rewritten(
      'query-tag-list-first-only',
      'tags.query-any-of',
      '`tag:vip,hot` in `q` finds the first tag of the list only (spec 4.4: any of them).',
      (q) => q.replace(/(^|\s)tag:([^\s,]+)(,[^\s]+)/g, '$1tag:$2'),
    ),
    rewritten('query-has-tag-ignored', 'tags.query-has-tag', '`has:tag` in `q` is not understood and dropped (spec 4.4).', (q) =>
      q.replace(/(^|\s)has:tag(?=\s|$)/g, '$1').trim(),
    ),
  ];
}

/** Bulk tag actions (spec 4.4; how records are chosen is crmkit's reading). */
function bulkMutants(): Fault[] {
  const retyped = (name: string, rule: string, description: string, change: (body: Record<string, any>) => Record<string, any>): Fault => ({
    name,
    area: 'tags',
    proves: [rule],
    description,
    operations: ['runBulkAction'],
    alterInput: (input) => withBody(input, change),
  });
  return [
    retyped(
      'bulk-add-tag-replaces',
      'tags.bulk-add',
      'Bulk `add_tag` gives each record exactly the tags sent, as `replace_tags` does (spec 4.4: it adds them).',
      (body) => (body.type === 'add_tag' ? { ...body, type: 'replace_tags' } : body),
    ),
    retyped(
      'bulk-remove-skips-first',
      'tags.bulk-remove',
      'Bulk `remove_tag` leaves the first chosen record out (an off-by-one over the ids).',
      (body) => (body.type === 'remove_tag' && Array.isArray(body.ids) ? { ...body, ids: body.ids.slice(1) } : body),
    ),
    retyped(
      'bulk-replace-merges',
      'tags.bulk-replace',
      'Bulk `replace_tags` adds the tags sent to those a record has instead of replacing them (spec 4.4).',
      (body) => (body.type === 'replace_tags' && body.tags?.length ? { ...body, type: 'add_tag' } : body),
    ),
    {
      name: 'bulk-skip-changes-none',
      area: 'tags',
      proves: ['tags.bulk-others-change'],
      description:
        'A bulk tag run that skips a record changes none of them (all or nothing), though it answers the others as changed (spec 4.4).',
      operations: ['runBulkAction'],
      async aroundHandler(next, context) {
        const ids: string[] = Array.isArray(bodyOf(context.input).ids) ? bodyOf(context.input).ids : [];
        const leads = tablesOf(context).leads;
        const before = ids
          .map((id) => leads.get(normalizeId(id)))
          .filter((lead) => lead !== undefined)
          .map((lead) => ({ id: lead.id, tags: lead.tags }));
        const result = await next();
        const answer = result instanceof Response ? undefined : (result.body as { skipped?: unknown[] } | undefined);
        if (answer?.skipped?.length) for (const { id, tags } of before) await leads.update(id, (draft) => void (draft.tags = tags));
        return result;
      },
    },
    {
      name: 'bulk-limit-under-tags',
      area: 'tags',
      proves: ['tags.bulk-limit-field'],
      description:
        'A bulk tag list over a limit is refused with its message under `fields.tags` instead of `fields["action.tags"]` (spec 4.4).',
      wrap: onOperation('runBulkAction', async (next, request, info) => {
        const response = await next(request, info);
        const body = response.status === 422 ? await jsonOf(response) : undefined;
        const fields = body?.error?.fields;
        if (!fields || !('action.tags' in fields)) return response;
        const { 'action.tags': message, ...others } = fields;
        return changed(response, { body: { error: { ...body.error, fields: { ...others, tags: message } } } });
      }),
    },
  ];
}
