// Spec 4.12: "CORS never allows credentials" (no Access-Control-Allow-Credentials: true on any
// answer or preflight of the form routes), and a form without allowed websites may be loaded from
// any website: on a crmkit mock a form of the check's own without a list (control API), whose
// list is known; on a deployment the form under test, whose list the interface does not show.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { loadForm, needForm, VISITOR_ORIGIN } from '../../kits/form-kit.ts';
import { controlCall } from '../../mock-control.ts';

export const cors: ActiveCheck = {
  kind: 'active',
  id: 'forms.cors',
  area: 'forms',
  title: 'CORS on the form routes never allows credentials: no Access-Control-Allow-Credentials: true, on preflights or answers',
  spec: '4.12',
  basis: 'documented',
  writes: false,
  async run(context) {
    const formId = needForm(context);
    // From another website, as a page embedding the widget calls. Whether this origin is allowed
    // does not matter to credentials: no answer of these routes, allowed or refused, may allow them.
    const preflight = (operation: 'preflightFormConfig' | 'preflightFormSubmit', method: string) =>
      context.client.call(operation, {
        path: { form_id: formId },
        key: null,
        origin: 'workspace',
        headers: { origin: VISITOR_ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
    const loaded = await loadForm(context, formId, { origin: VISITOR_ORIGIN });
    await judgeOpenForm(context, loaded);
    const answers: [string, Exchange][] = [
      ['the preflight of the configuration', await preflight('preflightFormConfig', 'GET')],
      ['the configuration', loaded],
      ['the preflight of a submission', await preflight('preflightFormSubmit', 'POST')],
    ];
    for (const [what, exchange] of answers) {
      const credentials = exchange.headers['access-control-allow-credentials'];
      context.judge(
        'forms.cors-no-credentials',
        credentials?.trim().toLowerCase() === 'true' &&
          `${what} from ${VISITOR_ORIGIN} answered Access-Control-Allow-Credentials: true; CORS never allows credentials`,
        exchange,
      );
    }
  },
};

/** forms.origins-open-without-list: a form without allowed websites loads from another website. */
async function judgeOpenForm(context: CheckContext, underTest: Exchange): Promise<void> {
  // Only the mock's form writes (control API), and not in a read-only run.
  const mock = context.target.readOnly ? undefined : context.target.mock;
  const open = mock
    ? await loadForm(context, (await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, openForm(context))).id, {
        origin: VISITOR_ORIGIN,
      })
    : underTest;
  // A deployment's form under test that refuses this origin rightly restricts its websites: then nothing is learned about open forms.
  if (!mock && open.status === 403 && open.json?.error?.code === 'origin_not_allowed')
    return context.skipRule(
      'forms.origins-open-without-list',
      `the form under test restricts its websites (403 origin_not_allowed from ${VISITOR_ORIGIN}): it is no open form`,
    );
  context.judge(
    'forms.origins-open-without-list',
    open.status !== 200 && `loading a form without allowed websites from ${VISITOR_ORIGIN} answered ${open.status}, not 200`,
    open,
  );
}

/** A form of the check's own with no allowed websites (spec 2.14: allowed_origins empty). */
const openForm = (context: CheckContext) => ({ name: `conformance ${context.runId} open`, allowed_origins: [], min_ms: 0 });
