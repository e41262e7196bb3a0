// Who may do what with the catalog (spec 4.4). Anyone who can edit a record can tag it; creating
// catalog tags needs edit rights, and only owners, admins and keys with tags:manage once
// `admins_only_create` is on; renaming, recoloring, merging and deleting need tags:manage (the
// routes' scope: an owner's or admin's key without it is refused by the pipeline already).
import { grants } from '../../auth/scopes.ts';
import type { Role } from '../../workspaces/member.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagSettings } from './tag-settings.ts';

const EDIT_SCOPES = ['leads:write', 'contacts:write', 'companies:write'];

/** The role of the member the credential acts for: an API key's own role, a token's installer. */
export function callerRole(context: RecordContext): Role | undefined {
  const { caller } = context;
  if (caller.kind === 'api_key') return caller.apiKey.role;
  return context.workspace.members.get(caller.memberId ?? '')?.role;
}

export function canManageTags(context: RecordContext): boolean {
  return grants(context.caller.scopes, 'tags:manage');
}

/** Whether new names may enter the catalog through this caller, given it can edit something. */
export function mayAddToCatalog(context: RecordContext): boolean {
  if (!tagSettings(context.tables).admins_only_create || canManageTags(context)) return true;
  const role = callerRole(context);
  return role === 'owner' || role === 'admin';
}

/** `can_create` of the list: edit rights (a record write scope, or tags:manage) and the setting. */
export function canCreateTags(context: RecordContext): boolean {
  const { scopes } = context.caller;
  const canEdit = canManageTags(context) || EDIT_SCOPES.some((scope) => grants(scopes, scope));
  return canEdit && mayAddToCatalog(context);
}
