// Which language a visitor sees a form in (spec 4.12 `?lang=`, the widget's `data-lang` values
// `uz`, `ru`, `en`). A form keeps its texts per locale (`uz`, `uz-Latn`, `ru`...): the language
// asked for, by its exact locale or its base language, then the browser's Accept-Language, then
// the form's default. The visitor's language for messages (`X-Svc-Locale`) is that one's base,
// so field errors come in the language of the form the visitor is looking at.
import type { Language } from '../../errors/messages.ts';
import type { Form } from './form-record.ts';

const MESSAGE_LANGUAGES = new Set<string>(['en', 'ru', 'uz']);

/** The key of `form.texts` to show. */
export function textsKey(form: Form, asked: string | undefined, acceptLanguage: string | null): string {
  const keys = Object.keys(form.texts);
  for (const wanted of [asked, ...acceptedTags(acceptLanguage)]) {
    if (!wanted) continue;
    const exact = keys.find((key) => key.toLowerCase() === wanted.toLowerCase());
    const sameBase = keys.find((key) => baseOf(key) === baseOf(wanted));
    if (exact ?? sameBase) return (exact ?? sameBase)!;
  }
  return form.texts[form.default_lang] ? form.default_lang : (keys[0] ?? form.default_lang);
}

/** The language of the messages a visitor gets for a form shown in `key`. */
export function languageOf(key: string): Language {
  const base = baseOf(key);
  return (MESSAGE_LANGUAGES.has(base) ? base : 'en') as Language;
}

/** A text in the shown locale, else the form's default, else any. */
export function localized(texts: Record<string, string>, key: string, form: Form): string {
  return texts[key] ?? texts[form.default_lang] ?? Object.values(texts)[0] ?? '';
}

function baseOf(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? '';
}

/** Accept-Language's tags by weight, the refused (`q=0`) left out. */
function acceptedTags(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.trim(), q: weight ? Number(weight.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}
