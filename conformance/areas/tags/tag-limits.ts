// Spec 4.4, 7.3, 8: a record has at most 10 tags and a workspace 200. An eleventh tag on a
// record write answers 422 under `fields.tags` and changes nothing (the record keeps its tags,
// no name enters the catalog); with the catalog full, creating a tag answers 409 tag_limit and a
// record write naming a new tag 422 under `fields.tags`. The catalog is filled with tags of the
// run's own (what is missing up to 200) and emptied of them again at the end. On a mock, a form
// adding a name the full catalog cannot take still takes a submission and leaves the tag out (a
// form's tags are set in the web app, so only the mock's control API lets the suite make one).
import { loadDocument } from '../../../src/spec/document.ts';
import { propertyLimit } from '../../../src/spec/schema-enum.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { findRecordsOf, loadConfig, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';
import { controlCall, mockWorkspaceId } from '../../mock-control.ts';
import { createRecord, postTag, sameNames, tagList, tagsOf } from '../../kits/tag-kit.ts';

const document = loadDocument('crm');
const PER_RECORD = propertyLimit(document, 'TagLimits', 'per_record', 'const');
const PER_WORKSPACE = propertyLimit(document, 'TagLimits', 'per_workspace', 'const');
const BATCH = 8;
/** What only a full catalog shows. */
const FULL_CATALOG_RULES = [
  'tags.create-limit',
  'tags.limit-per-workspace',
  'tags.error-tag-limit',
  'tags.record-workspace-limit',
  'tags.limit-where',
  'tags.forms-never-fail',
];

export const tagLimits: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-limits',
  area: 'tags',
  title:
    'an eleventh tag on a record answers 422 under tags and changes nothing; a full catalog answers 409 tag_limit on creation and 422 on record writes',
  spec: '4.4, 7.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const base = `cl${context.runId}`;
    const kept = [`${base}-a`, `${base}-b`];
    const lead = await createRecord(context, 'leads', { tags: kept });
    const eleven = Array.from({ length: PER_RECORD + 1 }, (_, index) => `${base}-e${index}`);
    const created = await context.client.call('createLead', { body: { name: `conformance ${context.runId}`, tags: eleven } });
    if (created.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: created.json.id } }));
    const patched = await context.client.call('updateLead', { path: { id: lead.id }, body: { tags: eleven } });
    const refusal = tagsRefusal(created, 'a new lead with 11 tags') ?? tagsRefusal(patched, 'a lead changed to 11 tags');
    context.judge('tags.record-limit', refusal, refusal === tagsRefusal(created, 'a new lead with 11 tags') ? created : patched);
    context.judge('tags.limit-per-record', refusal);
    const catalog = await tagList(context);
    const entered = catalog.tags.filter((tag) => eleven.includes(tag.name)).map((tag) => tag.name);
    const leadTags = await tagsOf(context, 'leads', lead.id);
    context.judge(
      'tags.over-limit-changes-nothing',
      (entered.length > 0 || !sameNames(leadTags, kept)) &&
        `after the refused writes the lead carries ${JSON.stringify(leadTags)} and the catalog took ${entered.length} of the 11 names`,
    );
    // A bad name is a problem of the list too: under `fields.tags`, not under one item (`tags[1]`).
    for (const [what, name] of [
      ['33 characters', 'n'.repeat(33)],
      ['a comma', `${base},x`],
    ] as const) {
      const bad = await context.client.call('updateLead', { path: { id: lead.id }, body: { tags: [...kept, name] } });
      context.judge('tags.name-problem-field', tagsRefusal(bad, `a lead changed to a tag name with ${what}`), bad);
    }
    // A deployment's catalog is not filled: people working in the workspace would have their new tags refused meanwhile.
    if (!context.target.mock) {
      const reason = "not judged against a deployment: filling its tag catalog to 200 would refuse its people's new tags meanwhile";
      for (const rule of FULL_CATALOG_RULES) context.skipRule(rule, reason);
      return;
    }
    await judgeFullCatalog(context, base, lead.id, kept, catalog.tags.length);
  },
};

/** 422 validation_failed with a message under `fields.tags`, or what is wrong. */
function tagsRefusal(exchange: Exchange, what: string): string | undefined {
  const error = exchange.json?.error;
  if (exchange.status === 422 && error?.code === 'validation_failed' && typeof error.fields?.tags === 'string') return undefined;
  return `${what} answered ${exchange.status} ${error?.code ?? ''}${error?.fields ? ` with fields ${Object.keys(error.fields).join(', ')}` : ''}, not 422 validation_failed under fields.tags`;
}

/** The catalog filled up to 200 with the run's tags, which are deleted again before the check ends: later checks create tags. */
async function judgeFullCatalog(context: CheckContext, base: string, leadId: string, kept: string[], count: number): Promise<void> {
  if (count > PER_WORKSPACE)
    context.fail(`the workspace already lists ${count} tags, more than spec 8's ${PER_WORKSPACE}`, undefined, 'tags.limit-per-workspace');
  const fillers: string[] = [];
  const formId = context.target.mock ? await formAddingNewTag(context, `${base}-form`) : undefined;
  try {
    // Eight at a time (the client's connections): 200 tags one by one would take most of a second.
    for (let start = count; start < PER_WORKSPACE; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, PER_WORKSPACE - start) }, (_, offset) =>
        postTag(context, { name: `${base}-f${start + offset}` }),
      );
      for (const filled of await Promise.all(batch)) {
        if (filled.status === 201) fillers.push(filled.json.id);
        else
          context.fail(
            `a tag below the workspace's ${PER_WORKSPACE} answered ${filled.status}, not 201`,
            filled,
            'tags.limit-per-workspace',
          );
      }
    }
    await judgeOverTheLimit(context, base, leadId, kept);
    if (formId) await judgeFormNeverFails(context, formId, `${base}-form`);
  } finally {
    for (let start = 0; start < fillers.length; start += BATCH) {
      await Promise.all(fillers.slice(start, start + BATCH).map((id) => context.client.call('deleteTag', { path: { id } })));
    }
  }
}

async function judgeOverTheLimit(context: CheckContext, base: string, leadId: string, kept: string[]): Promise<void> {
  const over = await postTag(context, { name: `${base}-over` });
  const limitProblem =
    over.status !== 409 || over.json?.error?.code !== 'tag_limit'
      ? `the ${PER_WORKSPACE + 1}st tag answered ${over.status} ${over.json?.error?.code ?? ''}, not 409 tag_limit`
      : undefined;
  context.judge('tags.create-limit', limitProblem, over);
  context.judge('tags.limit-per-workspace', limitProblem, over);
  context.judge(
    'tags.error-tag-limit',
    over.json?.error?.code === 'tag_limit' && over.status !== 409 && `tag_limit answered ${over.status}`,
    over,
  );
  const onRecord = await context.client.call('updateLead', { path: { id: leadId }, body: { tags: [...kept, `${base}-over`] } });
  const recordProblem = tagsRefusal(onRecord, 'a lead write naming a new tag with the catalog full');
  const leadTags = await tagsOf(context, 'leads', leadId);
  context.judge(
    'tags.record-workspace-limit',
    recordProblem ?? (!sameNames(leadTags, kept) && `the refused write changed the lead's tags to ${JSON.stringify(leadTags)}`),
    onRecord,
  );
  context.judge('tags.limit-where', limitProblem ?? recordProblem, recordProblem ? onRecord : over);
}

/** A form (made through a mock's control API: the web app sets a form's tags) adding a name the catalog lacks. */
async function formAddingNewTag(context: CheckContext, tag: string): Promise<string> {
  const form = await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/forms`, {
    name: `conformance ${context.runId} full catalog`,
    min_ms: 0,
    tags: [tag],
  });
  return form.id;
}

/** With the catalog full, the submission is still taken, and its lead goes without the tag. */
async function judgeFormNeverFails(context: CheckContext, formId: string, tag: string): Promise<void> {
  const { config } = await loadConfig(context, formId);
  await waitOutMinMs(context, config);
  const person = visitor(context, 'full-catalog');
  const submitted = await submitForm(context, formId, validSubmission(config, person));
  const lead = submitted.status === 201 ? (await findRecordsOf(context, person))?.leads[0] : undefined;
  const problem =
    submitted.status !== 201
      ? `a form submission adding a new tag with the catalog full answered ${submitted.status}, not 201`
      : !lead
        ? 'the submission opened no lead'
        : lead.tags?.includes(tag)
          ? `the lead carries "${tag}", which the full catalog could not take`
          : undefined;
  context.judge('tags.forms-never-fail', problem, submitted);
}
