// API keys (spec 5.1): `svc_live_...`, shown once, with scopes, an optional expiry, revocation
// and an optional IP allow-list.
import { loadRuntimeDocument } from '../spec/runtime-document.ts';
import type { components } from '../spec/generated/crm.d.ts';
import { schemaEnum } from '../spec/schema-enum.ts';
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

export type ApiKeyScope = components['schemas']['ApiKeyScope'];

/** Every scope an API key can hold (spec 5.1), as the document lists them. */
export const API_KEY_SCOPES = schemaEnum<ApiKeyScope>(loadRuntimeDocument('crm'), 'ApiKeyScope');

export function newKeySecret(): string {
  return `svc_live_${base64Url(globalThis.crypto.getRandomValues(new Uint8Array(30)))}`;
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
