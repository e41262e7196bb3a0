// Mutants of form submissions (spec 4.12): the token, min_ms, the honeypot, consent, card
// numbers, and what a submission answers and creates.
import { isPlainObject } from '../../resources/forms/submission-body.ts';
import type { FormSubmission } from '../../resources/forms/submission-record.ts';
import { isLive } from '../../resources/records/trash.ts';
import { normalizePhone } from '../../records/phones-and-emails.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { containsCardNumber, luhnValid } from '../../resources/forms/card-numbers.ts';
import { type PublicForm } from '../../resources/forms/find-form.ts';
import { issueFormToken, readToken, TOKEN_LIFETIME_MS } from '../../resources/forms/form-token.ts';
import { ANSWER_LIMITS } from '../../resources/forms/submission-body.ts';
import type { MockState } from '../../mock-state.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from '../fault.ts';
import { onOperation, sentJson, withJson } from '../request-match.ts';
import { type Body, formOf, withBody } from '../form-requests.ts';

/** Lets `alter` change the JSON body of a submission to an existing form before the mock reads it. */
function onSubmission(alter: (body: Body, found: PublicForm, state: MockState) => Body | Promise<Body>) {
  return (next: Handle, state: MockState): Handle =>
    onOperation('submitForm', async (next, request, info, routed) => {
      const found = formOf(state, routed);
      if (!found) return next(request, info);
      let body: unknown;
      try {
        body = JSON.parse(await request.clone().text());
      } catch {
        return next(request, info);
      }
      return isPlainObject(body) ? next(withBody(request, await alter(body, found, state)), info) : next(request, info);
    })(next, state);
}

/** A genuine token saying the form was loaded long enough ago for a person: a minute past `min_ms`. */
function oldEnoughToken(state: MockState, { workspace, form }: PublicForm): Promise<string> {
  return issueFormToken(state, workspace, form, workspace.now() - form.min_ms - 60_000);
}

/** The moment a submission's token says the form was loaded, or undefined (missing or forged). */
function tokenTime(state: MockState, { workspace, form }: PublicForm, token: unknown): Promise<number | undefined> {
  return readToken(state, workspace, form, typeof token === 'string' ? token : undefined);
}

/** A card number written as one unbroken run of digits; grouped ones (`4111 1111 ...`) are not. */
function unbrokenCardNumber(text: string): boolean {
  return [...text.matchAll(/\d{13,19}/g)].some(([digits]) => luhnValid(digits));
}

/**
 * Lets `alter` change, once the mock's handler has filed a submission, each submission record it
 * kept (and through it the lead and contact), in the submission's transaction (the form's
 * workspace, http/handler.ts): what a service that files submissions its own way would leave.
 */
function afterSubmission(
  alter: (workspace: Workspace, kept: FormSubmission, body: Body) => Promise<void>,
): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['submitForm'],
    aroundHandler: async (next, { workspace, input }) => {
      if (!workspace) return next();
      const { formSubmissions } = workspace.tables;
      const formId = String(input.path.form_id);
      const before = new Set([...formSubmissions.eachBy('form', formId)].map((submission) => submission.id));
      const result = await next();
      const body: Body = isPlainObject(input.body) ? input.body : {};
      for (const submission of [...formSubmissions.eachBy('form', formId)])
        if (!before.has(submission.id)) await alter(workspace, submission, body);
      return result;
    },
  };
}

export const formsSubmissionsMutants: readonly Fault[] = [
  {
    name: 'form-lead-in-first-stage',
    area: 'forms',
    proves: ['forms.effect-pipeline-stage'],
    description: "A lead a submission opens is put in the first stage of the pipeline, not the form's stage.",
    ...afterSubmission(async (workspace, kept) => {
      const lead = kept.lead_created ? workspace.tables.leads.get(kept.lead_id) : undefined;
      const first = lead ? workspace.tables.stages.findBy('pipeline', lead.pipeline_id)[0] : undefined;
      if (lead && first) await workspace.tables.leads.update(lead.id, (draft) => void (draft.stage_id = first.id));
    }),
  },
  {
    name: 'form-tags-not-applied',
    area: 'forms',
    proves: ['forms.effect-tags'],
    description: "The form's tags are not put on the lead a submission opens.",
    ...afterSubmission(async (workspace, kept) => {
      if (kept.lead_created) await workspace.tables.leads.update(kept.lead_id, (draft) => void (draft.tags = []));
    }),
  },
  {
    name: 'form-owner-rule-ignored',
    area: 'forms',
    proves: ['forms.effect-owner-rule'],
    description: "The form's owner rule is not applied: a lead a submission opens has no owner.",
    ...afterSubmission(async (workspace, kept) => {
      if (kept.lead_created) await workspace.tables.leads.update(kept.lead_id, (draft) => void (draft.owner_id = null));
    }),
  },
  {
    name: 'form-custom-answers-ignored',
    area: 'forms',
    proves: ['forms.effect-custom-answers'],
    description: "Answers of fields tied to lead custom fields are kept on the timeline only: the lead's custom fields stay empty.",
    ...afterSubmission(async (workspace, kept) => {
      if (kept.lead_created) await workspace.tables.leads.update(kept.lead_id, (draft) => void (draft.custom = {}));
    }),
  },
  {
    name: 'form-timeline-without-answers',
    area: 'forms',
    proves: ['forms.effect-timeline-answers'],
    description:
      "The answers of a submission are not kept: the lead's timeline shows that a form was submitted, without what was answered.",
    ...afterSubmission(async (workspace, kept) => {
      await workspace.tables.formSubmissions.update(kept.id, (draft) => {
        draft.answers = {};
        draft.labels = {};
      });
    }),
  },
  {
    name: 'form-client-by-email-first',
    area: 'forms',
    proves: ['forms.effect-phone-before-email'],
    description:
      "The client is looked up by email before phone: a submission whose phone is one client's and whose email another's goes to the email's.",
    ...afterSubmission(async (workspace, kept, body) => {
      const answers = isPlainObject(body.answers) ? Object.values(body.answers) : [];
      const emails = answers
        .filter((answer): answer is string => typeof answer === 'string' && answer.includes('@'))
        .map((email) => email.trim().toLowerCase());
      const byEmail = emails
        .map((email) => workspace.tables.contacts.findBy('email', email).find(isLive))
        .find((contact) => contact !== undefined);
      if (kept.contact_created || !byEmail || byEmail.id === kept.contact_id) return;
      await workspace.tables.leads.update(kept.lead_id, (draft) => void (draft.contact_id = byEmail.id));
      await workspace.tables.formSubmissions.update(kept.id, (draft) => void (draft.contact_id = byEmail.id));
    }),
  },
  {
    name: 'form-referrer-not-kept',
    area: 'forms',
    proves: ['forms.effect-referrer-landing-page', 'forms.limit-request-size'],
    description: 'The referrer and landing_page of a submission are read but not kept on the lead.',
    wrap: onSubmission(({ referrer: _referrer, landing_page: _landingPage, ...body }) => body),
  },
  {
    name: 'form-consent-always-required',
    area: 'forms',
    proves: ['forms.consent-not-required-without-text', 'forms.limit-answers'],
    description:
      'Every form requires consent, also one without consent text: a submission without consent: true answers 422 validation_failed naming consent.',
    // As an answer to a field the form does not have, which the mock refuses under its name.
    wrap: onSubmission((body) =>
      body.consent === true || !isPlainObject(body.answers) ? body : { ...body, answers: { ...body.answers, consent: 'missing' } },
    ),
  },
  {
    name: 'form-phone-must-be-international',
    area: 'forms',
    proves: ['forms.submit-phone-normalized'],
    description:
      'Only phones written +998... are taken: a national number typed with brackets, spaces or dashes is refused as invalid instead of being normalized.',
    wrap: (next, state) =>
      onSubmission((body, found) => {
        if (!isPlainObject(body.answers)) return body;
        const phones = new Set(found.form.fields.filter((field) => field.type === 'phone').map((field) => field.id));
        const answers = Object.fromEntries(
          Object.entries(body.answers).map(([id, answer]) => [
            id,
            phones.has(id) && typeof answer === 'string' && !answer.trim().startsWith('+') ? 'not a phone' : answer,
          ]),
        );
        return { ...body, answers };
      })(next, state),
  },
  {
    name: 'form-token-not-required',
    area: 'forms',
    proves: ['forms.config-token-proves-load', 'forms.token-missing', 'forms.error-form-expired'],
    description:
      'A submission without a token is taken (as if the form had been loaded long ago) instead of answering 409 form_expired; a token that is sent is still verified.',
    wrap: onSubmission(async (body, found, state) =>
      typeof body.token === 'string' && body.token !== '' ? body : { ...body, token: await oldEnoughToken(state, found) },
    ),
  },
  {
    name: 'form-token-signature-not-checked',
    area: 'forms',
    proves: ['forms.config-token-proves-load', 'forms.token-forged', 'forms.error-form-expired'],
    description:
      'Any token that is sent is believed: a forged or edited one is taken instead of answering 409 form_expired (only a missing one is refused).',
    wrap: onSubmission(async (body, found, state) => {
      if (typeof body.token !== 'string' || body.token === '' || (await tokenTime(state, found, body.token)) !== undefined) return body;
      return { ...body, token: await oldEnoughToken(state, found) };
    }),
  },
  {
    name: 'form-token-never-expires',
    area: 'forms',
    proves: ['forms.config-token-proves-load', 'forms.token-day-old', 'forms.error-form-expired'],
    description: 'A token a day old or older is still taken instead of answering 409 form_expired.',
    wrap: onSubmission(async (body, found, state) => {
      const at = await tokenTime(state, found, body.token);
      return at !== undefined && found.workspace.now() - at >= TOKEN_LIFETIME_MS
        ? { ...body, token: await oldEnoughToken(state, found) }
        : body;
    }),
  },
  {
    name: 'form-expired-as-400',
    area: 'forms',
    proves: [
      'errors.code-status',
      'forms.config-token-proves-load',
      'forms.token-missing',
      'forms.token-forged',
      'forms.token-day-old',
      'forms.error-form-expired',
    ],
    description: 'A missing, forged or day-old token answers 400 form_expired instead of 409.',
    wrap: onErrorCode('form_expired', (response) => changed(response, { status: 400 })),
  },
  {
    name: 'form-min-ms-ignored',
    area: 'forms',
    proves: ['forms.config-token-proves-load', 'forms.config-min-ms', 'forms.drop-too-fast'],
    description:
      'The time between load and submit is not compared with min_ms: a submission faster than min_ms opens a lead instead of being dropped.',
    wrap: onSubmission(async (body, found, state) => {
      const at = await tokenTime(state, found, body.token);
      return at !== undefined && found.workspace.now() - at < found.form.min_ms
        ? { ...body, token: await oldEnoughToken(state, found) }
        : body;
    }),
  },
  {
    name: 'form-honeypot-ignored',
    area: 'forms',
    proves: ['forms.drop-honeypot'],
    description: 'The hidden website field is not looked at: a submission with it filled opens a lead instead of being dropped.',
    wrap: onSubmission(({ website: _ignored, ...body }) => body),
  },
  {
    name: 'form-honeypot-refused',
    area: 'forms',
    proves: ['forms.drop-honeypot'],
    description:
      'A filled website field answers 422 validation_failed naming it, telling a bot it was caught, instead of the same 201 as a success.',
    // Checked as if it were one of the form's fields, which it is not: the mock refuses the unknown answer under its name.
    wrap: onSubmission(({ website, ...body }) =>
      typeof website === 'string' && website.trim() !== '' && isPlainObject(body.answers)
        ? { ...body, answers: { ...body.answers, website } }
        : body,
    ),
  },
  {
    name: 'form-consent-not-required',
    area: 'forms',
    proves: ['forms.consent-required', 'forms.consent-refusal-422'],
    description: 'consent is not checked: a submission to a form with consent text is taken without consent, or with consent false.',
    wrap: onSubmission((body) => ({ ...body, consent: true })),
  },
  {
    name: 'form-consent-false-accepted',
    area: 'forms',
    proves: ['forms.consent-required'],
    description: 'Only a missing consent is refused; consent: false is taken as given.',
    wrap: onSubmission((body) => (body.consent === false ? { ...body, consent: true } : body)),
  },
  {
    name: 'form-card-numbers-accepted',
    area: 'forms',
    proves: ['forms.card-numbers'],
    description:
      'Card numbers are only recognized as one unbroken run of digits: one typed in groups (4111 1111 1111 1111) is accepted and kept.',
    // The groups are joined by figure spaces, which look the same and which the mock's detection does not bridge.
    wrap: onSubmission((body) => {
      if (!isPlainObject(body.answers)) return body;
      const answers = Object.fromEntries(
        Object.entries(body.answers).map(([id, answer]) => [
          id,
          typeof answer === 'string' && containsCardNumber(answer) && !unbrokenCardNumber(answer)
            ? answer.replace(/(\d)[ -](?=\d)/g, '$1\u2007')
            : answer,
        ]),
      );
      return { ...body, answers };
    }),
  },
  {
    name: 'form-submit-answers-200',
    area: 'forms',
    proves: ['forms.submit-success', 'errors.documented-statuses'],
    description: 'An accepted submission answers 200 instead of 201.',
    wrap: onOperation('submitForm', async (next, request, info) => {
      const response = await next(request, info);
      return response.status === 201 ? changed(response, { status: 200 }) : response;
    }),
  },
  {
    name: 'form-lead-source-website',
    area: 'forms',
    proves: ['forms.effect-source-webform'],
    description: 'A lead opened by a form submission gets source website instead of webform.',
    ...afterSubmission(async (workspace, kept) => {
      if (kept.lead_created) await workspace.tables.leads.update(kept.lead_id, (draft) => void (draft.source = 'website'));
    }),
  },
  {
    name: 'form-errors-ignore-lang',
    area: 'forms',
    proves: ['forms.field-errors-language', 'forms.field-errors-locale-header'],
    description: "The submission's lang is not read: field errors come in the form's default language whatever the visitor's.",
    wrap: onSubmission(({ lang: _ignored, ...body }) => body),
  },
  {
    name: 'form-errors-without-locale',
    area: 'forms',
    proves: ['forms.field-errors-locale-header'],
    description: "A submission's 422 carries no X-Svc-Locale naming the language its messages are in.",
    wrap: onOperation(['submitForm', 'preflightFormSubmit'], (next, request, info) =>
      onErrorCode('validation_failed', (response) => changed(response, { headers: { 'x-svc-locale': null } }))(next)(request, info),
    ),
  },
  {
    name: 'form-long-answers-truncated',
    area: 'forms',
    proves: ['forms.limit-answer-length'],
    description: 'An answer over 5,000 characters is cut to 5,000 and kept instead of being refused with 422 validation_failed.',
    wrap: onSubmission((body) => {
      if (!isPlainObject(body.answers)) return body;
      const cut = (answer: unknown) =>
        typeof answer === 'string' && [...answer].length > ANSWER_LIMITS.characters
          ? [...answer].slice(0, ANSWER_LIMITS.characters).join('')
          : answer;
      return { ...body, answers: Object.fromEntries(Object.entries(body.answers).map(([id, answer]) => [id, cut(answer)])) };
    }),
  },
  {
    name: 'form-answers-past-40-dropped',
    area: 'forms',
    proves: ['forms.limit-answers'],
    description: 'Only the first 40 answers are read: a submission of more is taken, the rest left out, instead of being refused.',
    wrap: onSubmission((body) =>
      isPlainObject(body.answers)
        ? { ...body, answers: Object.fromEntries(Object.entries(body.answers).slice(0, ANSWER_LIMITS.answers)) }
        : body,
    ),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'form-answer-5000-refused',
    area: 'forms',
    proves: ['forms.limit-answer-length'],
    description:
      'A form answer of exactly 5,000 characters is refused with 422 under its field: the check is length < 5000 (spec 8: 5,000 characters per answer).',
    // One character more than sent, for the mock's own refusal.
    wrap: onOperation('submitForm', async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent?.answers || typeof sent.answers !== 'object') return next(request, info);
      const entries = Object.entries(sent.answers);
      if (!entries.some(([, value]) => typeof value === 'string' && value.length === 5000)) return next(request, info);
      return next(
        withJson(request, {
          ...sent,
          answers: Object.fromEntries(
            entries.map(([key, value]) => [key, typeof value === 'string' && value.length === 5000 ? `${value}x` : value]),
          ),
        }),
        info,
      );
    }),
  },
  {
    name: 'form-success-without-redirect-url',
    area: 'forms',
    proves: ['forms.submit-success', 'responses.shape.submit-form'],
    description:
      'An accepted submission of a form without a redirect answers {ok, success} with redirect_url left out instead of present (null) (spec 4.12: 201 {ok: true, success, redirect_url}).',
    wrap: onOperation('submitForm', async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 201) return response;
      const body = await jsonOf(response);
      if (!body || body.redirect_url !== null) return response;
      const { redirect_url: _none, ...rest } = body;
      return changed(response, { body: rest });
    }),
  },
  {
    name: 'form-utm-not-kept',
    area: 'forms',
    proves: ['forms.effect-utm'],
    description:
      "A submission's utm is never read: the lead it opens has an empty utm and form.submitted carries none (spec 4.12: the lead gets utm, referrer, landing_page).",
    wrap: onSubmission(({ utm: _utm, ...body }) => body),
  },
  {
    name: 'form-email-lookup-case-sensitive',
    area: 'forms',
    proves: ['forms.effect-client-by-email-any-case'],
    description:
      'A returning client is looked up by the email exactly as typed (a case-sensitive comparison before lowercasing): Ali@Example.UZ does not find the client stored as ali@example.uz, and a second contact is made (spec 4.12: the client is looked up by phone, then email; 2.4: emails are lowercased).',
    wrap: (next, state) =>
      onOperation('submitForm', async (inner, request, info, routed) => {
        const found = formOf(state, routed);
        const sent = found ? await sentJson(request) : undefined;
        if (!found || !isPlainObject(sent) || !isPlainObject(sent.answers)) return inner(request, info);
        const { workspace, form } = found;
        const typedOf = (type: string) =>
          form.fields
            .filter((field) => field.type === type)
            .map((field) => (sent.answers as Body)[field.id])
            .filter((answer): answer is string => typeof answer === 'string');
        const phones = typedOf('phone').flatMap((phone) => {
          try {
            return [normalizePhone(phone)];
          } catch {
            return [];
          }
        });
        const mixedCase = typedOf('email')
          .map((email) => email.trim())
          .filter((email) => email !== email.toLowerCase());
        const hidden = mixedCase
          .flatMap((email) => workspace.tables.contacts.findBy('email', email.toLowerCase()))
          .filter((contact) => isLive(contact) && !contact.phones.some((phone) => phones.includes(phone)));
        if (!hidden.length) return inner(request, info);
        // What the case-sensitive lookup misses is kept out of sight while the submission runs.
        const marker = new Date(workspace.now()).toISOString();
        for (const contact of hidden) await workspace.tables.contacts.update(contact.id, (draft) => void (draft.deleted_at = marker));
        try {
          return await inner(request, info);
        } finally {
          for (const contact of hidden) await workspace.tables.contacts.update(contact.id, (draft) => void (draft.deleted_at = null));
        }
      })(next, state),
  },
];
