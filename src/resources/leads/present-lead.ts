// A lead as the API shows it: the stored lead with `owner`, `contact` and `company` read from
// their records now, and nothing of the trash.
import type { Workspace } from '../../workspaces/workspace.ts';
import type { StoredCompany } from '../companies/company-record.ts';
import type { StoredContact } from '../contacts/contact-record.ts';
import { memberRef } from '../records/members.ts';
import type { Lead, StoredLead } from './lead-record.ts';

export function presentLead(workspace: Workspace, lead: StoredLead): Lead {
  const { deleted_at: _trash, ...shown } = lead;
  return {
    ...shown,
    owner: memberRef(workspace, lead.owner_id),
    contact: contactRef(contactOf(workspace, lead)),
    company: companyRef(companyOf(workspace, lead)),
  };
}

// A page of leads costs mostly their JSON, so the text of the leads listed last is kept until the
// lead or what it shows changes. Stored records are replaced on every write, never changed in place
// (store/table.ts), so the same lead, contact and company objects mean the same JSON; members change
// in place, so the owner's name is compared. The oldest texts go first past 5,000 leads (100 pages):
// a client walking all of 100,000 leads must not leave 65 MB of JSON behind.
type ShownLead = { text: string; ownerName: string | undefined; contact: StoredContact | undefined; company: StoredCompany | undefined };
const shownLeads = new Map<StoredLead, ShownLead>();
const MOST_SHOWN_LEADS = 5_000;

/** `presentLead` as JSON text. */
export function leadJson(workspace: Workspace, lead: StoredLead): string {
  const ownerName = lead.owner_id === null ? undefined : workspace.members.get(lead.owner_id)?.name;
  const contact = contactOf(workspace, lead);
  const company = companyOf(workspace, lead);
  const kept = shownLeads.get(lead);
  if (kept && kept.ownerName === ownerName && kept.contact === contact && kept.company === company) return kept.text;
  const text = JSON.stringify(presentLead(workspace, lead));
  shownLeads.set(lead, { text, ownerName, contact, company });
  if (shownLeads.size > MOST_SHOWN_LEADS) shownLeads.delete(shownLeads.keys().next().value!);
  return text;
}

function contactOf(workspace: Workspace, lead: StoredLead): StoredContact | undefined {
  return lead.contact_id === null ? undefined : workspace.tables.contacts.get(lead.contact_id);
}

function companyOf(workspace: Workspace, lead: StoredLead): StoredCompany | undefined {
  return lead.company_id === null ? undefined : workspace.tables.companies.get(lead.company_id);
}

function contactRef(contact: StoredContact | undefined): Lead['contact'] {
  return contact ? { id: contact.id, name: contact.name, phones: contact.phones } : null;
}

function companyRef(company: StoredCompany | undefined): Lead['company'] {
  return company ? { id: company.id, name: company.name } : null;
}
