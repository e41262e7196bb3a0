import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';

export const tagExists: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-exists',
  area: 'tags',
  title:
    "renaming a tag onto another tag's name, in any case, answers 409 tag_exists with that tag's tag_id and changes nothing; its own name in another case is a rename",
  spec: '4.4, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const kept = await createTag(context, `conf-${context.runId}-kept`);
    const renamed = await createTag(context, `conf-${context.runId}-renamed`);
    for (const name of [kept.name, kept.name.toUpperCase()]) {
      const answer = await context.client.call('updateTag', { path: { id: renamed.id }, body: { name } });
      // A tag its own create's id does not find breaks the id rules (tags.*, conventions.*), judged by their checks: no conflict can be seen here.
      if (answer.status === 404 && answer.json?.error?.code === 'not_found')
        context.skip(`the tag created answers 404 not_found by the id its create answered (${renamed.id}): no rename can reach it`);
      context.expectError(answer, 409, 'tag_exists', { status: 'errors.status-409', code: 'tags.error-tag-exists' });
      if (answer.json.error.tag_id !== kept.id) context.fail(`tag_exists names tag_id ${answer.json.error.tag_id}, not ${kept.id}`, answer);
    }
    // The tag as the catalog lists it now: a tag not listed at all is the list's rules' (tags.list-*), not a changed tag.
    const catalog = await context.client.call('listTags');
    const listed = catalog.json?.data?.find((tag: { id: string }) => tag.id === renamed.id);
    if (listed && listed.name !== renamed.name)
      context.fail(`the refused rename changed the tag anyway, to ${JSON.stringify(listed.name)}`, catalog);
    // Reached only when the refusals above held (a failure there throws).
    for (const rule of ['errors.extra-tag-exists', 'tags.error-tag-exists']) context.judge(rule, undefined);
    // Only another tag's name conflicts: the tag's own name in another case is a rename.
    const recased = renamed.name.toUpperCase();
    const own = await context.client.call('updateTag', { path: { id: renamed.id }, body: { name: recased } });
    const refused = own.status !== 200 || own.json?.tag?.name !== recased;
    context.judge(
      'tags.rename-tag-exists',
      refused &&
        `renaming "${renamed.name}" to its own name in another case ("${recased}") answered ${own.status} ${own.json?.error?.code ?? JSON.stringify(own.json?.tag?.name)}, not 200 with the new spelling`,
      own,
    );
  },
};

async function createTag(context: CheckContext, name: string): Promise<{ id: string; name: string }> {
  const answer = await context.client.call('createTag', { body: { name } });
  // Only the tags are needed here: the create's own status is judged by the tags checks (tags.create), not by this one.
  context.expectStatus(answer, 200, 201);
  context.cleanup(() => context.client.call('deleteTag', { path: { id: answer.json.id } }));
  return answer.json;
}
