// Spec 4.4: forms that add a tag follow its changes in the same step: a renamed tag is added
// under its new name, a merged one as its target, a deleted one not at all. The interface shows
// no form's tags, so the check sees them on the lead a submission opens. Only a crmkit mock lets
// the suite make a form that adds tags (the web app does that elsewhere), so against a deployment
// the check is skipped.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { expectAccepted, findRecordsOf, loadConfig, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';
import { controlCall } from '../../mock-control.ts';
import { createTag } from '../../kits/tag-kit.ts';

export const formTags: ActiveCheck = {
  kind: 'active',
  id: 'tags.form-tags',
  area: 'tags',
  title: 'a form that adds tags follows their rename, merge and delete',
  spec: '4.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock = context.target.mock;
    if (!mock)
      return context.skip("needs a form that adds tags, which only a crmkit mock lets the suite make (the web app sets a form's tags)");
    const base = `cf${context.runId}`;
    const [renamed, merged, into, deleted] = [
      await createTag(context, `${base}-renamed`),
      await createTag(context, `${base}-merged`),
      await createTag(context, `${base}-into`),
      await createTag(context, `${base}-deleted`),
    ];
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} tags`,
      min_ms: 0,
      tags: [renamed.name, merged.name, deleted.name],
    });
    const newName = `${base}-new-name`;
    context.expectStatus(await context.client.call('updateTag', { path: { id: renamed.id }, body: { name: newName } }), 200);
    context.expectStatus(await context.client.call('mergeTag', { path: { id: merged.id }, body: { into: into.id } }), 200);
    context.expectStatus(await context.client.call('deleteTag', { path: { id: deleted.id } }), 200);
    const tags = await submittedLeadTags(context, form.id);
    context.judge(
      'tags.rename-forms-follow',
      !tags.includes(newName) && `after the rename the form's lead carries ${JSON.stringify(tags)}, not "${newName}"`,
    );
    context.judge(
      'tags.merge-forms-follow',
      (!tags.includes(into.name) || tags.includes(merged.name)) &&
        `after the merge the form's lead carries ${JSON.stringify(tags)}, not "${into.name}" in place of "${merged.name}"`,
    );
    context.judge(
      'tags.delete-from-forms',
      tags.includes(deleted.name) && `after the delete the form's lead still carries "${deleted.name}"`,
    );
  },
};

/** The tags of the lead a submission of the form opened. */
async function submittedLeadTags(context: CheckContext, formId: string): Promise<string[]> {
  const { config } = await loadConfig(context, formId);
  await waitOutMinMs(context, config);
  const person = visitor(context, 'form-tags');
  expectAccepted(context, await submitForm(context, formId, validSubmission(config, person)), 'a submission of the form with tags');
  const lead = (await findRecordsOf(context, person))?.leads[0];
  if (!lead) context.fail("the form's submission opened no lead to read the tags of");
  return lead.tags ?? [];
}
