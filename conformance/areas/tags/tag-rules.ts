import { loadDocument } from '../../../src/spec/document.ts';
import { propertyLimit } from '../../../src/spec/schema-enum.ts';
import type { ActiveCheck } from '../../check.ts';

const document = loadDocument('crm');
const LIMITS = {
  per_record: propertyLimit(document, 'TagLimits', 'per_record', 'const'),
  per_workspace: propertyLimit(document, 'TagLimits', 'per_workspace', 'const'),
};

export const tagRules: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-rules',
  area: 'tags',
  title:
    "the tag list reports spec 8's limits, a record's tags take the catalog's spelling, and an eleventh tag answers validation_failed under tags",
  spec: '4.4, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const catalog = await context.client.call('listTags');
    const reported = catalog.json?.limits;
    if (reported?.per_record !== LIMITS.per_record || reported?.per_workspace !== LIMITS.per_workspace) {
      context.fail(`the tag list reports limits ${JSON.stringify(reported)}, not spec 8's ${JSON.stringify(LIMITS)}`, catalog);
    }
    const tag = `Conf${context.runId}`;
    const first = await context.createLead({ tags: [tag] });
    const second = await context.createLead({ tags: [`  ${tag.toUpperCase()}  `] });
    if (JSON.stringify(second.tags) !== JSON.stringify(first.tags))
      context.fail(
        `a tag sent as "${tag.toUpperCase()}" was stored as ${JSON.stringify(second.tags)}, not the catalog's ${JSON.stringify(first.tags)}`,
      );
    const eleven = Array.from({ length: LIMITS.per_record + 1 }, (_, index) => `${tag}-${index}`);
    const answer = await context.client.call('updateLead', { path: { id: first.id }, body: { tags: eleven } });
    context.expectError(answer, 422, 'validation_failed');
    if (!answer.json.error.fields || !('tags' in answer.json.error.fields)) context.fail('the error does not name tags', answer);
  },
};
