// Spec 2.14 and 4.12: the configuration loads from {workspace_url} without credentials or
// cookies as `{id, lang, title, submit, consent, fields[], color, token, min_ms}`, each field
// `{id, type, label, required, autocomplete}`, `consent` a string ("" without consent text), and
// its CORS allows no credentials. The inputs' open_form_id (a form without consent text) shows consent "".
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { credentialsAskedProblem } from './form-effect-kit.ts';
import { loadForm, needForm } from '../../kits/form-kit.ts';

const isString = (value: unknown) => typeof value === 'string';

/**
 * The inputs' form without consent text (open_form_id; on a mock submission-effect makes one)
 * shows `consent: ""` (spec 2.14). Without allowed websites, a load without Origin is not refused for it.
 */
async function judgeOpenForm(context: CheckContext): Promise<void> {
  const formId = context.target.openFormId;
  if (!formId) return;
  const loaded = await loadForm(context, formId, { lang: 'en' });
  context.judge(
    'forms.config-consent-empty',
    (loaded.status !== 200 || loaded.json?.consent !== '') &&
      `the form without consent text (open_form_id) answered ${loaded.status} with consent ${JSON.stringify(loaded.json?.consent)}, not ""`,
    loaded,
  );
}

export const configuration: ActiveCheck = {
  kind: 'active',
  id: 'forms.configuration',
  area: 'forms',
  title:
    'a form configuration loads without credentials: {id, lang, title, submit, consent, fields[], color, token, min_ms}, no cookies, CORS without credentials',
  spec: '2.14, 4.12',
  basis: 'documented',
  writes: false,
  async run(context) {
    const formId = needForm(context);
    // No API key and no cookie: the visitor's browser has neither (spec 4.12).
    const loaded = await loadForm(context, formId, { lang: 'en' });
    const loadProblem = loaded.status !== 200 && `loading the configuration without credentials answered ${loaded.status}, not 200`;
    context.judge('forms.route-config', loadProblem, loaded);
    context.judge('forms.no-credentials', loadProblem, loaded);
    // The same rule as spec 5.1 words it (auth.yaml), broken only by an answer asking for credentials.
    context.judge(
      'auth.public-forms-no-credentials',
      credentialsAskedProblem(loaded, 'loading the configuration without credentials'),
      loaded,
    );
    if (loadProblem) context.fail(loadProblem, loaded, 'forms.route-config');
    const config = loaded.json;
    const problems = (checks: [boolean, string][]) =>
      checks
        .filter(([ok]) => !ok)
        .map(([, problem]) => problem)
        .join('; ') || undefined;

    context.judge(
      'forms.config-fields',
      problems([
        [config?.id === formId, `id is ${JSON.stringify(config?.id)}, not the form's ${formId}`],
        ...['lang', 'title', 'submit', 'color'].map((key): [boolean, string] => [isString(config?.[key]), `${key} is not a string`]),
        [isString(config?.token) && config.token !== '', 'token is missing: a submission has nothing to prove when the form was loaded'],
        [Array.isArray(config?.fields), 'fields is not a list'],
        [isString(config?.consent), 'consent is missing'],
        [config && 'min_ms' in config, 'min_ms is missing'],
      ]),
      loaded,
    );
    const fields: any[] = Array.isArray(config?.fields) ? config.fields : [];
    context.judge(
      'forms.config-field-fields',
      problems(
        fields.map((field): [boolean, string] => [
          isString(field?.id) &&
            isString(field?.type) &&
            isString(field?.label) &&
            typeof field?.required === 'boolean' &&
            isString(field?.autocomplete),
          `field ${JSON.stringify(field?.id)} is not {id, type, label, required, autocomplete}`,
        ]),
      ),
      loaded,
    );
    // `consent` is "" on a form without consent text, never left out (spec 2.14).
    context.judge(
      'forms.config-consent-empty',
      !isString(config?.consent) && 'consent is not a string ("" when the form has no consent text)',
      loaded,
    );
    await judgeOpenForm(context);
    context.judge(
      'forms.config-min-ms',
      !(Number.isInteger(config?.min_ms) && config.min_ms >= 0) &&
        `min_ms is ${JSON.stringify(config?.min_ms)}, not a whole number of milliseconds`,
      loaded,
    );
    context.judge(
      'forms.no-cookies',
      loaded.headers['set-cookie'] !== undefined && 'the answer sets a cookie; the form routes use none',
      loaded,
    );
    context.judge(
      'forms.cors-no-credentials',
      loaded.headers['access-control-allow-credentials']?.trim().toLowerCase() === 'true' &&
        'Access-Control-Allow-Credentials: true; CORS never allows credentials',
      loaded,
    );
  },
};
