// A company as the API shows it: `owner` read from the members now, and nothing of the trash.
import type { Workspace } from '../../workspaces/workspace.ts';
import { memberRef } from '../records/members.ts';
import type { Company, StoredCompany } from './company-record.ts';

export function presentCompany(workspace: Workspace, company: StoredCompany): Company {
  const { deleted_at: _trash, ...shown } = company;
  return { ...shown, owner: memberRef(workspace, company.owner_id) };
}
