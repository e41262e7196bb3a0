// Mutants of the conventions every record follows (spec 2.1 and 2.2): each is one bug of a real
// implementation in how it answers, numbers or lists its records, acting on the operations it
// names (handler seams) or, for ids a deployment presents otherwise, on every request and answer.
import type { Fault } from '../fault.ts';
import { callerOf } from '../../http/handler.ts';
import { presentLead } from '../../resources/leads/present-lead.ts';
import { answerAltered } from './handler-answer.ts';
import { idsPresented, reversedId } from './presented-ids.ts';
import { leadIdsReused } from './reused-ids.ts';
import { errorAnswer, onOperation } from '../request-match.ts';
import { LONG_PREFIXES } from '../../ids/ids.ts';
import { messageFor } from '../../errors/messages.ts';

const LEAD_ANSWERS = ['createLead', 'getLead', 'updateLead', 'listLeads'] as const;

/** Each lead of an answer (one lead, or a list's `data`) as `alter` makes it. */
const eachLead = (alter: (lead: any) => unknown) => (body: any) =>
  Array.isArray(body.data) ? { ...body, data: body.data.map(alter) } : alter(body);

export const conventionsMutants: Fault[] = [
  {
    name: 'lead-for-contact-answers-200',
    area: 'conventions',
    proves: ['conventions.create-201', 'conventions.long-prefixes-in-bodies'],
    description:
      'A lead created for an existing contact answers 200, as a lookup that found the contact would, instead of 201 (spec 2.1: create answers 201 with the object).',
    operations: ['createLead'],
    aroundHandler: async (next, context) => {
      const result = await next();
      const forContact = typeof (context.input.body as { contact_id?: unknown }).contact_id === 'string';
      return result instanceof Response || result.status !== 201 || !forContact ? result : { ...result, status: 200 };
    },
  },
  {
    name: 'lead-read-under-data',
    area: 'conventions',
    proves: ['conventions.read-change-200', 'responses.shape.get-lead'],
    description:
      'GET /v1/leads/{id} answers the lead wrapped as {data: lead}, as a list would, instead of the lead itself (spec 2.1: read answers 200 with the object).',
    operations: ['getLead'],
    aroundHandler: answerAltered((lead) => ({ data: lead })),
  },
  {
    name: 'lead-stage-id-unprefixed',
    area: 'conventions',
    proves: ['conventions.id-format', 'conventions.responses-short-prefixes'],
    description:
      "A lead's stage_id is answered as the stage's bare 26 characters, without its st_ prefix (spec 2.1: ids are <prefix>_<26 characters>).",
    operations: [...LEAD_ANSWERS],
    aroundHandler: answerAltered(
      eachLead((lead) => ({ ...lead, stage_id: typeof lead.stage_id === 'string' ? lead.stage_id.replace(/^st_/, '') : lead.stage_id })),
    ),
  },
  {
    name: 'lead-contact-id-long-prefix',
    area: 'conventions',
    proves: ['conventions.short-prefixes', 'conventions.responses-short-prefixes'],
    description: "A lead's contact_id is answered with the older long prefix contact_ (spec 2.2: responses always use the short form ct_).",
    operations: [...LEAD_ANSWERS],
    aroundHandler: answerAltered(
      eachLead((lead) => ({
        ...lead,
        contact_id: typeof lead.contact_id === 'string' ? lead.contact_id.replace(/^ct_/, 'contact_') : lead.contact_id,
      })),
    ),
  },
  {
    name: 'open-lead-closed-at-empty-text',
    area: 'conventions',
    proves: ['conventions.time-empty-null'],
    description: "An open lead's closed_at is answered as an empty string instead of null (spec 2.1: empty times are null).",
    operations: [...LEAD_ANSWERS],
    aroundHandler: answerAltered(eachLead((lead) => (lead.closed_at === null ? { ...lead, closed_at: '' } : lead))),
  },
  {
    name: 'lead-patch-replaces',
    area: 'conventions',
    proves: ['conventions.patch-only-sent'],
    description:
      'A PATCH of a lead replaces it: the references not sent (contact_id, company_id, owner_id) are cleared (spec 2.1: PATCH changes only the fields sent).',
    operations: ['updateLead'],
    alterInput: (input) => ({ ...input, body: { contact_id: null, company_id: null, owner_id: null, ...(input.body as object) } }),
  },
  {
    name: 'lead-read-touches-updated-at',
    area: 'conventions',
    proves: ['conventions.get-safe'],
    description: "Reading a lead records the view: each GET /v1/leads/{id} moves the lead's updated_at (spec 9: GET changes nothing).",
    operations: ['getLead'],
    aroundHandler: async (next, context) => {
      const { workspace } = callerOf(context);
      const lead = workspace.tables.leads.get(context.input.path.id ?? '');
      // Touched now, and always later than the last touch (two reads in one millisecond still differ).
      const touched = (draft: { updated_at: string }) =>
        new Date(Math.max(workspace.now(), Date.parse(draft.updated_at) + 1)).toISOString();
      if (lead) await workspace.tables.leads.update(lead.id, (draft) => void (draft.updated_at = touched(draft)));
      return next();
    },
  },
  {
    name: 'pipeline-names-one-language',
    area: 'conventions',
    proves: ['conventions.localized-names-object', 'responses.shape.list-pipelines'],
    description:
      'Pipeline and stage names are answered as plain strings in English instead of objects keyed by locale (spec 2.1: names shown in several languages are objects).',
    operations: ['listPipelines'],
    aroundHandler: answerAltered((body) => ({
      ...body,
      data: body.data.map((pipeline: any) => ({
        ...pipeline,
        name: inEnglish(pipeline.name),
        stages: pipeline.stages?.map((stage: any) => ({ ...stage, name: inEnglish(stage.name) })),
      })),
    })),
  },
  {
    name: 'record-number-shown-as-text',
    area: 'conventions',
    proves: ['conventions.number-integer-unique'],
    description:
      'A contact\'s number is answered as the text it is shown as ("#12") instead of the integer (spec 2.1: record numbers are integers shown as #N).',
    operations: ['createContact', 'getContact', 'updateContact', 'listContacts'],
    aroundHandler: answerAltered(
      eachLead((contact) => (Number.isInteger(contact.number) ? { ...contact, number: `#${contact.number}` } : contact)),
    ),
  },
  {
    name: 'lead-ids-count-down',
    area: 'conventions',
    proves: ['conventions.id-sortable'],
    description:
      'Lead ids are reverse-time keys (each character counted down from the end of the alphabet), so a lead created later has a smaller id (spec 2.1: ids sort by creation time).',
    wrap: idsPresented('ld', reversedId),
  },
  {
    name: 'trashed-leads-still-listed',
    area: 'conventions',
    proves: ['conventions.trash-leaves-lists', 'leads.trash-leaves-lists'],
    description:
      'The lead list without filters takes a fast path that does not leave out the trash: its first page still shows deleted leads (spec 2.1: a deleted lead leaves lists).',
    operations: ['listLeads'],
    aroundHandler: answerAltered((body, context) => {
      const { limit: _size, status, ...filters } = context.input.query;
      if (status !== 'all' || Object.keys(filters).length) return body;
      const { workspace } = callerOf(context);
      const trashed = workspace.tables.leads
        .records()
        .filter((lead) => lead.deleted_at !== null)
        .map((lead) => presentLead(workspace, lead));
      return { ...body, data: [...trashed, ...body.data] };
    }),
  },
  {
    name: 'lead-ids-recycled',
    area: 'conventions',
    proves: ['conventions.id-never-reused'],
    description:
      'Ids are recycled: the lead created after a delete takes the id of the lead deleted last (spec 2.1: ids are never reused).',
    wrap: leadIdsReused('lead-ids-recycled'),
  },
  {
    name: 'lead-filters-long-prefix-literal',
    area: 'conventions',
    proves: ['conventions.long-prefixes-in-queries'],
    description:
      'The lead list compares an id filter as sent: a contact, company, owner, pipeline or stage given with its older long prefix (contact_...) matches no lead (spec 2.2: long prefixes are accepted wherever an id is).',
    operations: ['listLeads'],
    alterInput: (input) => ({
      ...input,
      query: Object.fromEntries(Object.entries(input.query).map(([name, value]) => [name, hasLongPrefix(value) ? NO_RECORD : value])),
    }),
  },
  {
    name: 'wrong-type-id-validation-failed',
    area: 'conventions',
    proves: ['conventions.wrong-type-id', 'conventions.id-opaque-exact', 'errors.invalid-id-type', 'errors.documented-statuses-operation'],
    description:
      'A lead route given the id of another type (a contact id) answers 422 validation_failed naming id, as a path pattern refuses it (spec 2.2: 404 not_found or 400 invalid_id_type).',
    wrap: (next, state) =>
      onOperation(['getLead', 'updateLead', 'deleteLead'], async (inner, request, info, routed) => {
        const answer = await inner(request, info);
        const id = routed.params.id ?? '';
        if (/^(ld|lead)_/.test(id) || /^\d+$/.test(id) || answer.status < 400) return answer;
        return errorAnswer(state, answer, 422, {
          code: 'validation_failed',
          message: messageFor('validation_failed', 'en'),
          fields: { id: 'not a lead id' },
        });
      })(next, state),
  },
  {
    name: 'token-installation-id-table-prefix',
    area: 'conventions',
    proves: ['conventions.installation-id-inst'],
    description:
      'The OAuth token response shows installation_id with the table prefix ins_ instead of inst_ (spec 2.2: the token response shows it with inst_).',
    operations: ['createToken'],
    // The code flow gets a token on a deployment too, consent approved by the inputs' hub member (the state family's tokens are a mock's).
    alsoRun: ['oauth.authorization-code-flow'],
    aroundHandler: answerAltered((body) =>
      typeof body.installation_id === 'string' ? { ...body, installation_id: body.installation_id.replace(/^inst_/, 'ins_') } : body,
    ),
  },
];

/** An id of no record, for a filter that matches nothing. */
const NO_RECORD = `ct_${'0'.repeat(26)}`;

const hasLongPrefix = (value: unknown) =>
  typeof value === 'string' && /^([a-z]+)_[0-9a-z]{26}$/.test(value) && value.split('_')[0]! in LONG_PREFIXES;

/** A localized name (spec 2.1: an object keyed by locale) as its English text, else its first. */
function inEnglish(name: unknown): unknown {
  if (!name || typeof name !== 'object') return name;
  const texts = name as Record<string, string>;
  return texts.en ?? Object.values(texts)[0];
}
