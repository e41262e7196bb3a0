// What an accepted submission does (spec 4.12, 6.4), inside the request's transaction: the client
// is looked up by phone, then by email (live contacts only) and reused, else created; depending
// on the form (`returning_client`), the submission is added to the client's newest open lead in
// the form's pipeline or opens a new lead there, with source `webform`, the form's tags, the owner
// rule, custom answers, `utm`, `referrer` and `landing_page`; the answers are kept for the lead's
// timeline; and `form.submitted` follows `contact.created` and `lead.created` of new records.
import type { StoredContact } from '../contacts/contact-record.ts';
import { createContact } from '../contacts/create-contact.ts';
import { isEmptyValue } from '../fields/custom-value-types.ts';
import { createLead } from '../leads/create-lead.ts';
import type { StoredLead } from '../leads/lead-record.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isLive } from '../records/trash.ts';
import { tagsForSubmission } from '../tags/submission-tags.ts';
import { TAG_LIMITS } from '../tags/tag-limits.ts';
import { tagKey } from '../tags/tag-name.ts';
import type { CheckedAnswers } from './check-answers.ts';
import type { Form } from './form-record.ts';
import { ownerForNewLead } from './owner-rule.ts';
import type { SubmissionBody } from './submission-body.ts';
import type { Language } from '../../errors/messages.ts';

export type Submission = {
  form: Form;
  checked: CheckedAnswers;
  body: SubmissionBody;
  language: Language;
  /** The locale of the texts the visitor saw (`uz-Cyrl`, `ru`...): a new client's preferred language. */
  textsKey: string;
};

const SOURCE = 'webform';
const MAX_NAME = 255;
const MAX_PER_LIST = 10;

export async function applySubmission(context: RecordContext, submission: Submission): Promise<void> {
  const { form, checked, body } = submission;
  const { pipeline_id, stage_id } = placement(context, form);
  const known = knownClient(context, checked.client);
  const open = known && form.returning_client === 'add_to_open_lead' ? newestOpenLead(context, known.id, pipeline_id) : undefined;
  const tags = await tagsForSubmission(context, form.tags);

  let client = known;
  let lead: StoredLead;
  if (open) {
    lead = await addToOpenLead(context, open, tags, checked.custom);
  } else {
    const owner = ownerForNewLead(context, form, known);
    client ??= await newClient(context, submission, owner);
    lead = await createLead(
      context,
      {
        pipeline_id,
        stage_id,
        owner_id: owner ?? undefined,
        contact_id: client.id,
        source: SOURCE,
        tags,
        custom: checked.custom as never,
        utm: body.utm ?? {},
        referrer: body.referrer ?? undefined,
        landing_page: body.landing_page ?? undefined,
      },
      { allowOpenDuplicate: true },
    );
  }

  await context.tables.formSubmissions.insert({
    id: context.workspace.newId('formSubmission'),
    form_id: form.id,
    lead_id: lead.id,
    contact_id: client!.id,
    answers: checked.answers,
    labels: checked.labels,
    lead_created: !open,
    contact_created: !known,
    utm: body.utm ?? {},
    referrer: body.referrer ?? null,
    landing_page: body.landing_page ?? null,
    lang: submission.language,
    occurred_at: context.nowIso(),
  });
  await context.emit('form.submitted', {
    id: form.id,
    object: 'form',
    lead_id: lead.id,
    contact_id: client!.id,
    pipeline_id: lead.pipeline_id,
    stage_id: lead.stage_id,
    owner_id: lead.owner_id,
    answers: checked.answers,
    utm: body.utm ?? {},
  });
}

/**
 * The form's pipeline and stage; a stage deleted or moved since the form was set up falls back
 * to its pipeline's first stage, and a pipeline gone to the first pipeline: a visitor never
 * meets the workspace's set-up errors.
 */
function placement(context: RecordContext, form: Form): { pipeline_id?: string; stage_id?: string } {
  const { pipelines, stages } = context.tables;
  if (!pipelines.get(form.pipeline_id)) return {};
  const stage = stages.get(form.stage_id);
  return stage?.pipeline_id === form.pipeline_id
    ? { pipeline_id: form.pipeline_id, stage_id: stage.id }
    : { pipeline_id: form.pipeline_id };
}

/** The oldest live contact with one of the phones, else with one of the emails (trashed ones stay in the lookups). */
function knownClient(context: RecordContext, client: CheckedAnswers['client']): StoredContact | undefined {
  const { contacts } = context.tables;
  for (const [lookup, keys] of [
    ['phone', client.phones],
    ['email', client.emails],
  ] as const) {
    for (const key of keys) {
      const found = contacts.findBy(lookup, key).find(isLive);
      if (found) return found;
    }
  }
  return undefined;
}

function newestOpenLead(context: RecordContext, contactId: string, pipelineId: string | undefined): StoredLead | undefined {
  const { leads, stages } = context.tables;
  const inPipeline = (lead: StoredLead) => lead.pipeline_id === (pipelineId ?? lead.pipeline_id);
  return leads
    .findBy('contact', contactId)
    .filter((lead) => isLive(lead) && inPipeline(lead) && stages.get(lead.stage_id)?.type === 'open')
    .at(-1);
}

/** A client the submission creates: named after the name answer (else their phone or email), owned like the lead. */
function newClient(context: RecordContext, submission: Submission, owner: string | null): Promise<StoredContact> {
  const { client } = submission.checked;
  return createContact(context, {
    name: client.name?.slice(0, MAX_NAME),
    phones: client.phones.slice(0, MAX_PER_LIST),
    emails: client.emails.slice(0, MAX_PER_LIST),
    owner_id: owner ?? undefined,
    preferred_language: contactLanguage(submission.textsKey),
  });
}

function contactLanguage(key: string): 'uz-Latn' | 'uz-Cyrl' | 'ru' | 'en' | undefined {
  const lower = key.toLowerCase();
  if (lower === 'uz-cyrl') return 'uz-Cyrl';
  if (lower.startsWith('uz')) return 'uz-Latn';
  if (lower.startsWith('ru')) return 'ru';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/**
 * The submission joins the client's open lead: the form's tags are added (within the 10 a lead
 * may have), custom answers fill fields that are still empty (what the team wrote is not
 * overwritten by a repeated form), and the lead's attribution (`utm`, `source`...) stays the
 * first visit's. The answers reach its timeline through the submission record.
 */
async function addToOpenLead(
  context: RecordContext,
  lead: StoredLead,
  tags: string[],
  custom: Record<string, unknown>,
): Promise<StoredLead> {
  const have = new Set(lead.tags.map(tagKey));
  const room = Math.max(0, TAG_LIMITS.per_record - lead.tags.length);
  const added = tags.filter((name) => !have.has(tagKey(name))).slice(0, room);
  const filled = Object.entries(custom).filter(([key]) => lead.custom[key] === undefined || isEmptyValue(lead.custom[key]));
  return context.tables.leads.update(lead.id, (draft) => {
    draft.tags = [...draft.tags, ...added];
    for (const [key, value] of filled) draft.custom[key] = value as never;
    draft.updated_at = context.nowIso();
  });
}
