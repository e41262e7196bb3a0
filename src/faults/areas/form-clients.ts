// Mutants of who a submission reaches (spec 4.12: "the client is looked up by phone, then email; a
// known client is reused", and the submission is added to their open lead or opens one, depending
// on the form): each a lookup or filing bug of another team's form service, around the submitForm
// handler. Part of the forms area's mutants (forms.ts); forms.returning-client must fail them.
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import { normalizePhone } from '../../records/phones-and-emails.ts';
import type { StoredContact } from '../../resources/contacts/contact-record.ts';
import { findForm } from '../../resources/forms/find-form.ts';
import { isLive } from '../../resources/records/trash.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { Fault } from '../fault.ts';
import { bodyOf } from './handler-input.ts';

type Sent = { phones: string[]; emails: string[] };

/** The phones and emails a submission answered, in their stored spelling (phones +998..., emails lowercased). */
function sentContacts(context: HandlerContext): Sent {
  const form = findForm(context.state, String(context.input.path.form_id))?.form;
  const sentAnswers = bodyOf(context.input).answers;
  const answers: Record<string, unknown> = sentAnswers && typeof sentAnswers === 'object' ? sentAnswers : {};
  const typed = (type: string) =>
    (form?.fields ?? [])
      .filter((field) => field.type === type)
      .map((field) => answers[field.id])
      .filter((answer): answer is string => typeof answer === 'string' && answer.trim() !== '');
  const phones = typed('phone').flatMap((phone) => {
    try {
      return [normalizePhone(phone)];
    } catch {
      return [];
    }
  });
  return { phones, emails: typed('email').map((email) => email.trim().toLowerCase()) };
}

/**
 * A lookup that misses the contacts `missed` picks: they are kept out of sight (trashed, which the
 * lookup skips) while the handler runs, and back as they were after it, so the handler does what
 * it does for a visitor it does not know.
 */
function lookupMissing(missed: (contact: StoredContact, sent: Sent) => boolean) {
  return async (next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult> => {
    const workspace = findForm(context.state, String(context.input.path.form_id))?.workspace;
    if (!workspace) return next();
    const sent = sentContacts(context);
    const found = [
      ...sent.phones.flatMap((phone) => workspace.tables.contacts.findBy('phone', phone)),
      ...sent.emails.flatMap((email) => workspace.tables.contacts.findBy('email', email)),
    ];
    const hidden = [...new Set(found)].filter((contact) => isLive(contact) && missed(contact, sent));
    const marker = new Date(workspace.now()).toISOString();
    for (const contact of hidden) await workspace.tables.contacts.update(contact.id, (draft) => void (draft.deleted_at = marker));
    try {
      return await next();
    } finally {
      for (const contact of hidden) await workspace.tables.contacts.update(contact.id, (draft) => void (draft.deleted_at = null));
    }
  };
}

/** The submissions a handler run kept for the form, in the order it kept them. */
async function keptBy(workspace: Workspace, formId: string, run: () => Promise<HandlerResult>) {
  const before = new Set([...workspace.tables.formSubmissions.eachBy('form', formId)].map((kept) => kept.id));
  const result = await run();
  return { result, added: [...workspace.tables.formSubmissions.eachBy('form', formId)].filter((kept) => !before.has(kept.id)) };
}

const carries = (list: readonly string[], sent: readonly string[]) => list.some((value) => sent.includes(value));

export const formClientMutants: Fault[] = [
  {
    name: 'form-client-looked-up-by-email-only',
    area: 'forms',
    proves: ['forms.effect-client-by-phone'],
    description:
      "A submission's client is looked up by email only (the phone lookup was dropped when phones moved to a table of their own): a known client's phone with a new email makes a second contact (spec 4.12: by phone, then email).",
    operations: ['submitForm'],
    aroundHandler: lookupMissing((contact, sent) => !carries(contact.emails, sent.emails)),
  },
  {
    name: 'form-client-looked-up-by-phone-only',
    area: 'forms',
    proves: ['forms.effect-client-by-email'],
    description:
      "A submission's client is looked up by phone only: a new phone with a known client's email makes a second contact, where the email finds the client when the phone is unknown (spec 4.12).",
    operations: ['submitForm'],
    aroundHandler: lookupMissing((contact, sent) => !carries(contact.phones, sent.phones)),
  },
  {
    name: 'form-known-client-without-lead',
    area: 'forms',
    proves: ['forms.effect-lead-for-known-client'],
    description:
      "A known client's submission with no open lead to join is filed on the contact only: the add-to-open-lead branch ends when none is open, and no lead is opened (spec 4.12: added to their open lead or opens a new lead; either way a lead shows it).",
    operations: ['submitForm'],
    aroundHandler: async (next, context) => {
      const formId = String(context.input.path.form_id);
      const workspace = findForm(context.state, formId)?.workspace;
      if (!workspace) return next();
      const { result, added } = await keptBy(workspace, formId, next);
      // What the handler would not have made: the lead it opened for a client it found.
      for (const kept of added) if (!kept.contact_created && kept.lead_created) workspace.tables.leads.remove(kept.lead_id);
      return result;
    },
  },
];
