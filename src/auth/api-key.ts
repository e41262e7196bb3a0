// API keys (spec 5.1): `svc_live_...`, shown once, with scopes, an optional expiry, revocation
// and an optional IP allow-list.
import { randomBytes } from 'node:crypto';
import type { Role } from '../workspaces/member.ts';

export type ApiKey = {
  id: string;
  workspaceId: string;
  name: string;
  /** The secret value, `svc_live_` and 40 characters. */
  key: string;
  scopes: string[];
  /** The role of the member the key acts for: first-party rules and tag rights depend on it. */
  role: Role;
  memberId: string | null;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  allowedIps: string[];
};

/** Every scope an API key can hold (spec 5.1). */
export const API_KEY_SCOPES = [
  'leads:read', 'leads:write', 'contacts:read', 'contacts:write', 'companies:read', 'companies:write',
  'users:read', 'products:read', 'products:write', 'messages:read', 'messages:send',
  'conversations:manage', 'notes:write', 'tasks:read', 'tasks:write', 'tags:manage', 'webhooks:manage',
] as const;

export function newKeySecret(): string {
  return `svc_live_${randomBytes(30).toString('base64url')}`;
}
