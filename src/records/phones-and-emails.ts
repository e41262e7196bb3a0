// Phones and emails as contacts and companies store them (spec 2.4, 8): phones in international
// format (`+` and digits), local Uzbek spellings turned into `+998...`; emails lowercased; at
// most 10 of each, without repeats. Custom phone fields and the query endpoint read phones the
// same way through `normalizePhone`.
import { ApiError } from '../errors/api-error.ts';
import { loadRuntimeDocument } from '../spec/runtime-document.ts';
import { propertyLimit } from '../spec/schema-enum.ts';

/** Thrown by `normalizePhone` for text that is not a phone number; callers choose the answer. */
export class InvalidPhone extends Error {
  constructor(raw: string) {
    super(`not a phone number: ${JSON.stringify(raw)}`);
    this.name = 'InvalidPhone';
  }
}

/** Spec 8: 10 each, as the document's Contact declares. */
export const MAX_PHONES = propertyLimit(loadRuntimeDocument('crm'), 'Contact', 'phones', 'maxItems');
export const MAX_EMAILS = propertyLimit(loadRuntimeDocument('crm'), 'Contact', 'emails', 'maxItems');

const COUNTRY = '998';
/** A national Uzbek number: a two-digit operator or area code and seven digits. */
const NATIONAL_DIGITS = 9;
/** E.164: at most 15 digits; fewer than 7 is no reachable number anywhere. */
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
// What people type between digits: spaces, dashes, brackets and dots.
const SEPARATORS = /[\s\-().]/g;

/**
 * `+` and digits. Local spellings become `+998...`: nine digits (`90 123-45-67`), the old trunk
 * prefix 8 before them (`8 90 123 45 67`), or the country code without its plus
 * (`998 90 123 45 67`); `00` stands for `+`. Throws `InvalidPhone` for anything else.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.replace(SEPARATORS, '');
  const international = /^(?:\+|00)([0-9]+)$/.exec(compact)?.[1];
  const digits = international ?? (/^[0-9]+$/.test(compact) ? localToInternational(compact) : undefined);
  if (digits === undefined || !plausible(digits)) throw new InvalidPhone(raw);
  return `+${digits}`;
}

/** The international digits (without `+`) of a number written without `+`, if it is Uzbek. */
function localToInternational(digits: string): string | undefined {
  if (digits.length === NATIONAL_DIGITS) return COUNTRY + digits;
  if (digits.length === NATIONAL_DIGITS + 1 && digits.startsWith('8')) return COUNTRY + digits.slice(1);
  if (digits.length === COUNTRY.length + NATIONAL_DIGITS && digits.startsWith(COUNTRY)) return digits;
  return undefined;
}

/** Uzbek numbers have exactly nine national digits; others are held to E.164's bounds. */
function plausible(digits: string): boolean {
  if (digits.startsWith(COUNTRY)) return digits.length === COUNTRY.length + NATIONAL_DIGITS;
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS && !digits.startsWith('0');
}

/** The document has already checked the address's form; only its case and ends change. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The phones a record keeps from `one` (`phone`, goes first) and `list` (`phones`), normalized,
 * repeats dropped. 422 `validation_failed` names the bad entry, or `phones` past 10.
 */
export function phoneList(one: string | undefined, list: readonly string[] | undefined, prefix = ''): string[] {
  const sent = [
    ...(one === undefined ? [] : [{ value: one, field: 'phone' }]),
    ...(list ?? []).map((value, index) => ({ value, field: `phones[${index}]` })),
  ];
  const problems: Record<string, string> = {};
  const phones = new Set<string>();
  for (const { value, field } of sent) {
    try {
      phones.add(normalizePhone(value));
    } catch (error) {
      if (!(error instanceof InvalidPhone)) throw error;
      problems[prefix + field] = 'is not a phone number (use + and the country code, or a local number such as 90 123 45 67)';
    }
  }
  if (Object.keys(problems).length) throw new ApiError('validation_failed', { fields: problems });
  return capped([...phones], MAX_PHONES, `${prefix}phones`, 'phones');
}

/** Like `phoneList` for `email` and `emails`: lowercased, repeats dropped, at most 10. */
export function emailList(one: string | undefined, list: readonly string[] | undefined, prefix = ''): string[] {
  const emails = new Set([...(one === undefined ? [] : [one]), ...(list ?? [])].map(normalizeEmail));
  return capped([...emails], MAX_EMAILS, `${prefix}emails`, 'emails');
}

function capped(values: string[], max: number, field: string, noun: string): string[] {
  if (values.length > max) throw new ApiError('validation_failed', { fields: { [field]: `a record can have at most ${max} ${noun}` } });
  return values;
}
