// Spec 2.3 and 4.2 "Create lead": a lead created with nothing but a name lands in the first stage
// of the first pipeline with amount 0 and no owner (an API key's lead); only `pipeline_id` puts it
// in that pipeline's first stage; a stage of another pipeline is refused under `stage_id`; a
// contact sent as an object is created with the lead, and the lead shows its contact as it is now;
// a contact of another workspace is refused like an unknown one. The field rules of 2.3 (lengths, URLs,
// tags, utm) are judged on the same create route. Stage order comes from the inferred pipelines
// route (spec 4.14), so the placement rules carry a reading in the catalog.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createContact, deleteLater, differs, differsAsSet, differsInKeys, members, refusedNaming, runTags } from '../../kits/lead-kit.ts';

const LEAD_ID = /^ld_[0-9a-z]{26}$/;
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

export const createLeadCheck: ActiveCheck = {
  kind: 'active',
  id: 'leads.create',
  area: 'leads',
  title:
    'a lead is created with the defaults of spec 4.2 (first stage, amount 0, no owner), the fields sent, a contact made with it, and the field rules of 2.3',
  spec: '2.3, 3, 4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipelines = await context.client.call('listPipelines');
    if (pipelines.status !== 200 || !pipelines.json.data?.length)
      context.skip('the pipelines route (inferred) lists no pipeline: stage ids are unknown');
    await judgeDefaults(context, pipelines.json.data[0]);
    await judgePlacement(context, pipelines.json.data);
    await judgeFieldsSent(context);
    await judgeRefusals(context);
  },
};

/** A lead created without a name: the defaults of 4.2 and the shape of 2.3. */
async function judgeDefaults(context: CheckContext, pipeline: { id: string; stages: { id: string }[] }): Promise<void> {
  const earlier = await context.createLead();
  const created = await context.client.call('createLead', { body: {} });
  deleteLater(context, created);
  if (created.status !== 201) context.fail(`POST /v1/leads with {} answered ${created.status}, not 201`, created, 'leads.create-answer');
  context.judge('leads.create-answer', undefined, created);
  const lead = created.json;
  context.judge(
    'leads.id-prefix',
    LEAD_ID.test(lead.id) ? undefined : `id ${lead.id} is not ld_ and 26 lowercase letters and digits`,
    created,
  );
  context.judge('leads.number-integer', Number.isInteger(lead.number) ? undefined : `number ${lead.number} is not an integer`, created);
  // Spec 2.1 says numbers are unique and never reused; that they increase is crmkit's reading.
  const notAbove = `number ${lead.number} is not above the earlier lead's ${earlier.number}`;
  context.judge('leads.number-increasing', lead.number > earlier.number ? undefined : notAbove, created);
  context.judge(
    'leads.unnamed-after-number',
    typeof lead.name === 'string' && lead.name.includes(String(lead.number))
      ? undefined
      : `a lead without a name is named ${JSON.stringify(lead.name)}, not after its number ${lead.number}`,
    created,
  );
  context.judge('leads.create-amount-default', differs('amount', lead.amount, 0), created);
  context.judge('leads.create-no-owner', differs('owner_id and owner', [lead.owner_id, lead.owner], [null, null]), created);
  context.judge(
    'leads.contact-object',
    differs('contact_id and contact without a contact', [lead.contact_id, lead.contact], [null, null]),
    created,
  );
  context.judge(
    'leads.create-first-stage',
    differs('pipeline_id and stage_id', [lead.pipeline_id, lead.stage_id], [pipeline.id, pipeline.stages[0]?.id]),
    created,
  );
  context.judge('leads.open-until-closed', differs('closed_at of a lead in an open first stage', lead.closed_at, null), created);
  context.judge('leads.custom-object', differs('custom', lead.custom, {}), created);
  const times = ['created_at', 'updated_at', 'stage_entered_at'].filter((field) => !RFC3339.test(lead[field] ?? ''));
  context.judge('leads.times', times.length ? `${times.join(', ')} not RFC 3339 times with an offset` : undefined, created);
  const entered = Math.abs(Date.parse(lead.stage_entered_at) - Date.parse(lead.created_at));
  context.judge(
    'leads.stage-entered-at',
    entered <= 5_000 ? undefined : `stage_entered_at ${lead.stage_entered_at} is not the time of creation ${lead.created_at}`,
    created,
  );
  const read = await context.client.call('getLead', { path: { id: lead.id } });
  context.judge('leads.read', read.status !== 200 ? `GET answered ${read.status}` : differs('the lead read back', read.json, lead), read);
}

/** Only `pipeline_id`: that pipeline's first stage; a stage of another pipeline: 422 under `stage_id`. */
async function judgePlacement(context: CheckContext, pipelines: { id: string; stages: { id: string }[] }[]): Promise<void> {
  const [first, second] = pipelines;
  const target = second ?? first!;
  const placed = await context.createLead({ pipeline_id: target.id });
  context.judge(
    'leads.create-pipeline-only',
    differs('pipeline_id and stage_id with only pipeline_id', [placed.pipeline_id, placed.stage_id], [target.id, target.stages[0]?.id]),
  );
  if (!second) return context.judge('leads.create-stage-of-other-pipeline', undefined);
  const refused = await context.client.call('createLead', {
    body: { name: `conformance ${context.runId}`, pipeline_id: first!.id, stage_id: second.stages[0]!.id },
  });
  deleteLater(context, refused);
  context.judge('leads.create-stage-of-other-pipeline', refusedNaming(refused, 'stage_id'), refused);
}

/** Owner, contact (existing and created with the lead) and the optional fields, kept as sent. */
async function judgeFieldsSent(context: CheckContext): Promise<void> {
  const { other } = await members(context);
  const contact = await createContact(context, 'main', { phones: ['+998901234567'] });
  const tags = await runTags(context, ['a', 'b']);
  const sent = {
    source: 's'.repeat(64),
    utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'autumn', utm_content: 'banner', utm_term: 'crm' },
    referrer: 'https://www.example.com/from',
    landing_page: 'http://example.org/landing?x=1',
    tags,
    position: 12.5,
  };
  const lead = await context.createLead({
    ...sent,
    name: `conformance ${context.runId} `.padEnd(255, 'n'),
    owner_id: other?.id,
    contact_id: contact.id,
  });
  // Spec 2.3 gives a lead's tags no order.
  const kept = Object.entries(sent).map(([field, value]) =>
    Array.isArray(value) ? differsAsSet(field, lead[field], value) : differs(field, lead[field], value),
  );
  const keptProblems = kept.filter(Boolean);
  context.judge('leads.create-optional-fields', keptProblems.join('; ') || undefined);
  context.judge('leads.utm-keys', differs('utm', lead.utm, sent.utm));
  context.judge('leads.source-length', differs('a source of 64 characters', lead.source, sent.source));
  // Characters, not bytes: 255 Cyrillic letters are 510 bytes of UTF-8.
  const cyrillic = await context.client.call('createLead', { body: { name: 'Д'.repeat(255) } });
  deleteLater(context, cyrillic);
  const nameProblem =
    lead.name.length !== 255
      ? `a name of 255 characters came back with ${lead.name.length}`
      : cyrillic.status !== 201
        ? `a name of 255 Cyrillic characters (510 bytes) answered ${cyrillic.status}, not 201`
        : differs('a name of 255 Cyrillic characters', cyrillic.json.name, 'Д'.repeat(255));
  context.judge('leads.name-length', nameProblem, cyrillic);
  context.judge('leads.create-contact-id', differs('contact_id', lead.contact_id, contact.id));
  const summary = { id: contact.id, name: contact.name, phones: contact.phones };
  context.judge('leads.contact-object', differsInKeys('contact', lead.contact, summary));
  await judgeContactFollowed(context, lead.id, contact.id);
  if (other) {
    context.judge('leads.create-owner', differs('owner_id', lead.owner_id, other.id));
    context.judge('leads.owner-object', differsInKeys('owner', lead.owner, { id: other.id, name: other.name }));
  }
  const withContact = await context.createLead({ contact: { name: `conformance ${context.runId} new contact`, phone: '+998901112233' } });
  context.cleanup(() => context.client.call('deleteContact', { path: { id: withContact.contact_id } }));
  const made = withContact.contact_id ? await context.client.call('getContact', { path: { id: withContact.contact_id } }) : undefined;
  const problem = !made
    ? 'a lead created with `contact` has no contact_id'
    : made.status !== 200
      ? `its contact reads ${made.status}`
      : differs('the contact made with the lead', made.json.name, `conformance ${context.runId} new contact`);
  context.judge('leads.create-contact-object', problem, made);
}

/** The lead's `contact` is the contact as it is now: renamed and given another phone, the lead shows the new ones. */
async function judgeContactFollowed(context: CheckContext, leadId: string, contactId: string): Promise<void> {
  const changed = await context.client.call('updateContact', {
    path: { id: contactId },
    body: { name: `conformance ${context.runId} renamed`, phones: ['+998901234568'] },
  });
  if (changed.status !== 200) return;
  const read = await context.client.call('getLead', { path: { id: leadId } });
  const expected = { id: contactId, name: changed.json.name, phones: changed.json.phones };
  const renamed = differsInKeys('contact after the contact was renamed', read.json?.contact, expected);
  const shown = read.status !== 200 ? `the lead reads ${read.status}` : renamed;
  context.judge('leads.contact-object', shown, read);
}

/** Each field rule of 2.3 broken once: refused under its field, nothing created. */
async function judgeRefusals(context: CheckContext): Promise<void> {
  const refusals: [string, string, Record<string, unknown>, number[], string[]][] = [
    ['leads.name-length', 'name', { name: 'n'.repeat(256) }, [422], ['validation_failed']],
    ['leads.source-length', 'source', { source: 's'.repeat(65) }, [422], ['validation_failed']],
    ['leads.amount-not-negative', 'amount', { amount: -1 }, [422], ['validation_failed']],
    ['leads.currency-three-letters', 'currency', { currency: 'SOUM' }, [422], ['validation_failed']],
    ['leads.referrer-url', 'referrer', { referrer: '/relative/path' }, [422], ['validation_failed']],
    ['leads.referrer-url', 'landing_page', { landing_page: 'ftp://example.com/page' }, [422], ['validation_failed']],
    [
      'leads.tags-per-lead',
      'tags',
      { tags: Array.from({ length: 11 }, (_, index) => `c${context.runId}${index}`.slice(0, 32)) },
      [422],
      ['validation_failed'],
    ],
    [
      'leads.create-unknown-reference',
      'contact_id',
      { contact_id: `ct_${'0'.repeat(26)}` },
      [404, 422],
      ['validation_failed', 'not_found'],
    ],
    [
      'leads.create-unknown-reference',
      'company_id',
      { company_id: `co_${'0'.repeat(26)}` },
      [404, 422],
      ['validation_failed', 'not_found'],
    ],
    ['leads.utm-other-key', 'utm', { utm: { utm_source: 'google', utm_id: '7' } }, [400, 422], ['unknown_field', 'validation_failed']],
  ];
  const foreign = await otherWorkspaceContact(context);
  // A contact of another workspace is no record of this one (spec 1: a credential reaches one workspace).
  if (foreign)
    refusals.push([
      'leads.create-unknown-reference',
      'contact_id',
      { contact_id: foreign },
      [404, 422],
      ['validation_failed', 'not_found'],
    ]);
  for (const [rule, field, body, statuses, codes] of refusals) {
    const answer = await context.client.call('createLead', { body: { name: `conformance ${context.runId}`, ...body } });
    deleteLater(context, answer);
    context.judge(
      rule,
      refusedNaming(answer, field, statuses, codes) && `${field}: ${refusedNaming(answer, field, statuses, codes)}`,
      answer,
    );
  }
}

/** The id of a contact made in a second workspace for the run, when its key was given. */
async function otherWorkspaceContact(context: CheckContext): Promise<string | undefined> {
  const key = context.target.otherKey;
  if (!key) return undefined;
  const made = await context.client.call('createContact', { key, body: { name: `conformance ${context.runId} elsewhere` } });
  if (made.status !== 201) return undefined;
  context.cleanup(() => context.client.call('deleteContact', { path: { id: made.json.id }, key }));
  return made.json.id;
}
