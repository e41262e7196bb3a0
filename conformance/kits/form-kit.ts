// What the form checks share (spec 2.14, 4.12, 8): the form under test, loading its configuration
// and submitting to it as a visitor's browser would (on `{workspace_url}`, no API key, no cookies),
// waiting out `min_ms`, answers built from the form's own fields, and finding through the API what
// a submission created. Each submission is a visitor of its own (a name with the run id, a unique
// email and phone), so that the records it made, or must not have made, can be told apart; they
// are deleted when the run ends.
//
// Submissions count against 10 per minute per visitor IP (spec 8): against a deployment a whole run
// sends nine; on a mock, waiting out min_ms moves the clock a minute on, into a new minute of the limit.
import { randomInt } from 'node:crypto';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { advanceMockClock } from '../mock-control.ts';
import type { OperationParameters } from '../operation-call.ts';
import { waitingFor } from '../../harness/waiting.ts';

export type FormField = { id: string; type: string; label: string; required: boolean; autocomplete: string; options?: { value: string }[] };
export type FormConfig = {
  id: string;
  lang: string;
  consent: string;
  fields: FormField[];
  token: string;
  min_ms: number;
  [key: string]: unknown;
};

/** The origin the checks' requests come from: a website no form restricts to (spec 4.12 examples use real shops). */
export const VISITOR_ORIGIN = 'https://conformance.example';

export function needForm(context: CheckContext): string {
  const formId = context.target.formId;
  if (!formId) context.skip('needs a public form: give --form-id (an active form of the workspace)');
  return formId;
}

export const formPath = (formId: string, suffix = '') => `/api/forms/${encodeURIComponent(formId)}${suffix}`;

/** `GET {workspace_url}/api/forms/{id}?lang=`, with no credential, as the widget loads it. */
export function loadForm(context: CheckContext, formId: string, options: { lang?: string; origin?: string } = {}): Promise<Exchange> {
  const headers: Record<string, string> = options.origin ? { origin: options.origin } : {};
  return context.client.call('getFormConfig', {
    path: { form_id: formId },
    query: { lang: options.lang ?? 'en' },
    key: null,
    origin: 'workspace',
    headers,
  });
}

/** The configuration (200 with a token expected), and when it was loaded on this machine's clock. */
export async function loadConfig(
  context: CheckContext,
  formId: string,
  options: { lang?: string; origin?: string } = {},
): Promise<{ config: FormConfig; exchange: Exchange; loadedAtMs: number }> {
  const exchange = await loadForm(context, formId, options);
  const loadedAtMs = Date.now();
  if (exchange.status !== 200) context.fail(`loading the form configuration answered ${exchange.status}, not 200`, exchange);
  const config = exchange.json;
  if (typeof config?.token !== 'string' || config.token === '')
    context.fail('the form configuration has no token to submit with', exchange);
  if (!Array.isArray(config.fields)) context.fail('the form configuration has no fields', exchange);
  if (typeof config.min_ms !== 'number') context.fail('the form configuration has no min_ms', exchange);
  return { config, exchange, loadedAtMs };
}

/** `POST {workspace_url}/api/forms/{id}/submit` with no credential. */
export function submitForm(context: CheckContext, formId: string, body: Submission, options: { origin?: string } = {}): Promise<Exchange> {
  const headers: Record<string, string> = options.origin ? { origin: options.origin } : {};
  return context.client.call('submitForm', { path: { form_id: formId }, key: null, origin: 'workspace', headers, body });
}

/**
 * Lets `min_ms` pass since the load, so that the submission is not dropped as too fast. A mock's
 * clock is moved a minute on instead (at least min_ms): that also starts a new minute of the
 * per-IP limit, so a run against a mock never meets its 429 whatever a faulty mock counts.
 */
export async function waitOutMinMs(context: CheckContext, config: FormConfig): Promise<void> {
  if (context.target.mock) return advanceMockClock(context, Math.max(60, Math.ceil(config.min_ms / 1000) + 1));
  const ms = config.min_ms + 1_000;
  await waitingFor(`the form's min_ms (${config.min_ms} ms) to pass before submitting`, ms, () => sleep(ms));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Visitor = { name: string; email: string; phone: string };

/** A submission's body, as the document types it. */
export type Submission = NonNullable<OperationParameters<'submitForm'>['body']>;

/**
 * A visitor of the check's own. Whatever their submissions create is looked up and deleted when
 * the run ends, whether the check passed or not (a faulty deployment may keep what it must drop).
 */
export function visitor(context: CheckContext, slug: string): Visitor {
  const mark = `${context.runId}-${slug}`;
  // Nine random national digits after +998 90: a number no real client of the workspace is likely to have.
  const created: Visitor = {
    name: `conformance ${mark}`,
    email: `conformance-${mark}@example.com`,
    phone: `+99890${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
  };
  context.cleanup(() => removeRecordsOf(context, created));
  return created;
}

/** An answer to every field a visitor must or would fill: the visitor's name, phone and email, and something valid for other required fields. */
export function answersFor(config: FormConfig, person: Visitor): Submission['answers'] {
  const answers: Submission['answers'] = {};
  for (const field of config.fields) {
    const answer = answerFor(field, person);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

function answerFor(field: FormField, person: Visitor): Submission['answers'][string] | undefined {
  if (field.type === 'phone') return person.phone;
  if (field.type === 'email') return person.email;
  if ((field.type === 'text' || field.type === 'textarea') && (field.id === 'name' || field.autocomplete === 'name')) return person.name;
  if (!field.required) return undefined;
  switch (field.type) {
    case 'number':
      return '1';
    case 'date':
      return '2030-01-15';
    case 'select':
    case 'radio':
      return field.options?.[0]?.value ?? 'conformance';
    case 'multiselect':
      return field.options?.[0] ? [field.options[0].value] : ['conformance'];
    case 'checkbox':
      return true;
    default:
      return 'conformance';
  }
}

/** A submission that breaks no rule: the token, valid answers, consent when the form asks for it. */
export function validSubmission(config: FormConfig, person: Visitor, extra: Partial<Submission> = {}): Submission {
  return {
    token: config.token,
    answers: answersFor(config, person),
    lang: config.lang,
    ...(config.consent !== '' ? { consent: true } : {}),
    ...extra,
  };
}

/** The answer of spec 4.12 to an accepted (or silently dropped) submission: 201 `{ok: true, success, redirect_url}`. */
export function expectAccepted(context: CheckContext, exchange: Exchange, what: string): void {
  if (exchange.status !== 201) context.fail(`${what} answered ${exchange.status}, not 201`, exchange);
  const body = exchange.json;
  const problems: string[] = [];
  if (body?.ok !== true) problems.push(`ok is ${JSON.stringify(body?.ok)}, not true`);
  if (typeof body?.success !== 'string') problems.push('success is not the thank-you text');
  if (!(body && 'redirect_url' in body && (body.redirect_url === null || typeof body.redirect_url === 'string')))
    problems.push('redirect_url is neither a URL nor null');
  if (problems.length) context.fail(`${what} answered 201 but not {ok: true, success, redirect_url}: ${problems.join('; ')}`, exchange);
}

export type Found = { contacts: any[]; leads: any[] };

/**
 * The contacts that are this visitor (found by the `q` search of spec 4.3 and matched on their
 * email, phone or name) and their leads; undefined when the API key cannot list contacts or
 * leads. A deployment may take a moment to file a submission: `waitMs` polls that long for one.
 */
export async function findRecordsOf(context: CheckContext, person: Visitor, waitMs = 0): Promise<Found | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const found = await lookUp(context, person);
    if (!found || found.contacts.length > 0 || Date.now() >= until) return found;
    await sleep(1_000);
  }
}

async function lookUp(context: CheckContext, person: Visitor): Promise<Found | undefined> {
  const contacts: any[] = [];
  for (const q of [person.email, person.phone, person.name]) {
    const listed = await context.client.call('listContacts', { query: { q, limit: 50 } });
    if (listed.status === 401 || listed.status === 403) return undefined;
    context.expectStatus(listed, 200);
    for (const contact of listed.json?.data ?? [])
      if (isVisitor(contact, person) && !contacts.some((known) => known.id === contact.id)) contacts.push(contact);
    // The email alone finds the visitor when the form has an email field; the phone or the name only when it has not.
    if (contacts.length) break;
  }
  const leads: any[] = [];
  for (const contact of contacts) {
    const listed = await context.client.call('listLeads', { query: { contact: contact.id, limit: 50 } });
    if (listed.status === 401 || listed.status === 403) return undefined;
    context.expectStatus(listed, 200);
    leads.push(...(listed.json?.data ?? []));
  }
  return { contacts, leads };
}

function isVisitor(contact: any, person: Visitor): boolean {
  const emails: string[] = contact?.emails ?? [];
  const phones: string[] = contact?.phones ?? [];
  return (
    emails.some((email) => email.toLowerCase() === person.email) ||
    phones.some((phone) => phone.replace(/\D/g, '') === person.phone.replace(/\D/g, '')) ||
    contact?.name === person.name
  );
}

/**
 * A submission the service must drop (too fast, honeypot filled): the same 201 as an accepted
 * one, and no client or lead of this visitor afterwards. What cannot be seen (a key that may not
 * list contacts) skips the second half, saying that the first was verified.
 */
export async function expectDropped(context: CheckContext, exchange: Exchange, person: Visitor, what: string): Promise<void> {
  expectAccepted(context, exchange, what);
  // A deployment may file submissions a moment after answering: give a kept one the time to show.
  if (!context.target.mock) await sleep(3_000);
  const found = await findRecordsOf(context, person);
  if (!found)
    context.skip(
      `${what} answered the same 201 as an accepted one; whether it was dropped could not be seen: the API key cannot list contacts and leads (contacts:read, leads:read)`,
    );
  if (found.contacts.length || found.leads.length) {
    const made = [
      ...found.contacts.map((contact) => `contact ${contact.id}`),
      ...found.leads.map((lead) => `lead ${lead.id} (source ${lead.source})`),
    ];
    context.fail(`${what} answered 201 but was not dropped: it made ${made.join(', ')}`, exchange);
  }
}

/** The status and `code` of a refusal, naming the submission in the failure. */
export function expectRefusal(context: CheckContext, exchange: Exchange, status: number, code: string, what: string): void {
  const actual = exchange.json?.error?.code;
  if (exchange.status !== status || actual !== code)
    context.fail(`${what} answered ${exchange.status} ${actual ?? '(no error code)'}, not ${status} ${code}`, exchange);
}

/** The same token with one character in its middle changed: what it says or its signature no longer holds. */
export function forgedToken(token: string): string {
  // Not the last character: in base64 text it may carry only padding bits that decoding drops.
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const chars = [...token];
  for (let index = Math.floor(chars.length / 2); index < chars.length; index++) {
    const at = ALPHABET.indexOf(chars[index]!);
    if (at < 0) continue;
    chars[index] = ALPHABET[(at + 31) % ALPHABET.length]!;
    return chars.join('');
  }
  return `${token}x`;
}

/** Deletes the visitor's leads, then the visitor's contacts (a cleanup step: failures are left to the run). */
async function removeRecordsOf(context: CheckContext, person: Visitor): Promise<void> {
  const found = await lookUp(context, person).catch(() => undefined);
  if (!found) return;
  for (const lead of found.leads) await context.client.call('deleteLead', { path: { id: lead.id } });
  for (const contact of found.contacts) await context.client.call('deleteContact', { path: { id: contact.id } });
}
