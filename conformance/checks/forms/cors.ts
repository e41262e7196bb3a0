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
    // does not matter: no answer of these routes, allowed or refused, may allow credentials.
    const preflight = (suffix: string, method: string) =>
      context.client.send('OPTIONS', formPath(formId, suffix), {
        key: null,
        origin: 'workspace',
        headers: { origin: VISITOR_ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
    const answers: [string, Exchange][] = [
      ['the preflight of the configuration', await preflight('', 'GET')],
      ['the configuration', await loadForm(context, formId, { origin: VISITOR_ORIGIN })],
      ['the preflight of a submission', await preflight('/submit', 'POST')],
    ];
    for (const [what, exchange] of answers) {
      const credentials = exchange.headers['access-control-allow-credentials'];
      if (credentials?.trim().toLowerCase() === 'true') context.fail(`${what} from ${VISITOR_ORIGIN} answered Access-Control-Allow-Credentials: true; CORS never allows credentials`, exchange);
    }
  },
};
