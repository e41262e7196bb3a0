// Spec 4.4, 8: bulk tag actions (POST /v1/bulk/leads/run, {type, tags}): add_tag, remove_tag,
// replace_tags (an empty list removes all). A record that would pass 10 tags is skipped with
// `too_many_tags` while the others change; a tag list over a limit answers 422 under
// `fields["action.tags"]` and changes nothing; a run can be undone for 24 hours, and not after.
// How records are chosen (`ids`), the answer (a run with `skipped`) and the undo route are
// crmkit's design (x-inferred): the effects on the chosen leads, read back from the leads, are
// stated once a deployment took a run so chosen (2xx); the skipped list and the undo are readings. Only the run's own leads are chosen. The
// undo after 24 hours moves a mock's clock; against a deployment that part is skipped.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { components } from '../../../src/spec/generated/crm.d.ts';
import { advanceMockClock } from '../../mock-control.ts';
import { createRecord, fieldProblem, sameNames, tagsOf } from '../../kits/tag-kit.ts';

type Leads = { few: string; two: string; full: string };
type BulkType = components['schemas']['BulkActionType'];

export const bulkTags: ActiveCheck = {
  kind: 'active',
  id: 'tags.bulk-tags',
  area: 'tags',
  title:
    'bulk add_tag, remove_tag and replace_tags change the chosen leads, skip one that would pass 10 tags (too_many_tags), refuse 11 tags under action.tags, and undo within 24 hours',
  spec: '4.4, 8',
  // The route's body beyond {type, tags}, its answer and the undo route are crmkit's readings.
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    const base = `cb${context.runId}`;
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((suffix) => `${base}-${suffix}`) as [string, string, string, string];
    const fullTags = Array.from({ length: 10 }, (_, index) => `${base}-t${index}`);
    const leads: Leads = {
      few: (await createRecord(context, 'leads', { tags: [a] })).id,
      two: (await createRecord(context, 'leads', { tags: [a, b] })).id,
      full: (await createRecord(context, 'leads', { tags: fullTags })).id,
    };
    const added = await context.client.call('runBulkAction', {
      path: { entity: 'leads' },
      body: { type: 'add_tag', tags: [c], ids: [leads.few, leads.two, leads.full] },
    });
    if (added.status >= 300)
      context.fail(
        `add_tag on three leads, one of which already has 10 tags, answered ${added.status} instead of skipping that one`,
        added,
        'tags.bulk-too-many-skipped',
      );
    const skipped = added.json?.skipped ?? [];
    const fullNow = await tagsOf(context, 'leads', leads.full);
    context.judge(
      'tags.bulk-too-many-skipped',
      (!skipped.some((entry: any) => entry.id === leads.full && entry.reason === 'too_many_tags') || !sameNames(fullNow, fullTags)) &&
        `the lead with 10 tags was not skipped with too_many_tags (skipped ${JSON.stringify(skipped)}; it carries ${fullNow.length} tags)`,
      added,
    );
    const fewNow = await tagsOf(context, 'leads', leads.few);
    const twoNow = await tagsOf(context, 'leads', leads.two);
    const addProblem =
      !sameNames(fewNow, [a, c]) || !sameNames(twoNow, [a, b, c])
        ? `after add_tag ${c} the leads carry ${JSON.stringify(fewNow)} and ${JSON.stringify(twoNow)}`
        : undefined;
    context.judge('tags.bulk-add', addProblem, added);
    context.judge('tags.bulk-others-change', addProblem, added);

    await bulk(context, 'remove_tag', [a], [leads.few, leads.two]);
    await judgeTags(context, 'tags.bulk-remove', leads.few, [c], `remove_tag ${a}`);
    const replaced = await bulk(context, 'replace_tags', [d, b], [leads.few]);
    await judgeTags(context, 'tags.bulk-replace', leads.few, [d, b], `replace_tags [${d}, ${b}]`);
    await bulk(context, 'replace_tags', [], [leads.two]);
    await judgeTags(context, 'tags.bulk-replace-empty', leads.two, [], 'replace_tags []');

    const tooMany = await context.client.call('runBulkAction', {
      path: { entity: 'leads' },
      body: { type: 'add_tag', tags: fullTags.concat(`${base}-t10`), ids: [leads.few] },
    });
    const fewAfter = await tagsOf(context, 'leads', leads.few);
    const limitProblem =
      tooMany.status !== 422 || !fieldProblem(tooMany, 'action.tags')
        ? `add_tag with 11 tags answered ${tooMany.status} with fields ${JSON.stringify(tooMany.json?.error?.fields)}, not 422 under action.tags`
        : !sameNames(fewAfter, [d, b])
          ? `the refused run changed the lead to ${JSON.stringify(fewAfter)}`
          : undefined;
    context.judge('tags.bulk-limit-field', limitProblem, tooMany);
    // send, not call: a tag name holding a comma is a name the document's pattern refuses, sent on purpose.
    const badName = await context.client.send('POST', '/v1/bulk/leads/run', {
      body: { type: 'add_tag', tags: [d, `${base},x`], ids: [leads.few] },
    });
    context.judge(
      'tags.name-problem-field',
      badName.status !== 422 || !fieldProblem(badName, 'action.tags')
        ? `add_tag with a tag name holding a comma answered ${badName.status} with fields ${JSON.stringify(badName.json?.error?.fields)}, not 422 under action.tags`
        : undefined,
      badName,
    );

    await judgeUndo(context, replaced, leads.few, [c], `${base}-later`);
    await judgeUndoWindow(context, base, leads.two);
  },
};

/**
 * A run of the leads named by `ids` (crmkit's design: how records are chosen is not shown), answered
 * with a success (its answer is not shown either). A deployment that refuses a run so chosen leaves
 * the rest unjudged: the effects of 4.4 are stated, judged on the runs the deployment took.
 */
async function bulk(context: CheckContext, type: BulkType, tags: string[], ids: string[]): Promise<Exchange> {
  const answer = await context.client.call('runBulkAction', { path: { entity: 'leads' }, body: { type, tags, ids } });
  if (answer.status >= 200 && answer.status < 300) return answer;
  if (!context.target.mock)
    context.skip(
      `the bulk route answered ${answer.status} to a ${type} run choosing its leads by \`ids\`, which is crmkit's design (x-inferred)`,
    );
  context.fail(`expected status 2xx, got ${answer.status}`, answer);
}

async function judgeTags(context: CheckContext, rule: string, id: string, expected: string[], what: string): Promise<void> {
  const tags = await tagsOf(context, 'leads', id);
  context.judge(
    rule,
    !sameNames(tags, expected) && `after ${what} the lead carries ${JSON.stringify(tags)}, not ${JSON.stringify(expected)}`,
  );
}

/** Undoing the replace puts back what the lead had before it, and keeps a tag given since (a PATCH after the run). */
async function judgeUndo(context: CheckContext, run: Exchange, leadId: string, before: string[], later: string): Promise<void> {
  const now = await tagsOf(context, 'leads', leadId);
  const patched = await context.client.call('updateLead', { path: { id: leadId }, body: { tags: [...now, later] } });
  context.expectStatus(patched, 200);
  // String(): a run answered without an id is still undone by its path, and the undo's answer judged, as before.
  const undone = await context.client.call('undoBulkAction', { path: { run_id: String(run.json?.id) } });
  const tags = await tagsOf(context, 'leads', leadId);
  const expected = [...before, later];
  context.judge(
    'tags.bulk-undo',
    (undone.status !== 200 || !sameNames(tags, expected)) &&
      `undo of the replace, after a PATCH that added ${later}, answered ${undone.status} and the lead carries ${JSON.stringify(tags)}, not ${JSON.stringify(expected)}`,
    undone,
  );
}

/** A run 24 hours old (and a minute) cannot be undone: a mock's clock is moved. */
async function judgeUndoWindow(context: CheckContext, base: string, leadId: string): Promise<void> {
  if (!context.target.mock) return;
  const run = await bulk(context, 'add_tag', [`${base}-late`], [leadId]);
  await advanceMockClock(context, 24 * 3600 + 60);
  const late = await context.client.call('undoBulkAction', { path: { run_id: String(run.json?.id) } });
  const tags = await tagsOf(context, 'leads', leadId);
  context.judge(
    'tags.limit-bulk-undo',
    (late.status < 400 || late.status >= 500 || !sameNames(tags, [`${base}-late`])) &&
      `an undo 24 hours and a minute after the run answered ${late.status} and the lead carries ${JSON.stringify(tags)}`,
    late,
  );
}
