// The answers of a submission against the form's fields (spec 4.12): every problem at once, under
// the field's id, in the visitor's language. What passes comes out in its stored spelling (phones
// `+998...`, emails lowercased) and sorted by where it goes: the client (phone, email, name), the
// lead's custom fields ("custom answers"), and the timeline (every answer, with its label).
import type { Language } from '../../errors/messages.ts';
import { InvalidPhone, normalizePhone } from '../../records/phones-and-emails.ts';
import { checkValue } from '../fields/custom-value-types.ts';
import { entityKey, type CustomField } from '../fields/field-record.ts';
import type { RecordContext } from '../records/record-context.ts';
import { containsCardNumber } from './card-numbers.ts';
import { localized } from './form-language.ts';
import type { FieldProblem } from './form-messages.ts';
import { throwIfAny, type FieldProblems } from './form-problems.ts';
import type { Form, FormField } from './form-record.ts';
import type { Answer } from './submission-body.ts';

export type CheckedAnswers = {
  /** The answers as stored and sent in `form.submitted`: normalized, empty ones left out. */
  answers: Record<string, Answer>;
  /** Each answered field's label in the form's default language, for the timeline. */
  labels: Record<string, string>;
  client: { name: string | undefined; phones: string[]; emails: string[] };
  /** Lead custom values by key, checked against their fields. */
  custom: Record<string, unknown>;
};

type Checked = { value: Answer } | { problem: FieldProblem };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** `problems` found before (consent) are answered together with those of the answers. */
export function checkAnswers(
  context: RecordContext,
  form: Form,
  sent: Record<string, Answer>,
  language: Language,
  earlier: FieldProblems = {},
): CheckedAnswers {
  const problems: FieldProblems = { ...earlier };
  const fieldsById = new Map(form.fields.map((field) => [field.id, field]));
  for (const id of Object.keys(sent)) if (!fieldsById.has(id)) problems[id] = 'unknown';

  const checked: CheckedAnswers = { answers: {}, labels: {}, client: { name: undefined, phones: [], emails: [] }, custom: {} };
  for (const field of form.fields) {
    const answer = sent[field.id];
    if (answer === undefined || isEmpty(answer)) {
      if (field.required) problems[field.id] = 'required';
      continue;
    }
    const result = hasCardNumber(answer) ? { problem: 'card' as const } : checkField(context, field, answer);
    if ('problem' in result) {
      problems[field.id] = result.problem;
      continue;
    }
    checked.answers[field.id] = result.value;
    checked.labels[field.id] = localized(field.labels, form.default_lang, form);
    if (field.custom_key !== undefined) {
      const custom = customValue(context, field.custom_key, result.value);
      if (custom && 'problem' in custom) problems[field.id] = custom.problem;
      else if (custom) checked.custom[field.custom_key] = custom.value;
    } else {
      addToClient(checked.client, field, result.value);
    }
  }
  if (Object.keys(problems).length === 0 && !reachable(checked.client)) {
    // A lead needs a client, and a client a name, a phone or an email (spec 4.3).
    const ways = form.fields.filter((field) => field.custom_key === undefined && (field.type === 'phone' || field.type === 'email'));
    for (const key of ways.length ? ways.map((field) => field.id) : ['answers']) problems[key] = 'contact';
  }
  throwIfAny(problems, language);
  return checked;
}

function checkField(context: RecordContext, field: FormField, answer: Answer): Checked {
  const options = new Set((field.options ?? []).map((option) => option.value));
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'hidden':
      return typeof answer === 'string' ? { value: answer.trim() } : { problem: 'invalid' };
    case 'phone':
      return phoneAnswer(answer);
    case 'email':
      return emailAnswer(context, answer);
    case 'number':
      return typeof answer === 'string' && NUMBER.test(answer.trim()) ? { value: answer.trim() } : { problem: 'number' };
    case 'date':
      return typeof answer === 'string' && realDate(answer.trim()) ? { value: answer.trim() } : { problem: 'date' };
    case 'select':
    case 'radio':
      return typeof answer === 'string' && options.has(answer) ? { value: answer } : { problem: 'option' };
    case 'multiselect':
      return Array.isArray(answer) && answer.every((value) => options.has(value)) ? { value: [...new Set(answer)] } : { problem: 'option' };
    case 'checkbox':
      return typeof answer === 'boolean' ? { value: answer } : { problem: 'invalid' };
  }
}

function phoneAnswer(answer: Answer): Checked {
  if (typeof answer !== 'string') return { problem: 'phone' };
  try {
    return { value: normalizePhone(answer) };
  } catch (error) {
    if (error instanceof InvalidPhone) return { problem: 'phone' };
    throw error;
  }
}

/** An address the API would take for a contact (the document's ContactEmailInput), lowercased. */
function emailAnswer(context: RecordContext, answer: Answer): Checked {
  const email = typeof answer === 'string' ? answer.trim().toLowerCase() : '';
  const fits = EMAIL.test(email) && context.state.validators.crm.problems('/components/schemas/ContactEmailInput', email).length === 0;
  return fits ? { value: email } : { problem: 'email' };
}

function realDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** An answer the visitor left blank: nothing, blank text, no choice, an unticked box. */
function isEmpty(answer: Answer): boolean {
  return answer === false || (typeof answer === 'string' && answer.trim() === '') || (Array.isArray(answer) && answer.length === 0);
}

function hasCardNumber(answer: Answer): boolean {
  const texts = Array.isArray(answer) ? answer : [answer];
  return texts.some((text) => typeof text === 'string' && containsCardNumber(text));
}

/**
 * The lead custom value an answer gives: numbers and ratings arrive as text from a browser and
 * are read as numbers; the field's own rules then apply. A key no lead field has is passed over
 * (the form was set up for a field since deleted); the answer still reaches the timeline.
 */
function customValue(context: RecordContext, key: string, answer: Answer): { value: unknown } | { problem: FieldProblem } | undefined {
  const field = context.tables.fields.firstBy('entityKey', entityKey('lead', key));
  if (!field) return undefined;
  const check = checkValue(asFieldValue(field, answer), field, context.workspace, context.state.validators.crm);
  return 'problem' in check ? { problem: 'invalid' } : { value: check.value };
}

function asFieldValue(field: CustomField, answer: Answer): unknown {
  const numeric = field.type === 'number' || field.type === 'rating';
  return numeric && typeof answer === 'string' && NUMBER.test(answer.trim()) ? Number(answer.trim().replace(',', '.')) : answer;
}

function addToClient(client: CheckedAnswers['client'], field: FormField, value: Answer): void {
  if (typeof value !== 'string') return;
  if (field.type === 'phone') client.phones.push(value);
  else if (field.type === 'email') client.emails.push(value);
  else if ((field.id === 'name' || field.autocomplete === 'name') && client.name === undefined) client.name = value;
}

function reachable(client: CheckedAnswers['client']): boolean {
  return Boolean(client.name || client.phones.length || client.emails.length);
}
