// Which contact and lead a client's conversation belongs to. The spec names the links (2.9) but
// not how they are made; like public forms (spec 1), the mock reuses an existing contact by
// phone, then (on `email` channels) by the address the client writes from. It creates no contact:
// spec 6.4 names form submissions, not messages, as a source of `contact.created`.
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { ChannelType } from '../channels/channel-record.ts';
import { normalizeEmail } from '../../records/phones-and-emails.ts';

export type ClientLink = { contact_id: string | null; lead_id: string | null };

export function clientLink(tables: WorkspaceTables, channelType: ChannelType, phone: string, handle: string): ClientLink {
  const byPhone = phone ? tables.contacts.findBy('phone', phone).find((contact) => contact.deleted_at === null) : undefined;
  const byEmail =
    !byPhone && channelType === 'email' && handle.includes('@')
      ? tables.contacts.findBy('email', normalizeEmail(handle)).find((contact) => contact.deleted_at === null)
      : undefined;
  const contact = byPhone ?? byEmail;
  if (!contact) return { contact_id: null, lead_id: null };
  // The contact's newest open lead: what the conversation is most likely about.
  const openLeads = tables.leads.findBy('contact', contact.id).filter((lead) => lead.deleted_at === null && lead.closed_at === null);
  return { contact_id: contact.id, lead_id: openLeads.at(-1)?.id ?? null };
}
