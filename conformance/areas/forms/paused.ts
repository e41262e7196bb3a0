// Spec 4.12 and 7.3: "paused or deleted forms answer 404 form_unavailable", to loading and to
// submitting, and their hosted pages answer 404. A deleted form's id is, to these routes, an id no form has: that part runs anywhere.
// A paused form needs a crmkit mock, which makes one (forms are paused in the web app).
import { randomBytes } from 'node:crypto';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { refusalProblem } from './form-effect-kit.ts';
import { loadForm, submitForm } from '../../kits/form-kit.ts';
import { controlCall } from '../../mock-control.ts';

/** An id of the shape of crmkit's form ids that no form has. */
const goneFormId = () => `fm_${[...randomBytes(26)].map((byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('')}`;

export const paused: ActiveCheck = {
  kind: 'active',
  id: 'forms.paused',
  area: 'forms',
  title: 'a paused or deleted form answers 404 form_unavailable, both to loading its configuration and to a submission',
  spec: '4.12, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const gone = goneFormId();
    for (const exchange of [
      await loadForm(context, gone),
      await submitForm(context, gone, { token: 'conformance', answers: { phone: '+998901234567' }, consent: true }),
    ]) {
      // Only the deleted-form rule, which carries the reading that an unknown id stands for a deleted form.
      context.judge(
        'forms.unavailable-deleted',
        refusalProblem(exchange, 404, 'form_unavailable', `${exchange.request.method} of a form that does not exist (deleted)`),
        exchange,
      );
    }
    await judgeHostedPage(context, 'forms.hosted-page-unavailable', gone, 'a form that does not exist (deleted)');

    const mock = context.target.mock;
    // A deployment's forms are paused in its web app, which the interface does not reach.
    if (!mock)
      return context.skip(
        'a deleted form answers form_unavailable (judged); a form cannot be paused through the interface, so a paused one is checked against a crmkit mock',
      );
    // The control API has no route to change a form: it is made paused from the start.
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} paused`,
      status: 'paused',
      min_ms: 0,
    });
    const loaded = await loadForm(context, form.id);
    // Whatever the body: a paused form takes nothing (a token loaded before the pause included, which no check can make).
    const sent = await submitForm(context, form.id, {
      token: 'conformance',
      answers: { name: `conformance ${context.runId}`, phone: '+998901234567' },
      consent: true,
    });
    for (const [exchange, what] of [
      [loaded, 'loading the configuration of a paused form'],
      [sent, 'a submission to a paused form'],
    ] as const) {
      const problem = refusalProblem(exchange, 404, 'form_unavailable', what);
      context.judge('forms.unavailable-paused', problem, exchange);
      context.judge('forms.error-form-unavailable', problem, exchange);
    }
    await judgeHostedPage(context, 'forms.hosted-page-paused', form.id, 'a paused form');
  },
};

/** The hosted page of a form that is not available answers 404 too (a browser gets a page, so no envelope is asked for). */
async function judgeHostedPage(context: CheckContext, rule: string, formId: string, what: string): Promise<void> {
  const page = await context.client.call('getHostedFormPage', {
    path: { form_id: formId },
    key: null,
    origin: 'workspace',
    headers: { accept: 'text/html' },
  });
  context.judge(rule, page.status === 404 ? undefined : `the hosted page of ${what} answered ${page.status}, not 404`, page);
}
