// Spec 4.12 and 7.1: field errors are 422 validation_failed with `fields` keyed by field id, in the
// visitor's language (the submission's `lang`, named by X-Svc-Locale); `?lang=` chooses the
// configuration's language; codes and field ids do not change with the language.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { refusalProblem } from './form-effect-kit.ts';
import { controlCall } from '../../mock-control.ts';
import { loadConfig, needForm, submitForm, validSubmission, visitor, waitOutMinMs, type FormConfig } from '../../kits/form-kit.ts';

/** The widget's languages (spec 4.12 `data-lang`): two of them must give two languages of messages. */
const LANGUAGES = ['ru', 'uz', 'en'];

const baseOf = (tag: string | undefined) => (tag ?? '').trim().toLowerCase().split('-')[0] ?? '';

export const errorLanguage: ActiveCheck = {
  kind: 'active',
  id: 'forms.error-language',
  area: 'forms',
  title: "field errors come in the visitor's language (lang), named by X-Svc-Locale; codes and field ids stay the same",
  spec: '4.12, 7.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    const formId = needForm(context);
    const person = visitor(context, 'error-language');
    // The languages the form is shown in: a form without texts in some language shows another one.
    const shown: { lang: string; config: FormConfig; exchange: Exchange }[] = [];
    for (const lang of LANGUAGES) {
      const { config, exchange } = await loadConfig(context, formId, { lang });
      if (!shown.some((known) => baseOf(known.config.lang) === baseOf(config.lang))) shown.push({ lang, config, exchange });
      if (shown.length === 2) break;
    }
    if (shown.length < 2) await judgeLangOnMockForm(context);
    if (shown.length < 2) judgeLangOnGivenForm(context, shown[0]);
    if (shown.length < 2)
      context.skip(
        `the form is shown in one language only (${shown[0]?.config.lang}) whatever lang asks: give --form-id of a form with texts in two of ${LANGUAGES.join(', ')}`,
      );
    // Two values of ?lang= gave configurations in two languages: the query chose between them.
    context.judge('forms.lang-query', undefined, shown[1]?.exchange);
    await waitOutMinMs(context, shown[0]!.config);
    const answers: { lang: string; exchange: Exchange }[] = [];
    for (const { config } of shown) {
      const body = validSubmission(config, person);
      // An email that is not one: a field error every form with an email field gives; else a required field left empty.
      const email = config.fields.find((field) => field.type === 'email');
      const required = config.fields.find((field) => field.required);
      if (!email && !required) context.skip('the form has neither an email field nor a required field to get a field error from');
      const broken = email
        ? { ...(body.answers as object), [email.id]: 'not-an-email' }
        : { ...(body.answers as object), [required!.id]: '' };
      const exchange = await submitForm(context, formId, { ...body, answers: broken, lang: config.lang });
      const refusal = refusalProblem(exchange, 422, 'validation_failed', `an invalid answer with lang ${config.lang}`);
      context.judge(
        'forms.field-errors',
        refusal ?? (Object.keys(exchange.json.error.fields ?? {}).length === 0 && 'the 422 names no field in fields'),
        exchange,
      );
      const locale = exchange.headers['x-svc-locale'];
      context.judge(
        'forms.field-errors-locale-header',
        baseOf(locale) !== baseOf(config.lang) &&
          `the 422 for lang ${config.lang} carries X-Svc-Locale ${locale ?? '(none)'}, not the visitor's language`,
        exchange,
      );
      if (refusal) return;
      answers.push({ lang: config.lang, exchange });
    }
    const [first, second] = answers as [(typeof answers)[0], (typeof answers)[0]];
    const fieldsOf = (exchange: Exchange) =>
      Object.keys(exchange.json?.error?.fields ?? {})
        .sort()
        .join(', ');
    context.judge(
      'forms.field-errors-language',
      fieldsOf(first.exchange) !== fieldsOf(second.exchange) &&
        `the 422 names fields ${fieldsOf(first.exchange)} in ${first.lang} but ${fieldsOf(second.exchange)} in ${second.lang}: field ids never change with the language`,
      second.exchange,
    );
    context.judge(
      'forms.field-errors-language',
      first.exchange.json.error.message === second.exchange.json.error.message &&
        `the 422's message is the same in ${first.lang} and ${second.lang} (${JSON.stringify(first.exchange.json.error.message)}): field errors come in the visitor's language`,
      second.exchange,
    );
  },
};

/**
 * The run's form showed one language whatever ?lang= asked, while the deployment's person said it
 * has texts in two of the widget's languages (inputs' `form_languages`): `?lang=` chose nothing.
 */
function judgeLangOnGivenForm(context: CheckContext, only: { lang: string; config: FormConfig; exchange: Exchange } | undefined): void {
  const given = (context.target.formLanguages ?? []).map(baseOf).filter((lang) => LANGUAGES.includes(lang));
  if (new Set(given).size < 2 || !only) return;
  context.fail(
    `the form has texts in ${[...new Set(given)].join(', ')} (form_languages), but every ?lang= of ${LANGUAGES.join(', ')} answered lang ${only.config.lang}`,
    only.exchange,
    'forms.lang-query',
  );
}

/**
 * The run's form showed one language whatever ?lang= asked. That is the form's own choice when it
 * has texts in one language only; on a crmkit mock the suite adds a form whose texts it knows (the
 * control API answers them), and ?lang= must choose between them (spec 4.12).
 */
async function judgeLangOnMockForm(context: CheckContext): Promise<void> {
  const mock = context.target.mock;
  if (!mock || context.target.readOnly) return;
  const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, {
    name: `conformance ${context.runId} languages`,
  });
  const languages = Object.keys(form?.texts ?? {}).filter((lang) => LANGUAGES.includes(baseOf(lang)));
  if (languages.length < 2) return;
  const loaded = [];
  for (const lang of languages) loaded.push({ lang, ...(await loadConfig(context, form.id, { lang })) });
  const shownIn = new Set(loaded.map(({ config }) => baseOf(config.lang)));
  if (shownIn.size < 2)
    context.fail(
      `a form with texts in ${languages.join(', ')} is shown in ${[...shownIn].join(', ')} whatever ?lang= asks`,
      loaded[1]!.exchange,
      'forms.lang-query',
    );
}
