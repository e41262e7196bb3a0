// Spec 4.12: a valid submission (no credential, the configuration's token, answers keyed by field
// id) answers 201 {ok: true, success, redirect_url} and makes a contact of the visitor and a lead
// with source webform and the utm sent.
import type { ActiveCheck } from '../../check.ts';
import { acceptedProblem, credentialsAskedProblem } from './form-effect-kit.ts';
import { findRecordsOf, loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs } from '../../kits/form-kit.ts';

export const submission: ActiveCheck = {
  kind: 'active',
  id: 'forms.submission',
  area: 'forms',
  title: 'a valid submission answers 201 {ok: true, success, redirect_url} and opens a lead with source webform and the utm sent',
  spec: '4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'submission');
    const { config } = await loadConfig(context, formId).catch((error: unknown) => {
      // No submission is made: whether one asks for credentials is not seen (forms.configuration judges the load).
      context.skipRule('auth.public-forms-no-credentials', 'no submission was made: the configuration to submit with did not load');
      throw error;
    });
    await waitOutMinMs(context, config);
    const utm = { utm_source: 'conformance', utm_campaign: context.runId };
    const sent = await submitForm(
      context,
      formId,
      validSubmission(config, person, { utm, landing_page: 'https://conformance.example/landing' }),
    );
    const accepted = acceptedProblem(sent, 'a valid submission without credentials');
    for (const rule of ['forms.route-submit', 'forms.no-credentials', 'forms.submit-token', 'forms.submit-success'])
      context.judge(rule, accepted, sent);
    // Spec 5.1's wording of the rule (auth.yaml), broken only by an answer asking for credentials.
    context.judge('auth.public-forms-no-credentials', credentialsAskedProblem(sent, 'a valid submission without credentials'), sent);
    if (accepted) return;
    // A deployment may file it a moment later; a mock at once.
    const found = await findRecordsOf(context, person, context.target.mock ? 0 : 15_000);
    if (!found)
      return context.skip(
        'answered 201 {ok: true, success, redirect_url}; whether a lead appeared could not be seen: the API key cannot list contacts and leads (contacts:read, leads:read)',
      );
    const noContact =
      !found.contacts.length && `answered 201, but no contact with the visitor's email, phone or name (${person.email}) appeared`;
    context.judge('forms.effect-new-client', noContact, sent);
    context.judge('forms.submit-answers-by-field-id', noContact, sent);
    const lead = found.leads.find((candidate) => candidate.source === 'webform');
    context.judge(
      'forms.effect-source-webform',
      !lead &&
        `answered 201, but the visitor has no lead with source webform (leads: ${found.leads.map((candidate) => `${candidate.id} source ${candidate.source}`).join(', ') || 'none'})`,
      sent,
    );
    const utmLead = lead ?? found.leads[0];
    context.judge(
      'forms.effect-utm',
      (utmLead?.utm?.utm_source !== utm.utm_source || utmLead?.utm?.utm_campaign !== utm.utm_campaign) &&
        `the lead's utm is ${JSON.stringify(utmLead?.utm)}, not the ${JSON.stringify(utm)} sent`,
      sent,
    );
  },
};
