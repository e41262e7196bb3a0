// Spec 2.14 and 4.12, what a submission does with what the form says: a form without consent text
// shows `consent: ""` and takes a submission without consent; `utm` and `lang` may be left out; the
// phone typed as a visitor types it is kept as +998...; the new lead is in the form's pipeline and
// stage, with its tags, the owner its owner rule gives, the answer of a field tied to a lead custom
// field in that field, the `referrer` and `landing_page` sent, and
// the answers on its timeline; no answer sets a cookie. Only a crmkit mock lets the suite make a
// form with a known pipeline, stage, tags and owner rule, so the check runs there; on a deployment
// only the inputs' open_form_id's `consent: ""` is judged.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { acceptedProblem, leadTimeline, submitOnce } from './form-effect-kit.ts';
import { findRecordsOf, loadConfig, visitor, type Visitor } from '../../kits/form-kit.ts';
import { controlCall, mockWorkspaceId } from '../../mock-control.ts';

/** On a deployment, the inputs' form without consent text (open_form_id) shows `consent: ""` (spec 2.14). */
async function judgeOpenFormConsent(context: CheckContext): Promise<void> {
  if (!context.target.openFormId) return;
  const { config, exchange } = await loadConfig(context, context.target.openFormId);
  context.judge(
    'forms.config-consent-empty',
    config.consent !== '' && `the form without consent text (open_form_id) shows consent ${JSON.stringify(config.consent)}, not ""`,
    exchange,
  );
}

const REFERRER = 'https://search.example/?q=conformance';
const BUDGET = 'conformance budget 1000';

export const submissionEffect: ActiveCheck = {
  kind: 'active',
  id: 'forms.submission-effect',
  area: 'forms',
  title:
    "a submission to a form without consent text opens a lead in the form's pipeline and stage, with its tags and owner rule, the referrer and landing page, a normalized phone, and the answers on its timeline",
  spec: '2.14, 4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock = context.target.mock;
    if (!mock) await judgeOpenFormConsent(context);
    if (!mock)
      return context.skip(
        "a form's pipeline, stage, tags and owner rule cannot be learned or set through the interface; checked against a crmkit mock, which makes such a form",
      );
    const setup = await formSetup(context);
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} effect`,
      min_ms: 0,
      default_lang: 'en',
      texts: { en: { title: 'Conformance', submit: 'Send', consent: '' } },
      fields: [
        { id: 'name', type: 'text', labels: { en: 'Name' }, required: true, autocomplete: 'name' },
        { id: 'phone', type: 'phone', labels: { en: 'Phone' }, required: true, autocomplete: 'tel' },
        { id: 'email', type: 'email', labels: { en: 'Email' }, required: false, autocomplete: 'email' },
        { id: 'budget', type: 'text', labels: { en: 'Budget' }, required: false, autocomplete: 'off', custom_key: setup.customKey },
      ],
      pipeline_id: setup.pipelineId,
      stage_id: setup.stageId,
      tags: [setup.tag],
      owner_rule: { type: 'member', member_ids: [setup.ownerId], keep_client_owner: false },
    });
    const { config, exchange: loaded } = await loadConfig(context, form.id);
    context.judge(
      'forms.config-consent-empty',
      config.consent !== '' && `a form without consent text shows consent ${JSON.stringify(config.consent)}, not ""`,
      loaded,
    );

    const person = visitor(context, 'effect');
    const landingPage = `https://conformance.example/landing?run=${context.runId}`;
    // No consent, no utm, no lang: none is required of this form.
    const sent = await submitOnce(context, form.id, {
      token: config.token,
      answers: { name: person.name, phone: asTyped(person), email: person.email, budget: BUDGET },
      referrer: REFERRER,
      landing_page: landingPage,
    });
    const acceptProblem = acceptedProblem(sent, 'a submission without consent, utm and lang to a form without consent text');
    // A 422 says which answer it refused: the phone as typed, or the consent not asked for.
    const refusedFields = Object.keys(sent.json?.error?.fields ?? {});
    if (acceptProblem && refusedFields.includes('phone'))
      context.judge('forms.submit-phone-normalized', `the phone typed as ${asTyped(person)} was refused: ${acceptProblem}`, sent);
    else if (acceptProblem && refusedFields.includes('consent'))
      context.judge('forms.consent-not-required-without-text', acceptProblem, sent);
    else {
      context.judge('forms.consent-not-required-without-text', acceptProblem, sent);
      context.judge('forms.submit-optional-fields', acceptProblem, sent);
    }
    context.judge(
      'forms.no-cookies',
      sent.headers['set-cookie'] !== undefined &&
        `the submission's answer sets a cookie (${sent.headers['set-cookie']}); the form routes use none`,
      sent,
    );
    if (acceptProblem) {
      const unjudged = [
        'forms.submit-phone-normalized',
        'forms.effect-pipeline-stage',
        'forms.effect-tags',
        'forms.effect-owner-rule',
        'forms.effect-custom-answers',
        'forms.effect-referrer-landing-page',
        'forms.effect-timeline-answers',
      ];
      for (const rule of unjudged)
        if (!context.verdicts.some((verdict) => verdict.rule === rule))
          context.skipRule(rule, 'the submission was refused, so it had no effect to judge');
      return;
    }

    const found = await findRecordsOf(context, person);
    const contact = found?.contacts[0];
    const lead = found?.leads[0];
    if (!contact || !lead)
      return context.fail(
        `the submission answered 201, but the visitor has ${contact ? 'no lead' : 'no contact'}`,
        sent,
        'forms.effect-pipeline-stage',
      );
    context.judge(
      'forms.submit-phone-normalized',
      !(contact.phones ?? []).includes(person.phone) &&
        `the phone typed as ${asTyped(person)} was kept as ${JSON.stringify(contact.phones)}, not ${person.phone}`,
      sent,
    );
    context.judge(
      'forms.effect-pipeline-stage',
      (lead.pipeline_id !== setup.pipelineId || lead.stage_id !== setup.stageId) &&
        `the lead is in pipeline ${lead.pipeline_id}, stage ${lead.stage_id}, not the form's ${setup.pipelineId}, ${setup.stageId}`,
      sent,
    );
    context.judge(
      'forms.effect-tags',
      !(lead.tags ?? []).includes(setup.tag) && `the lead's tags are ${JSON.stringify(lead.tags)}, without the form's tag ${setup.tag}`,
      sent,
    );
    context.judge(
      'forms.effect-owner-rule',
      lead.owner_id !== setup.ownerId && `the lead's owner is ${lead.owner_id}, not ${setup.ownerId}, whom the form's owner rule names`,
      sent,
    );
    context.judge(
      'forms.effect-custom-answers',
      lead.custom?.[setup.customKey] !== BUDGET &&
        `the lead's custom ${setup.customKey} is ${JSON.stringify(lead.custom?.[setup.customKey])}, not the answer ${JSON.stringify(BUDGET)} of the field tied to it`,
      sent,
    );
    context.judge(
      'forms.effect-referrer-landing-page',
      (lead.referrer !== REFERRER || lead.landing_page !== landingPage) &&
        `the lead's referrer and landing_page are ${JSON.stringify(lead.referrer)} and ${JSON.stringify(lead.landing_page)}, not the ${REFERRER} and ${landingPage} sent`,
      sent,
    );

    const timeline = await leadTimeline(context, lead.id);
    const shows = (value: string) => (timeline ?? []).some((item) => JSON.stringify(item.data ?? {}).includes(value));
    const missing = [person.name, person.email].filter((value) => !shows(value));
    context.judge(
      'forms.effect-timeline-answers',
      (timeline === undefined || missing.length > 0) &&
        `the lead's timeline ${timeline === undefined ? 'could not be read' : `shows no item with the answers ${missing.join(', ')}`}`,
    );
  },
};

/** The visitor's phone as people type it: national digits in groups, with brackets and dashes. */
function asTyped(person: Visitor): string {
  const national = person.phone.replace(/^\+998/, '');
  return `(${national.slice(0, 2)}) ${national.slice(2, 5)}-${national.slice(5, 7)}-${national.slice(7)}`;
}

/** A pipeline's stage other than its first (a lead placed by default would land in the first), a member to own the lead, a tag and a lead custom field of the run's own. */
async function formSetup(
  context: CheckContext,
): Promise<{ pipelineId: string; stageId: string; ownerId: string; tag: string; customKey: string }> {
  const pipelines = await context.client.call('listPipelines');
  context.expectStatus(pipelines, 200);
  const pipeline = [...(pipelines.json?.data ?? [])]
    .reverse()
    .find((candidate: any) => (candidate.stages ?? []).filter((stage: any) => stage.type === 'open').length >= 2);
  if (!pipeline) context.skip('no pipeline of the workspace has two open stages');
  const stage = pipeline.stages.filter((candidate: any) => candidate.type === 'open')[1];
  const members = await context.client.call('listMembers');
  context.expectStatus(members, 200);
  const owner = (members.json?.data ?? []).find((member: any) => member.status === 'active') ?? members.json?.data?.[0];
  if (!owner) context.skip('the workspace has no member to own a lead');
  const tag = `cf-${context.runId}`.slice(0, 32);
  context.cleanup(() => removeTag(context, tag));
  // Custom fields are made in the web app; the control API makes one (there is no route to delete it).
  const customKey = `conformance_${context.runId.replace(/[^a-z0-9]/g, '')}`.slice(0, 40);
  await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/fields`, {
    entity: 'lead',
    key: customKey,
    label: 'Conformance budget',
    type: 'text',
  });
  return { pipelineId: pipeline.id, stageId: stage.id, ownerId: owner.id, tag, customKey };
}

async function removeTag(context: CheckContext, name: string): Promise<void> {
  const listed = await context.client.call('listTags');
  const tag = (listed.json?.data ?? []).find((candidate: any) => candidate.name === name);
  if (tag) await context.client.call('deleteTag', { path: { id: tag.id } });
}
