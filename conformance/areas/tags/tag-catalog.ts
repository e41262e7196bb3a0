// Spec 2.5, 4.4, 8: the tag list answers {data, settings, limits, can_create, can_manage}, all
// tags by name (at most 200, no paging); `usage` only with ?usage=1, counting live records only
// (a trashed lead is not counted). A name on a record that the catalog lacks enters it with an
// automatic palette color. The counts and the order are judged on tags of the run's own, so records
// and tags other people made (or other checks) do not matter.
import { loadDocument } from '../../../src/spec/document.ts';
import { propertyLimit, schemaLimit } from '../../../src/spec/schema-enum.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { createRecord, PALETTE, tagList, type Tag } from '../../kits/tag-kit.ts';

const document = loadDocument('crm');
const LIMITS = {
  per_record: propertyLimit(document, 'TagLimits', 'per_record', 'const'),
  per_workspace: propertyLimit(document, 'TagLimits', 'per_workspace', 'const'),
  name_length: schemaLimit(document, 'TagName', 'maxLength'),
};

export const tagCatalog: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-catalog',
  area: 'tags',
  title:
    'the tag list has its documented shape, by name, at most 200; usage only with ?usage=1, without trashed records; record tags enter the catalog',
  spec: '2.5, 4.4, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const name = `cc${context.runId}-usage`;
    await createRecord(context, 'leads', { tags: [name] });
    await createRecord(context, 'contacts', { tags: [name] });
    const trashed = await createRecord(context, 'leads', { tags: [name] });
    const deleted = await context.client.call('deleteLead', { path: { id: trashed.id } });
    context.expectStatus(deleted, 200);

    // Tags of the run's own, made in an order that is not by name (neither newest nor oldest first reads by name), and
    // more than a page of a list that pages: the order and "no paging" are seen whatever other tags the workspace has.
    for (const letter of ['c', 'a', 'e', 'b', 'f', 'd'])
      await createRecord(context, 'contacts', { tags: [`cc${context.runId}-order-${letter}`] });
    const plain = await tagList(context);
    judgeShape(context, plain.exchange, plain.tags);
    const added = plain.tags.find((tag) => tag.name === name);
    context.judge('tags.record-adds-to-catalog', !added && `"${name}", given to records, is not in the catalog`, plain.exchange);
    context.judge(
      'tags.color-palette',
      added && !PALETTE.includes(added.color) && `the automatic color ${JSON.stringify(added.color)} is not of the palette`,
      plain.exchange,
    );
    context.judge(
      'tags.usage-only-when-asked',
      plain.tags.some((tag) => 'usage' in tag) && 'the list without ?usage=1 shows usage',
      plain.exchange,
    );

    const counted = await tagList(context, { usage: '1' });
    const usage = counted.tags.find((tag) => tag.name === name)?.usage;
    context.judge('tags.usage-only-when-asked', !usage && `the list with ?usage=1 shows no usage for "${name}"`, counted.exchange);
    if (usage) judgeUsage(context, counted.exchange, usage);
  },
};

function judgeShape(context: CheckContext, exchange: Exchange, tags: Tag[]): void {
  const body = exchange.json ?? {};
  const shapeProblem = !Array.isArray(body.data)
    ? 'data is not a list'
    : typeof body.settings?.admins_only_create !== 'boolean'
      ? 'settings.admins_only_create is not a boolean'
      : typeof body.can_create !== 'boolean' || typeof body.can_manage !== 'boolean'
        ? 'can_create or can_manage is not a boolean'
        : ['per_record', 'per_workspace', 'name_length'].find((key) => typeof body.limits?.[key] !== 'number') &&
          'limits lacks per_record, per_workspace or name_length';
  context.judge('tags.list-shape', shapeProblem, exchange);
  const limitsProblem = Object.entries(LIMITS).find(([key, limit]) => body.limits?.[key] !== limit);
  context.judge(
    'tags.list-limits',
    limitsProblem && `limits.${limitsProblem[0]} is ${body.limits?.[limitsProblem[0]]}, not spec 8's ${limitsProblem[1]}`,
    exchange,
  );
  context.judge(
    'tags.list-at-most-200',
    (tags.length > LIMITS.per_workspace || Boolean(body.next_cursor)) &&
      `the list holds ${tags.length} tags${body.next_cursor ? ' and pages' : ''}`,
    exchange,
  );
  context.judge(
    'tags.list-by-name',
    !byName(tags) &&
      `the tags are not ordered by name: ${tags
        .map((tag) => tag.name)
        .slice(0, 12)
        .join(', ')}`,
    exchange,
  );
}

/** Ordered by name: ignoring case, or by code points (the spec does not say which). */
function byName(tags: Tag[]): boolean {
  const names = tags.map((tag) => tag.name);
  const ordered = (key: (name: string) => string) => names.every((name, index) => index === 0 || key(names[index - 1]!) <= key(name));
  return ordered((name) => name.toLowerCase()) || ordered((name) => name) || ordered((name) => name.toLocaleLowerCase());
}

/** One live lead, one contact, no company: the trashed lead is not counted. */
function judgeUsage(context: CheckContext, exchange: Exchange, usage: Record<string, number>): void {
  const shape = ['leads', 'contacts', 'companies'].every((key) => typeof usage[key] === 'number');
  context.judge(
    'tags.usage-counts',
    (!shape || usage.contacts !== 1 || usage.companies !== 0) && `usage is ${JSON.stringify(usage)}, not one contact and no company`,
    exchange,
  );
  context.judge(
    'tags.usage-without-deleted',
    usage.leads !== 1 && `usage counts ${usage.leads} leads: one lead carrying the tag is live, the other is in the trash`,
    exchange,
  );
}
