// Spec 6.4: every form submission sends form.submitted, plus lead.created and contact.created when
// the records are new; a second submission by the same client (the contact reused by phone, then
// email, spec 1) sends form.submitted again and no second contact.created. The records a
// submission made are found through the API (form-kit.ts), and the events matched by their ids;
// form.submitted's data fields are not shown, so it is matched by the records' ids or the
// visitor's email anywhere in its body. Without a receiver the deployment reaches, the events are
// read from the webhook's delivery log (4.11).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { eventAbout, eventWaitMs, graceFor, missing } from '../../kits/events-kit.ts';
import {
  expectAccepted,
  findRecordsOf,
  loadConfig,
  needForm,
  submitForm,
  validSubmission,
  visitor,
  waitOutMinMs,
  type Visitor,
} from '../../kits/form-kit.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { withEventWebhook, type EventWebhook } from '../../kits/webhook-kit.ts';

export const formEvents: ActiveCheck = {
  kind: 'active',
  id: 'events.form-events',
  area: 'events',
  title:
    "a form submission by a new client sends form.submitted, lead.created and contact.created; the same client's second one form.submitted and no contact.created",
  spec: '6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    if (context.target.readOnly) context.skip('needs a write; the run is read-only');
    const person = visitor(context, 'form-events');
    await withEventWebhook(context, 'form-events', ['form.submitted', 'lead.created', 'contact.created'], async (webhook) => {
      await submit(context, formId, person, 'the first submission');
      const found =
        (await findRecordsOf(context, person, context.target.mock ? 0 : 10_000)) ??
        context.skip(
          'the API key cannot list contacts and leads (contacts:read, leads:read): the records the submission made, and so their events, cannot be found',
        );
      const contact = found.contacts[0];
      const lead = found.leads[0];
      if (!contact || !lead)
        context.fail(
          `the submission made ${found.contacts.length} contacts and ${found.leads.length} leads of the visitor; a new client's submission makes both`,
        );
      const submitted = (request: SeenEvent) =>
        request.json?.type === 'form.submitted' && mentions(request, [contact.id, lead.id, person.email]);
      const seconds = eventWaitMs(context) / 1000;
      const first = await webhook.event(1, eventWaitMs(context), submitted);
      context.judge(
        'events.form-submitted',
        !first && missing(`form.submitted naming the submission's lead ${lead.id}, contact ${contact.id} or email`, seconds, webhook),
      );
      const leadCreated = await webhook.event(1, eventWaitMs(context), eventAbout('lead.created', lead.id));
      context.judge(
        'events.form-new-lead',
        !leadCreated && missing(`lead.created about the submission's lead ${lead.id}`, seconds, webhook),
      );
      const contactCreated = await webhook.event(1, eventWaitMs(context), eventAbout('contact.created', contact.id));
      context.judge(
        'events.form-new-contact',
        !contactCreated && missing(`contact.created about the submission's new contact ${contact.id}`, seconds, webhook),
      );
      await secondSubmission(context, webhook, formId, person, contact.id, submitted);
    });
  },
};

async function submit(context: CheckContext, formId: string, person: Visitor, what: string): Promise<void> {
  const { config } = await loadConfig(context, formId);
  await waitOutMinMs(context, config);
  const answer = await submitForm(context, formId, validSubmission(config, person));
  expectAccepted(context, answer, what);
}

/** The same client again: a second form.submitted, and no contact.created beyond the first (when the contact was reused). */
async function secondSubmission(
  context: CheckContext,
  webhook: EventWebhook,
  formId: string,
  person: Visitor,
  contactId: string,
  submitted: (request: SeenEvent) => boolean,
): Promise<void> {
  await submit(context, formId, person, "the same client's second submission");
  const again = await webhook.event(2, eventWaitMs(context), submitted);
  const found = await findRecordsOf(context, person);
  const reused = found?.contacts.length === 1 && found.contacts[0].id === contactId;
  if (!again) {
    context.judge(
      'events.form-submitted',
      missing("form.submitted for the same client's second submission", eventWaitMs(context) / 1000, webhook),
    );
    return;
  }
  // Only a form that asks for a phone or an email can know the client again (spec 1).
  if (!reused) return;
  await graceFor(context, 'contact.created about the reused contact');
  const announced = await webhook.events(eventAbout('contact.created', contactId));
  context.judge(
    'events.form-known-contact',
    announced.length > 1 && `the second submission by the same client (contact ${contactId} reused) sent contact.created about it again`,
  );
}

/** Whether the delivery's body names any of the values (record ids, the visitor's email). */
function mentions(request: SeenEvent, values: string[]): boolean {
  return values.some((value) => request.rawBody.includes(value));
}
