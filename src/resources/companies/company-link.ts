// A company as other records name it: `company_id` sent in a body must be a company of the
// workspace out of the trash (422 under the field otherwise), and `company` is shown as `{id, name}`.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

export type CompanyRef = { id: string; name: string };

export function liveCompanyId(tables: WorkspaceTables, sent: string, field: string): string {
  const company = tables.companies.get(normalizeId(sent));
  if (!company) throw new ApiError('validation_failed', { fields: { [field]: 'no company of this workspace has this id' } });
  if (company.deleted_at !== null) throw new ApiError('validation_failed', { fields: { [field]: 'this company is in the trash' } });
  return company.id;
}

/** A company in the trash is still named where it is linked: it can be restored with its links. */
export function companyRef(workspace: Workspace, companyId: string | null): CompanyRef | null {
  const company = companyId ? workspace.tables.companies.get(companyId) : undefined;
  return company ? { id: company.id, name: company.name } : null;
}
