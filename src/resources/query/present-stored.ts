// PLACEHOLDER until presentContact / presentCompany land: a stored contact or company as the API
// shows it (the trash mark left out, `owner` and `company` read from their records, a contact's
// `open_leads` counted). Swap for the resource's own presenter in query-entities.ts.
import type { Workspace } from '../../workspaces/workspace.ts';
import { memberRef } from '../records/members.ts';
import type { QueryRecord } from './query-entities.ts';

export function presentStored(workspace: Workspace, record: QueryRecord): object {
  const { deleted_at: _trash, ...shown } = record;
  const tables = workspace.tables as unknown as Record<string, { get(id: string): QueryRecord | undefined } | undefined>;
  const company = typeof record.company_id === 'string' ? tables.companies?.get(record.company_id) : undefined;
  const presented: Record<string, unknown> = { ...shown, owner: memberRef(workspace, (record.owner_id as string | null) ?? null) };
  if ('company_id' in record) presented.company = company ? { id: company.id, name: company.name } : null;
  if (record.id.startsWith('ct_')) presented.open_leads = openLeads(workspace, record.id);
  return presented;
}

function openLeads(workspace: Workspace, contactId: string): number {
  let count = 0;
  for (const lead of workspace.tables.leads.eachBy('contact', contactId)) {
    if (lead.deleted_at === null && workspace.tables.stages.get(lead.stage_id)?.type === 'open') count++;
  }
  return count;
}
