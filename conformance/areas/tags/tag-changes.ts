// Spec 4.4: rename and recolor (PATCH /v1/tags/{id}) change the tag and every record carrying it
// in one step and answer {tag, affected}; merge ({into}) gives the records the target tag without
// duplicates, deletes the merged tag and answers the target and `affected`; delete removes the tag
// from every record and the catalog and answers {ok: true, id, affected}. The tags and records
// are the run's own, so `affected` counts are exact.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { createRecord, createTag, PALETTE, sameNames, tagList, tagsOf, type TagColor } from '../../kits/tag-kit.ts';

type Records = { lead: string; contact: string; otherLead: string };

export const tagChanges: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-changes',
  area: 'tags',
  title: 'renaming, recoloring, merging and deleting a tag change every record carrying it and answer what they affected',
  spec: '4.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const base = `cg${context.runId}`;
    const first = await createTag(context, `${base}-first`);
    const second = await createTag(context, `${base}-second`);
    const records: Records = {
      lead: (await createRecord(context, 'leads', { tags: [first.name] })).id,
      contact: (await createRecord(context, 'contacts', { tags: [first.name, second.name] })).id,
      otherLead: (await createRecord(context, 'leads', { tags: [second.name] })).id,
    };
    const renamed = await judgeRename(context, first.id, `${base}-renamed`, records);
    await judgeRecolor(context, first.id, renamed);
    await judgeMerge(context, first.id, second, renamed, records);
    await judgeDelete(context, second, records);
  },
};

const affected = (exchange: Exchange) => exchange.json?.affected;
const counts = (value: any, leads: number, contacts: number) =>
  value?.leads === leads && value?.contacts === contacts && value?.companies === 0;

async function judgeRename(context: CheckContext, id: string, newName: string, records: Records): Promise<string> {
  const answer = await context.client.call('updateTag', { path: { id }, body: { name: `  ${newName.replace('-', '  -')} ` } });
  context.expectStatus(answer, 200);
  const tag = answer.json?.tag;
  context.judge(
    'tags.rename-normalized',
    tag?.name !== newName.replace('-', ' -') && `a rename to "  ${newName.replace('-', '  -')} " gave the name "${tag?.name}"`,
    answer,
  );
  const name = tag?.name ?? newName;
  context.judge(
    'tags.rename-answer',
    (tag?.id !== id || !counts(affected(answer), 1, 1)) &&
      `the rename answered ${JSON.stringify(answer.json)}, not {tag, affected: {leads: 1, contacts: 1, companies: 0}}`,
    answer,
  );
  const leadTags = await tagsOf(context, 'leads', records.lead);
  const contactTags = await tagsOf(context, 'contacts', records.contact);
  const stale = !sameNames(leadTags, [name])
    ? `the lead carries ${JSON.stringify(leadTags)}`
    : !contactTags.includes(name)
      ? `the contact carries ${JSON.stringify(contactTags)}`
      : undefined;
  context.judge('tags.rename', stale && `after the rename to "${name}", ${stale}`);
  return name;
}

async function judgeRecolor(context: CheckContext, id: string, name: string): Promise<void> {
  // A color the tag does not have yet: one that ignored `color` would otherwise keep the asked one by chance.
  const current = (await tagList(context)).tags.find((candidate) => candidate.id === id)?.color;
  const color = PALETTE.find((candidate) => candidate !== current)!;
  const answer = await context.client.call('updateTag', { path: { id }, body: { color: color as TagColor } });
  context.expectStatus(answer, 200);
  const tag = answer.json?.tag;
  const listed = (await tagList(context)).tags.find((candidate) => candidate.id === id);
  context.judge(
    'tags.recolor',
    (tag?.color !== color || tag?.name !== name || listed?.color !== color) &&
      `a recolor to ${color} gave ${JSON.stringify(tag)}, listed as ${JSON.stringify(listed)}`,
    answer,
  );
  context.judge(
    'tags.rename-answer',
    !counts(affected(answer), 1, 1) &&
      `the recolor answered affected ${JSON.stringify(affected(answer))}, not the lead and the contact carrying it`,
    answer,
  );
}

/** The renamed tag merged into the second: the contact carried both and keeps one. */
async function judgeMerge(
  context: CheckContext,
  id: string,
  into: { id: string; name: string },
  merged: string,
  records: Records,
): Promise<void> {
  const answer = await context.client.call('mergeTag', { path: { id }, body: { into: into.id } });
  context.expectStatus(answer, 200);
  context.judge(
    'tags.merge-answer',
    (answer.json?.tag?.id !== into.id || !counts(affected(answer), 1, 1)) &&
      `the merge answered ${JSON.stringify(answer.json)}, not the target tag with affected {leads: 1, contacts: 1, companies: 0}`,
    answer,
  );
  const leadTags = await tagsOf(context, 'leads', records.lead);
  const contactTags = await tagsOf(context, 'contacts', records.contact);
  context.judge(
    'tags.merge-retags',
    !sameNames(leadTags, [into.name]) && `after the merge the lead carries ${JSON.stringify(leadTags)}, not ["${into.name}"]`,
  );
  context.judge(
    'tags.merge-no-duplicate',
    !sameNames(contactTags, [into.name]) &&
      `the contact carried both tags and now carries ${JSON.stringify(contactTags)}, not ["${into.name}"] once`,
  );
  const { exchange, tags } = await tagList(context);
  context.judge(
    'tags.merge-deletes-source',
    tags.some((tag) => tag.id === id || tag.name === merged) && `the merged tag "${merged}" is still in the catalog`,
    exchange,
  );
}

async function judgeDelete(context: CheckContext, tag: { id: string; name: string }, records: Records): Promise<void> {
  const answer = await context.client.call('deleteTag', { path: { id: tag.id } });
  context.expectStatus(answer, 200);
  const body = answer.json ?? {};
  context.judge(
    'tags.delete-answer',
    (body.ok !== true || body.id !== tag.id || !counts(body.affected, 2, 1)) &&
      `the delete answered ${JSON.stringify(body)}, not {ok: true, id, affected: {leads: 2, contacts: 1, companies: 0}}`,
    answer,
  );
  const left = [
    ...(await tagsOf(context, 'leads', records.lead)),
    ...(await tagsOf(context, 'leads', records.otherLead)),
    ...(await tagsOf(context, 'contacts', records.contact)),
  ].filter((name) => name.toLowerCase() === tag.name.toLowerCase());
  const { tags } = await tagList(context);
  context.judge(
    'tags.delete-from-records',
    (left.length > 0 || tags.some((listed) => listed.id === tag.id)) &&
      `after the delete, ${left.length} records still carry "${tag.name}"${tags.some((listed) => listed.id === tag.id) ? ' and the catalog lists it' : ''}`,
  );
}
