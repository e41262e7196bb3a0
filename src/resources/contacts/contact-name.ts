// A contact's name (spec 2.4, 4.3): up to 255 characters; without one it is named after its first
// phone, else its first email; with none of the three there is no contact.
import { ApiError } from '../../errors/api-error.ts';

const MAX_NAME = 255;

export function contactName(sent: string | undefined, phones: readonly string[], emails: readonly string[], prefix = ''): string {
  const name = sent?.trim() || phones[0] || emails[0];
  if (!name) throw new ApiError('validation_failed', { fields: { [`${prefix}name`]: 'a contact needs a name, a phone or an email' } });
  // An email may be longer than a name can be; the name keeps its beginning.
  return name.slice(0, MAX_NAME);
}
