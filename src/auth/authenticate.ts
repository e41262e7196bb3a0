// Who is calling (spec 5.1): the bearer credential, its state, its IP allow-list, and the
// scopes the operation needs. A credential sees exactly one workspace.
import { ApiError } from '../errors/api-error.ts';
import type { Operation } from '../spec/operation-index.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { AccessToken } from './access-token.ts';
import type { ApiKey } from './api-key.ts';
import { firstMissing, grants } from './scopes.ts';

/** A bearer credential: an API key or an OAuth access token. */
export type Credential = { kind: 'api_key'; apiKey: ApiKey } | { kind: 'access_token'; accessToken: AccessToken };

export type Caller = Credential & {
  workspace: Workspace;
  scopes: readonly string[];
  /** The member the credential acts for: an API key's member, the installer of an app. */
  memberId: string | null;
  actor: { type: 'api_key' | 'member'; id: string };
};

export type CredentialLookup = (secret: string) => { credential: Credential; workspace: Workspace } | undefined;

const UNAUTHORIZED = { 'WWW-Authenticate': 'Bearer realm="api"' };

/** `nowOf` reads the workspace's clock: key expiry follows virtual time like everything else. */
export function authenticate(request: Request, lookup: CredentialLookup, nowOf: (workspaceId: string) => number, clientAddress: string | undefined): Caller {
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const found = secret ? lookup(secret) : undefined;
  if (!found) throw new ApiError('invalid_token', {}, { headers: UNAUTHORIZED });
  const { credential, workspace } = found;
  const now = nowOf(workspace.id);
  return credential.kind === 'api_key'
    ? apiKeyCaller(credential.apiKey, workspace, now, clientAddress)
    : accessTokenCaller(credential.accessToken, workspace, now);
}

function apiKeyCaller(apiKey: ApiKey, workspace: Workspace, now: number, clientAddress: string | undefined): Caller {
  if (apiKey.revokedAt) throw new ApiError('key_revoked', {}, { headers: UNAUTHORIZED });
  if (apiKey.expiresAt && Date.parse(apiKey.expiresAt) <= now) throw new ApiError('key_expired', {}, { headers: UNAUTHORIZED });
  if (apiKey.allowedIps.length && !(clientAddress && apiKey.allowedIps.includes(normalizeAddress(clientAddress)))) {
    throw new ApiError('ip_not_allowed');
  }
  return { kind: 'api_key', apiKey, workspace, scopes: apiKey.scopes, memberId: apiKey.memberId, actor: { type: 'api_key', id: apiKey.id } };
}

/** Spec 5.2: an expired or revoked access token answers `invalid_token`. */
function accessTokenCaller(accessToken: AccessToken, workspace: Workspace, now: number): Caller {
  if (accessToken.revokedAt || Date.parse(accessToken.expiresAt) <= now) throw new ApiError('invalid_token', {}, { headers: UNAUTHORIZED });
  const { memberId } = accessToken;
  return { kind: 'access_token', accessToken, workspace, scopes: accessToken.scopes, memberId, actor: { type: 'member', id: memberId } };
}

/** The scopes an operation names before its input is read (`x-scopes`, `x-scopes-any`). */
export function authorize(caller: Caller, operation: Operation): void {
  if (operation.isFirstPartyOnly) throw new ApiError('forbidden', { permission: 'first_party_only' });
  const missing = firstMissing(caller.scopes, operation.scopes);
  if (missing) throw new ApiError('missing_scope', { scope: missing });
  if (operation.scopesAny.length && !operation.scopesAny.some((scope) => grants(caller.scopes, scope))) {
    throw new ApiError('missing_scope', { scope: operation.scopesAny[0]! });
  }
}

/** The scopes that depend on the input: a body field that was sent, or the record type named. */
export function authorizeInput(caller: Caller, operation: Operation, input: { query: Record<string, unknown>; body: unknown; path: Record<string, string> }): void {
  const body = (input.body ?? {}) as Record<string, unknown>;
  for (const [field, scopes] of Object.entries(operation.scopesWhenFieldSent)) {
    const missing = field in body ? firstMissing(caller.scopes, scopes) : undefined;
    if (missing) throw new ApiError('missing_scope', { scope: missing });
  }
  const entity = input.path.entity ?? input.query.entity_type ?? body.entity_type;
  const byEntity = typeof entity === 'string' ? operation.scopesByEntity[entity] : undefined;
  const missing = byEntity && firstMissing(caller.scopes, byEntity);
  if (missing) throw new ApiError('missing_scope', { scope: missing });
}

/** `::ffff:127.0.0.1` (IPv4 seen through an IPv6 socket) -> `127.0.0.1`. */
function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
