// Spec 4.12, "the client is looked up by phone, then email; a known client is reused": clients
// the check makes through the API are found by a submission's phone, by its email when the phone
// is unknown (also when the email is sent in capitals), and by the phone when the phone is one
// client's and the email another's; no new
// contact is made, and a lead of the client found shows the submission (added to their open lead
// or a new one, "depending on the form"). Needs a form with a phone and an email field and a key
// that writes contacts and reads leads.
import { randomInt } from 'node:crypto';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { acceptedProblem } from './form-effect-kit.ts';
import { loadConfig, needForm, submitForm, validSubmission, waitOutMinMs, type FormConfig } from '../../kits/form-kit.ts';

type Client = { id: string; phone: string; email: string };

export const returningClient: ActiveCheck = {
  kind: 'active',
  id: 'forms.returning-client',
  area: 'forms',
  title: 'a submission reuses the client found by phone, else by email, the phone first when they name two clients; no new contact is made',
  spec: '4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const { config } = await loadConfig(context, formId);
    const skip = () =>
      context.skip('the form has no phone field and email field to look a client up by: give --form-id of a form with both');
    const phoneField = config.fields.find((field) => field.type === 'phone') ?? skip();
    const emailField = config.fields.find((field) => field.type === 'email') ?? skip();
    const clients = {
      byPhone: await knownClient(context, 'by-phone'),
      byEmail: await knownClient(context, 'by-email'),
      phoneOwner: await knownClient(context, 'phone-owner'),
      emailOwner: await knownClient(context, 'email-owner'),
    };
    await waitOutMinMs(context, config);

    const submit = (what: string, phone: string, email: string) =>
      submitAs(context, config, { phone, email, [phoneField.id]: phone, [emailField.id]: email }, what);
    const fresh = fresher(context);
    const byPhone = await submit('a submission with a known phone and a new email', clients.byPhone.phone, fresh.email);
    await judgeReused(context, 'forms.effect-client-by-phone', byPhone, clients.byPhone, fresh.email);
    const leads = await leadsOf(context, clients.byPhone.id);
    context.judge(
      'forms.effect-lead-for-known-client',
      leads.length === 0 &&
        `after ${byPhone.what}, the client found (${clients.byPhone.id}) has no lead: the submission neither joined an open lead nor opened one`,
      byPhone.exchange,
    );
    const fresh2 = fresher(context);
    const byEmail = await submit('a submission with a new phone and a known email', fresh2.phone, clients.byEmail.email);
    await judgeReused(context, 'forms.effect-client-by-email', byEmail, clients.byEmail, fresh2.phone);
    const fresh3 = fresher(context);
    const anyCase = await submit(
      'a submission with a new phone and a known email in capitals',
      fresh3.phone,
      inCapitals(clients.byEmail.email),
    );
    await judgeReused(context, 'forms.effect-client-by-email-any-case', anyCase, clients.byEmail, fresh3.phone);
    const both = await submit(
      "a submission with one client's phone and another's email",
      clients.phoneOwner.phone,
      clients.emailOwner.email,
    );
    await judgeReused(context, 'forms.effect-phone-before-email', both, clients.phoneOwner);
    const emailOwnerLeads = await leadsOf(context, clients.emailOwner.id);
    context.judge(
      'forms.effect-phone-before-email',
      emailOwnerLeads.length > 0 &&
        `the client whose email was sent (${clients.emailOwner.id}) got lead ${emailOwnerLeads[0]?.id}, although the phone named ${clients.phoneOwner.id}`,
      both.exchange,
    );
  },
};

/** The same address with capitals in its local part and domain (Conformance-...@Example.COM). */
function inCapitals(email: string): string {
  const [local, domain] = email.split('@');
  return `${local!.charAt(0).toUpperCase()}${local!.slice(1)}@${domain!.charAt(0).toUpperCase()}${domain!.slice(1, -3)}${domain!.slice(-3).toUpperCase()}`;
}

/** A phone and an email no client of the workspace is likely to have, marked with the run. */
function fresher(context: CheckContext): { phone: string; email: string } {
  const mark = `${context.runId}-${randomInt(0, 1_000_000)}`;
  return { phone: `+99890${String(randomInt(0, 10_000_000)).padStart(7, '0')}`, email: `conformance-${mark}@example.com` };
}

/** A contact made through the API with a phone and an email of its own; it, its leads and any contact with them are deleted at the end. */
async function knownClient(context: CheckContext, slug: string): Promise<Client> {
  const { phone, email } = fresher(context);
  const created = await context.client.call('createContact', {
    body: { name: `conformance ${context.runId} ${slug}`, phones: [phone], emails: [email] },
  });
  if (created.status === 401 || created.status === 403)
    context.skip('the API key cannot create contacts (contacts:write): the clients a submission must reuse are made through the API');
  context.expectStatus(created, 201);
  context.cleanup(async () => {
    for (const lead of await leadsOf(context, created.json.id)) await context.client.call('deleteLead', { path: { id: lead.id } });
    await context.client.call('deleteContact', { path: { id: created.json.id } });
  });
  return { id: created.json.id, phone, email };
}

async function submitAs(context: CheckContext, config: FormConfig, contactAnswers: Record<string, string>, what: string) {
  const body = validSubmission(config, {
    name: `conformance ${context.runId}`,
    email: contactAnswers.email!,
    phone: contactAnswers.phone!,
  });
  const { phone: _phone, email: _email, ...answers } = contactAnswers;
  // A 429 of the per-IP limit (earlier checks' submissions in the same minute) is waited out.
  const exchange = await submitForm(context, config.id, { ...body, answers: { ...(body.answers as object), ...answers } });
  const problem = acceptedProblem(exchange, what);
  if (problem) context.fail(problem, exchange);
  return { exchange, what };
}

async function leadsOf(context: CheckContext, contactId: string): Promise<any[]> {
  const listed = await context.client.call('listLeads', { query: { contact: contactId, limit: 50 } });
  if (listed.status === 401 || listed.status === 403) context.skip('the API key cannot list leads (leads:read)');
  return listed.json?.data ?? [];
}

/** The known client has a lead now, and no other contact carries the new phone or email the submission sent. */
async function judgeReused(
  context: CheckContext,
  rule: string,
  sent: { exchange: any; what: string },
  client: Client,
  fresh?: string,
): Promise<void> {
  const leads = await leadsOf(context, client.id);
  const others = fresh ? await contactsWith(context, fresh, client.id) : [];
  for (const other of others) context.cleanup(() => context.client.call('deleteContact', { path: { id: other.id } }));
  const problem = others.length
    ? `${sent.what} made contact ${others.map((other) => other.id).join(', ')} instead of reusing ${client.id}`
    : leads.length === 0 && `${sent.what} left the known client ${client.id} without a lead`;
  context.judge(rule, problem, sent.exchange);
}

/** Contacts other than `except` that carry `value` (a phone or an email). */
async function contactsWith(context: CheckContext, value: string, except: string): Promise<any[]> {
  const listed = await context.client.call('listContacts', { query: { q: value, limit: 50 } });
  const digits = (text: string) => text.replace(/\D/g, '');
  const carries = (contact: any) =>
    (contact.emails ?? []).some((email: string) => email.toLowerCase() === value) ||
    (contact.phones ?? []).some((phone: string) => value.startsWith('+') && digits(phone) === digits(value));
  return (listed.json?.data ?? []).filter((contact: any) => contact.id !== except && carries(contact));
}
