import type { ActiveCheck } from '../../check.ts';

export const tagRules: ActiveCheck = {
  kind: 'active',
  id: 'state.tag-rules',
  family: 'state',
  title: "a record's tags take the catalog's spelling, and an eleventh tag answers validation_failed under tags",
  spec: '4.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const tag = `Conf${context.runId}`;
    const first = await context.createLead({ tags: [tag] });
    const second = await context.createLead({ tags: [`  ${tag.toUpperCase()}  `] });
    if (JSON.stringify(second.tags) !== JSON.stringify(first.tags)) context.fail(`a tag sent as "${tag.toUpperCase()}" was stored as ${JSON.stringify(second.tags)}, not the catalog's ${JSON.stringify(first.tags)}`);
    const eleven = Array.from({ length: 11 }, (_, index) => `${tag}-${index}`);
    const answer = await context.client.send('PATCH', `/v1/leads/${first.id}`, { body: { tags: eleven } });
    context.expectError(answer, 422, 'validation_failed');
    if (!answer.json.error.fields || !('tags' in answer.json.error.fields)) context.fail('the error does not name tags', answer);
  },
};
