// Spec 4.12 and 7.3: with allowed websites set, only those origins (exact, or https://*.<domain>
// for subdomains) may load and submit the form; others get 403 origin_not_allowed. The form's list
// cannot be learned through the interface, so a crmkit mock makes a restricted form.
import type { ActiveCheck } from '../../check.ts';
import { acceptedProblem, refusalProblem } from './form-effect-kit.ts';
import { loadConfig, loadForm, submitForm, validSubmission, visitor } from '../../kits/form-kit.ts';
import { controlCall } from '../../mock-control.ts';

const ALLOWED = ['https://shop.example', 'https://*.shop.example'];

export const origins: ActiveCheck = {
  kind: 'active',
  id: 'forms.origins',
  area: 'forms',
  title:
    'a form with allowed websites is loaded and submitted only from those origins (exact, or https://*.<domain>); others get 403 origin_not_allowed',
  spec: '4.12, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock = context.target.mock;
    // Against a deployment the suite cannot learn whether --form-id restricts origins, nor to which:
    // an open form answers every origin, rightly, so nothing could be concluded.
    if (!mock)
      return context.skip(
        "the form's allowed websites cannot be learned through the interface; checked against a crmkit mock, which makes a form restricted to them",
      );
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} origins`,
      allowed_origins: ALLOWED,
      min_ms: 0,
    });
    for (const [origin, rule] of [
      ['https://shop.example', 'forms.origins-exact'],
      ['https://www.shop.example', 'forms.origins-subdomains'],
      ['https://a.b.shop.example', 'forms.origins-subdomains'],
    ] as const) {
      const loaded = await loadForm(context, form.id, { origin });
      context.judge(
        rule,
        loaded.status !== 200 && `loading from ${origin}, allowed by ${ALLOWED.join(', ')}, answered ${loaded.status}, not 200`,
        loaded,
      );
    }
    for (const origin of [
      'https://elsewhere.example',
      'https://shop.example.elsewhere.example',
      'http://shop.example',
      'https://shop.example:8443',
      'https://notshop.example',
    ]) {
      const loaded = await loadForm(context, form.id, { origin });
      const problem = refusalProblem(
        loaded,
        403,
        'origin_not_allowed',
        `loading from ${origin}, which ${ALLOWED.join(', ')} do not allow,`,
      );
      context.judge('forms.origins-refused', problem, loaded);
      context.judge('forms.error-origin-not-allowed', problem, loaded);
    }
    // A submission from a foreign page, with a genuine token: the origin alone is wrong.
    const { config } = await loadConfig(context, form.id, { origin: 'https://shop.example' });
    const foreign = await submitForm(context, form.id, validSubmission(config, visitor(context, 'origins')), {
      origin: 'https://elsewhere.example',
    });
    const foreignProblem = refusalProblem(foreign, 403, 'origin_not_allowed', 'a submission from https://elsewhere.example');
    context.judge('forms.origins-refused', foreignProblem, foreign);
    context.judge('forms.error-origin-not-allowed', foreignProblem, foreign);
    // The same submission from an allowed page is taken.
    const allowed = await submitForm(context, form.id, validSubmission(config, visitor(context, 'origins-allowed')), {
      origin: 'https://shop.example',
    });
    context.judge('forms.origins-exact', acceptedProblem(allowed, 'a submission from https://shop.example, an allowed website'), allowed);
  },
};
