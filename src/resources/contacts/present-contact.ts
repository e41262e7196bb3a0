// A contact as the API shows it (spec 2.4): `company` and `owner` read from their records now,
// `open_leads` counted now, and nothing of the trash.
import type { Workspace } from '../../workspaces/workspace.ts';
import { companyRef } from '../companies/company-link.ts';
import { memberRef } from '../records/members.ts';
import type { Contact, StoredContact } from './contact-record.ts';

export function presentContact(workspace: Workspace, contact: StoredContact): Contact {
  const { deleted_at: _trash, ...shown } = contact;
  return {
    ...shown,
    company: companyRef(workspace, contact.company_id),
    owner: memberRef(workspace, contact.owner_id),
    open_leads: openLeads(workspace, contact.id),
  };
}

/** Leads whose main contact this is, out of the trash, in a stage of type `open` (spec 2.4, 3). */
export function openLeads(workspace: Workspace, contactId: string): number {
  const { leads, stages } = workspace.tables;
  let count = 0;
  for (const lead of leads.eachBy('contact', contactId)) {
    if (lead.deleted_at === null && stages.get(lead.stage_id)?.type === 'open') count++;
  }
  return count;
}
