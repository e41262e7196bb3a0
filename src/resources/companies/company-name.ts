// A company's name: required (the document's CompanyCreate), trimmed, never only spaces.
import { ApiError } from '../../errors/api-error.ts';

export function companyName(sent: string): string {
  const name = sent.trim();
  if (!name) throw new ApiError('validation_failed', { fields: { name: 'a company needs a name' } });
  return name;
}
