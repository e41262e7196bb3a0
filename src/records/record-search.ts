// The `q` text search of the contact and company lists (spec 4.3): case-insensitive in the name,
// emails and other texts; a query that looks like a phone number also finds phones by their
// digits (the digits of `8 90 123 45 67` are in +998901234567), and by the whole number when only
// normalizing shows it (`00 7 916...` is +7916...).
import { normalizePhone } from './phones-and-emails.ts';

export type Searchable = { name: string; phones: readonly string[]; emails: readonly string[]; texts?: readonly (string | null)[] };

const PHONE_LIKE = /^[+0-9\s\-().]*[0-9][+0-9\s\-().]*$/;

/** A test of `q`, or undefined when there is nothing to look for. */
export function textSearch(q: string | undefined): ((record: Searchable) => boolean) | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const phone = PHONE_LIKE.test(text) ? phoneQuery(text) : undefined;
  return (record) =>
    record.name.toLowerCase().includes(text) ||
    record.emails.some((email) => email.includes(text)) ||
    (record.texts ?? []).some((value) => value?.toLowerCase().includes(text)) ||
    (phone !== undefined && record.phones.some(phone));
}

function phoneQuery(text: string): (stored: string) => boolean {
  const digits = text.replace(/\D/g, '');
  const whole = wholeNumber(text);
  return (stored) => stored === whole || stored.includes(digits);
}

function wholeNumber(text: string): string | undefined {
  try {
    return normalizePhone(text);
  } catch {
    return undefined;
  }
}
