// The public configuration of a form in one language (spec 2.14): `{id, lang, title, submit,
// consent, fields[], color, token, min_ms}`, each field `{id, type, label, required,
// autocomplete}` plus the choices of choice fields. `consent` is "" when the form has no consent
// text in that language, and a submission then needs no consent.
import type { components } from '../../spec/generated/crm.d.ts';
import { localized } from './form-language.ts';
import type { Form } from './form-record.ts';

export type FormConfig = components['schemas']['FormConfig'];
export type FormTexts = Form['texts'][string];

/** The texts shown in `key`, else the default language's; a form without texts shows its name. */
export function textsOf(form: Form, key: string): FormTexts {
  return form.texts[key] ?? form.texts[form.default_lang] ?? Object.values(form.texts)[0] ?? { title: form.name, submit: '→', consent: '' };
}

export function presentConfig(form: Form, key: string, token: string): FormConfig {
  const texts = textsOf(form, key);
  return {
    id: form.id,
    lang: key,
    title: texts.title,
    submit: texts.submit,
    consent: texts.consent,
    fields: form.fields.map((field) => ({
      id: field.id,
      type: field.type,
      label: localized(field.labels, key, form),
      required: field.required,
      autocomplete: field.autocomplete,
      ...(field.options
        ? { options: field.options.map((option) => ({ value: option.value, label: localized(option.labels, key, form) })) }
        : {}),
    })),
    color: form.color,
    token,
    min_ms: form.min_ms,
  };
}
