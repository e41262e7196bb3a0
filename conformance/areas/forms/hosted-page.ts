// Spec 4.12: `{workspace_url}/f/{form_id}` is the form's hosted page (once the workspace is
// verified, which the interface does not show: crmkit serves it for every active form), and "only
// those origins ... and the hosted page may load and submit" a form with allowed websites: a page
// on {workspace_url} is let in whatever the list says. The second half needs a form restricted to
// other websites, which a crmkit mock makes.
import type { ActiveCheck } from '../../check.ts';
import { acceptedProblem, originOf, submitOnce } from './form-effect-kit.ts';
import { loadForm, needForm, validSubmission, visitor, type FormConfig } from '../../kits/form-kit.ts';
import { controlCall } from '../../mock-control.ts';

export const hostedPage: ActiveCheck = {
  kind: 'active',
  id: 'forms.hosted-page',
  area: 'forms',
  title: 'the hosted page /f/{form_id} is an HTML page, and it may load and submit a form restricted to other websites',
  spec: '4.12',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const page = await context.client.call('getHostedFormPage', {
      path: { form_id: formId },
      key: null,
      origin: 'workspace',
      headers: { accept: 'text/html' },
    });
    context.judge(
      'forms.route-hosted-page',
      (page.status !== 200 || !(page.headers['content-type'] ?? '').includes('text/html')) &&
        `GET /f/${formId} answered ${page.status} ${page.headers['content-type'] ?? ''}, not 200 with an HTML page`,
      page,
    );

    const mock =
      context.target.mock ??
      context.skip(
        "the hosted page is judged; a form restricted to other websites cannot be made through the interface, so the hosted page's right to one is checked against a crmkit mock",
      );
    const restricted = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
      name: `conformance ${context.runId} hosted`,
      allowed_origins: ['https://shop.example'],
      min_ms: 0,
    });
    const hostedOrigin = originOf(context.target.workspaceUrl);
    const loaded = await loadForm(context, restricted.id, { origin: hostedOrigin });
    if (loaded.status !== 200)
      return context.judge(
        'forms.origins-hosted-page',
        `loading a form restricted to https://shop.example from the hosted page's origin ${hostedOrigin} answered ${loaded.status} ${loaded.json?.error?.code ?? ''}, not 200`,
        loaded,
      );
    const config = loaded.json as FormConfig;
    const sent = await submitOnce(context, restricted.id, validSubmission(config, visitor(context, 'hosted')), { origin: hostedOrigin });
    context.judge(
      'forms.origins-hosted-page',
      acceptedProblem(sent, `a submission from the hosted page's origin ${hostedOrigin} to a form restricted to https://shop.example`),
      sent,
    );
  },
};
