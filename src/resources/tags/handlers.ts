// Handlers of the tags routes, by operationId (spec 4.4): the catalog, its settings, rename,
// recolor, merge and delete, and the bulk tag actions with their undo.
import { ApiError } from '../../errors/api-error.ts';
import type { TagHandlers } from '../../http/handler.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { recordContext, type RecordContext } from '../records/record-context.ts';
import { runBulkAction } from './bulk-action.ts';
import { undoBulkAction } from './bulk-undo.ts';
import { addToCatalog, catalogByName, catalogTag, tagById, usageByKey } from './tag-catalog.ts';
import { deleteTag, mergeTag, renameOrRecolor } from './tag-changes.ts';
import { TAG_LIMITS } from './tag-limits.ts';
import { checkedNames } from './tag-list-input.ts';
import { tagKey } from './tag-name.ts';
import { canCreateTags, canManageTags } from './tag-rights.ts';
import { changeTagSettings, tagSettings } from './tag-settings.ts';
import { noCounts } from './tagged-records.ts';

type Schemas = components['schemas'];

export const tagsHandlers: TagHandlers<'Tags'> = {
  listTags(context) {
    const records = recordContext(context);
    return { body: tagCatalog(records, context.input.query.usage === '1') };
  },

  // Retry-safe (spec 4.4): a name the catalog has in any case answers that tag with 200, as it is.
  async createTag(context) {
    const records = recordContext(context);
    const body = context.input.body;
    const [name] = checkedNames([body.name], 'name');
    const existing = catalogTag(records.tables, name!);
    if (existing) return { status: 200, body: existing };
    const color = canManageTags(records) ? body.color : undefined;
    const [tag] = await addToCatalog(records, [name!], () => new ApiError('tag_limit'), color);
    return { status: 201, body: tag };
  },

  async updateTagSettings(context) {
    const { tables } = recordContext(context);
    const body = context.input.body;
    return { body: { settings: await changeTagSettings(tables, { ...tagSettings(tables), ...body }) } };
  },

  async updateTag(context) {
    const records = recordContext(context);
    const tag = tagById(records.tables, context.input.path.id);
    return { body: await renameOrRecolor(records, tag, context.input.body) };
  },

  async mergeTag(context) {
    const records = recordContext(context);
    const tag = tagById(records.tables, context.input.path.id);
    return { body: await mergeTag(records, tag, context.input.body.into) };
  },

  async deleteTag(context) {
    const records = recordContext(context);
    const tag = tagById(records.tables, context.input.path.id);
    return { body: { ok: true, id: tag.id, affected: await deleteTag(records, tag) } };
  },

  async runBulkAction(context) {
    const records = recordContext(context);
    const entity = context.input.path.entity;
    return { body: await runBulkAction(records, entity, context.input.body) };
  },

  async undoBulkAction(context) {
    return { body: await undoBulkAction(recordContext(context), context.input.path.run_id) };
  },
};

function tagCatalog(records: RecordContext, withUsage: boolean): Schemas['TagCatalog'] {
  const tags = catalogByName(records.tables);
  const usage = withUsage ? usageByKey(records.tables) : undefined;
  return {
    data: usage ? tags.map((tag) => ({ ...tag, usage: usage.get(tagKey(tag.name)) ?? noCounts() })) : tags,
    settings: tagSettings(records.tables),
    limits: TAG_LIMITS,
    can_create: canCreateTags(records),
    can_manage: canManageTags(records),
  };
}
