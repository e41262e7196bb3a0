import type { ActiveCheck } from '../../check.ts';
import { expectRefusal, loadConfig, loadForm, submitForm, validSubmission, visitor } from '../../form-kit.ts';
import { controlCall } from '../../mock-control.ts';

const ALLOWED = ['https://shop.example', 'https://*.shop.example'];

export const origins: ActiveCheck = {
  kind: 'active',
  id: 'forms.origins',
  family: 'forms',
  title: "a form with allowed websites is loaded and submitted only from those origins (exact, or https://*.<domain>); others get 403 origin_not_allowed",
  spec: '4.12, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock = context.target.mock;
    // Against a deployment the suite cannot learn whether --form-id restricts origins, nor to which:
    // an open form answers every origin, rightly, so nothing could be concluded.
    if (!mock) return context.skip("the form's allowed websites cannot be learned through the interface; checked against a crmkit mock, which makes a form restricted to them");
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, { name: `conformance ${context.runId} origins`, allowed_origins: ALLOWED, min_ms: 0 });
    for (const origin of ['https://shop.example', 'https://www.shop.example']) {
      const loaded = await loadForm(context, form.id, { origin });
      if (loaded.status !== 200) context.fail(`loading from ${origin}, allowed by ${ALLOWED.join(', ')}, answered ${loaded.status}, not 200`, loaded);
    }
    for (const origin of ['https://elsewhere.example', 'https://shop.example.elsewhere.example', 'http://shop.example', 'https://shop.example:8443', 'https://notshop.example']) {
      const loaded = await loadForm(context, form.id, { origin });
      expectRefusal(context, loaded, 403, 'origin_not_allowed', `loading from ${origin}, which ${ALLOWED.join(', ')} do not allow,`);
    }
    // A submission from a foreign page, with a genuine token: the origin alone is wrong.
    const { config } = await loadConfig(context, form.id, { origin: 'https://shop.example' });
    const foreign = await submitForm(context, form.id, validSubmission(config, visitor(context, 'origins')), { origin: 'https://elsewhere.example' });
    expectRefusal(context, foreign, 403, 'origin_not_allowed', 'a submission from https://elsewhere.example');
  },
};
