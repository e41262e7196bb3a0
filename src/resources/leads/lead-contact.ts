// The contact created together with a lead (spec 4.2 `contact`): the same rules as contact create.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';

export type LeadCreateContact = components['schemas']['LeadCreateContact'];

// PLACEHOLDER until the contacts resource lands: then this calls its create.
export async function createContactForLead(_context: RecordContext, _contact: LeadCreateContact): Promise<{ id: string }> {
  throw new ApiError('not_implemented', {}, { detail: 'Creating a contact with a lead is not implemented yet.' });
}
