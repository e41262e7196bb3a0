import type { ActiveCheck } from '../../check.ts';
import { loadForm, needForm } from '../../form-kit.ts';

const isString = (value: unknown) => typeof value === 'string';

export const configuration: ActiveCheck = {
  kind: 'active',
  id: 'forms.configuration',
  family: 'forms',
  title: 'a form configuration loads without credentials: {id, lang, title, submit, consent, fields[], color, token, min_ms}, no cookies, CORS without credentials',
  spec: '2.14, 4.12',
  basis: 'documented',
  writes: false,
  async run(context) {
    const formId = needForm(context);
    // No API key and no cookie: the visitor's browser has neither (spec 4.12).
    const loaded = await loadForm(context, formId, { lang: 'en' });
    if (loaded.status !== 200) context.fail(`loading the configuration without credentials answered ${loaded.status}, not 200`, loaded);
    const config = loaded.json;
    const problems: string[] = [];
    const expect = (ok: boolean, problem: string) => void (ok || problems.push(problem));
    expect(config?.id === formId, `id is ${JSON.stringify(config?.id)}, not the form's ${formId}`);
    for (const key of ['lang', 'title', 'submit', 'color']) expect(isString(config?.[key]), `${key} is not a string`);
    // `consent` is "" on a form without consent text, never left out (spec 2.14).
    expect(isString(config?.consent), 'consent is not a string ("" when the form has no consent text)');
    expect(isString(config?.token) && config.token !== '', 'token is missing: a submission has nothing to prove when the form was loaded');
    expect(Number.isInteger(config?.min_ms) && config.min_ms >= 0, `min_ms is ${JSON.stringify(config?.min_ms)}, not a whole number of milliseconds`);
    expect(Array.isArray(config?.fields), 'fields is not a list');
    for (const field of Array.isArray(config?.fields) ? config.fields : []) {
      const ok = isString(field?.id) && isString(field?.type) && isString(field?.label) && typeof field?.required === 'boolean' && isString(field?.autocomplete);
      expect(ok, `field ${JSON.stringify(field?.id)} is not {id, type, label, required, autocomplete}`);
    }
    expect(loaded.headers['set-cookie'] === undefined, 'the answer sets a cookie; the form routes use none');
    expect(loaded.headers['access-control-allow-credentials']?.trim().toLowerCase() !== 'true', 'Access-Control-Allow-Credentials: true; CORS never allows credentials');
    if (problems.length) context.fail(`the configuration: ${problems.join('; ')}`, loaded);
  },
};
