// Spec 4.12: "CORS never allows credentials" (no Access-Control-Allow-Credentials: true on any
// answer or preflight of the form routes), and a form without allowed websites may be loaded from
// any website (the form under test is loaded from another origin).
import type { ActiveCheck } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { formPath, loadForm, needForm, VISITOR_ORIGIN } from '../../form-kit.ts';

export const cors: ActiveCheck = {
  kind: 'active',
  id: 'forms.cors',
  family: 'forms',
  title: 'CORS on the form routes never allows credentials: no Access-Control-Allow-Credentials: true, on preflights or answers',
  spec: '4.12',
  basis: 'documented',
  writes: false,
  async run(context) {
    const formId = needForm(context);
    // From another website, as a page embedding the widget calls. Whether this origin is allowed
    // does not matter to credentials: no answer of these routes, allowed or refused, may allow them.
    const preflight = (suffix: string, method: string) =>
      context.client.send('OPTIONS', formPath(formId, suffix), {
        key: null,
        origin: 'workspace',
        headers: { origin: VISITOR_ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
    const loaded = await loadForm(context, formId, { origin: VISITOR_ORIGIN });
    const refusedByList = loaded.status === 403 && loaded.json?.error?.code === 'origin_not_allowed';
    // A form whose allowed websites leave this origin out rightly refuses it: then nothing is learned about open forms.
    if (refusedByList)
      context.skipRule(
        'forms.origins-open-without-list',
        `the form under test restricts its websites (403 origin_not_allowed from ${VISITOR_ORIGIN}): it is no open form`,
      );
    else
      context.judge(
        'forms.origins-open-without-list',
        loaded.status !== 200 && `loading the form from ${VISITOR_ORIGIN} answered ${loaded.status}, not 200`,
        loaded,
      );
    const answers: [string, Exchange][] = [
      ['the preflight of the configuration', await preflight('', 'GET')],
      ['the configuration', loaded],
      ['the preflight of a submission', await preflight('/submit', 'POST')],
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
