// The layout of a workspace snapshot (openapi/control/snapshot.yaml, `WorkspaceSnapshot`) and
// the names its parts carry there. The name maps list every field of the mock's own types, so
// that a field someone adds to a workspace, member or credential fails to compile here until it
// is given a place in snapshots: a snapshot that silently dropped it would not behave the same.
import type { AccessToken } from '../auth/access-token.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { Session } from '../auth/session.ts';
import type { RequestLimits } from '../limits/request-limits.ts';
import type { components } from '../spec/generated/mock-control.d.ts';
import type { Member } from './member.ts';
import type { Workspace } from './workspace.ts';

export type WorkspaceSnapshot = components['schemas']['WorkspaceSnapshot'];

/** Bumped whenever the layout changes in a way an older mock could misread. */
export const SNAPSHOT_FORMAT = 1;

/** The snapshot's name of each field, or null for a field kept elsewhere in the snapshot (or not state at all). */
type WireNames<T> = { readonly [Key in keyof T]-?: string | null };

export const WORKSPACE_NAMES = {
  id: 'id',
  slug: 'slug',
  name: 'name',
  plan: 'plan',
  currency: 'currency',
  createdAt: 'created_at',
  readOnly: 'read_only',
  // Kept in their own parts of the snapshot (limits inside `workspace`).
  limits: null,
  members: null,
  apiKeys: null,
  clock: null,
  tables: null,
  numbers: null,
  // Made again around the restored clock (workspace.ts, ownMembers); the outbox is the mock's.
  now: null,
  newId: null,
  outbox: null,
  // A fresh queue: no request of the old workspace is in flight in the new one.
  transactions: null,
} as const satisfies WireNames<Workspace>;

export const LIMIT_NAMES = {
  requestsPerSecond: 'requests_per_second',
  requestsPerMinute: 'requests_per_minute',
  concurrentRequests: 'concurrent_requests',
} as const satisfies WireNames<RequestLimits>;

export const MEMBER_NAMES = {
  id: 'id',
  name: 'name',
  email: 'email',
  role: 'role',
  status: 'status',
  joinedAt: 'joined_at',
  teamIds: 'team_ids',
} as const satisfies WireNames<Member>;

// `workspaceId` is the workspace the snapshot is put into.
export const API_KEY_NAMES = {
  id: 'id',
  workspaceId: null,
  name: 'name',
  key: 'key',
  scopes: 'scopes',
  role: 'role',
  memberId: 'member_id',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
  revokedAt: 'revoked_at',
  allowedIps: 'allowed_ips',
} as const satisfies WireNames<ApiKey>;

export const ACCESS_TOKEN_NAMES = {
  token: 'token',
  workspaceId: null,
  installationId: 'installation_id',
  appId: 'app_id',
  appName: 'app_name',
  scopes: 'scopes',
  memberId: 'member_id',
  expiresAt: 'expires_at',
  revokedAt: 'revoked_at',
} as const satisfies WireNames<AccessToken>;

export const SESSION_NAMES = {
  token: 'token',
  workspaceId: null,
  memberId: 'member_id',
  expiresAt: 'expires_at',
} as const satisfies WireNames<Session>;

/** The fields of `value` that `names` gives a snapshot name, under that name. */
export function toWire<T extends object>(value: T, names: WireNames<T>): Record<string, any> {
  return Object.fromEntries(Object.entries(names).flatMap(([key, name]) => (name === null ? [] : [[name, value[key as keyof T]]])));
}

/** The reverse of toWire; the fields kept elsewhere come from `rest`. */
export function fromWire<T extends object>(wire: Record<string, any>, names: WireNames<T>, rest: Partial<T> = {}): T {
  const named = Object.entries(names).flatMap(([key, name]) => (name === null ? [] : [[key, wire[name as string]]]));
  return { ...Object.fromEntries(named), ...rest } as T;
}
