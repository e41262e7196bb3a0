// A lead as the API shows it: the stored lead with `owner`, `contact` and `company` read from
// their records now, and nothing of the trash.
import type { Workspace } from '../../workspaces/workspace.ts';
import { memberRef } from '../records/members.ts';
import type { Lead, StoredLead } from './lead-record.ts';

export function presentLead(workspace: Workspace, lead: StoredLead): Lead {
  const { deleted_at: _trash, ...shown } = lead;
  return { ...shown, owner: memberRef(workspace, lead.owner_id), contact: contactRef(workspace, lead.contact_id), company: companyRef(workspace, lead.company_id) };
}

function contactRef(workspace: Workspace, contactId: string | null): Lead['contact'] {
  const contact = contactId ? workspace.tables.contacts.get(contactId) : undefined;
  return contact ? { id: contact.id, name: contact.name, phones: contact.phones } : null;
}

function companyRef(workspace: Workspace, companyId: string | null): Lead['company'] {
  const company = companyId ? workspace.tables.companies.get(companyId) : undefined;
  return company ? { id: company.id, name: company.name } : null;
}
