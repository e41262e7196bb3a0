// Field and option labels (spec 2.1): shown as an object keyed by locale; on write a plain string
// may be sent and is used for every language.
import type { components } from '../../spec/generated/crm.d.ts';

type LocalizedText = components['schemas']['LocalizedText'];
type LocalizedTextInput = components['schemas']['LocalizedTextInput'];

/** The languages the spec names for localized names; a plain string fills each of them. */
const LABEL_LOCALES = ['uz-Latn', 'ru', 'en'] as const;

export function localizedLabel(input: LocalizedTextInput): LocalizedText {
  return typeof input === 'string' ? Object.fromEntries(LABEL_LOCALES.map((locale) => [locale, input])) : { ...input };
}
