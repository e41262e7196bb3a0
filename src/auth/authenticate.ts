// Who is calling (spec 5.1): the credential the operation's security takes (a bearer API key or
// access token, or the web app's session cookie), its state, its IP allow-list, and the scopes or
// role the operation needs. A credential sees exactly one workspace.
import { ApiError } from '../errors/api-error.ts';
import type { Texts } from '../errors/messages.ts';
import type { Operation } from '../spec/operation-index.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { AccessToken } from './access-token.ts';
import type { ApiKey } from './api-key.ts';
import { credentialError, readBearer, UNAUTHORIZED, unknownBearerProblem } from './credential-problems.ts';
import { firstMissing, grants } from './scopes.ts';
import { FIRST_PARTY_ROLES, sessionTokenOf, type Session } from './session.ts';

/** A bearer credential (an API key, an OAuth access token) or a web app session (auth/session.ts). */
export type Credential =
  { kind: 'api_key'; apiKey: ApiKey } | { kind: 'access_token'; accessToken: AccessToken } | { kind: 'session'; session: Session };

export type Caller = Credential & {
  workspace: Workspace;
  scopes: readonly string[];
  /** The member the credential acts for: an API key's member, the installer of an app, the signed-in member. */
  memberId: string | null;
  actor: { type: 'api_key' | 'member'; id: string };
};

export type CredentialLookup = (secret: string) => { credential: Credential; workspace: Workspace } | undefined;

/** Spec 7.1: the message in each language. */
const OWNERS_AND_ADMINS: Texts = {
  en: 'Only owners and admins can do this.',
  ru: 'Это могут делать только владельцы и администраторы.',
  uz: 'Buni faqat egalar va administratorlar qila oladi.',
};

/**
 * The session cookie is read only where the operation's security lists `firstPartySession`;
 * elsewhere it is no credential. Expiry is read on the workspace's clock: it follows virtual time.
 */
export function authenticate(request: Request, operation: Operation, lookup: CredentialLookup, clientAddress: string | undefined): Caller {
  const sessionToken = operation.acceptsSession ? sessionTokenOf(request) : undefined;
  if (sessionToken !== undefined) return sessionCaller(lookup(sessionToken));
  const bearer = readBearer(request.headers.get('authorization'));
  if ('problem' in bearer) throw credentialError(bearer.problem);
  const found = lookup(bearer.secret);
  if (!found || found.credential.kind === 'session') throw credentialError(unknownBearerProblem(bearer.secret));
  const { credential, workspace } = found;
  const now = workspace.now();
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
  return {
    kind: 'api_key',
    apiKey,
    workspace,
    scopes: apiKey.scopes,
    memberId: apiKey.memberId,
    actor: { type: 'api_key', id: apiKey.id },
  };
}

/** Spec 5.2: an expired or revoked access token answers `invalid_token`; the message says which. */
function accessTokenCaller(accessToken: AccessToken, workspace: Workspace, now: number): Caller {
  if (accessToken.revokedAt) throw credentialError('token_revoked');
  if (Date.parse(accessToken.expiresAt) <= now) throw credentialError('token_expired');
  const { memberId } = accessToken;
  return { kind: 'access_token', accessToken, workspace, scopes: accessToken.scopes, memberId, actor: { type: 'member', id: memberId } };
}

/** A session of an active member that has not expired; it answers 401 like an invalid token otherwise. */
function sessionCaller(found: ReturnType<CredentialLookup>): Caller {
  if (found?.credential.kind !== 'session') throw credentialError('session_invalid');
  const {
    credential: { session },
    workspace,
  } = found;
  const member = workspace.members.get(session.memberId);
  if (member?.status !== 'active' || Date.parse(session.expiresAt) <= workspace.now()) throw credentialError('session_invalid');
  return { kind: 'session', session, workspace, scopes: [], memberId: member.id, actor: { type: 'member', id: member.id } };
}

/** The scopes an operation names before its input is read (`x-scopes`, `x-scopes-any`), or a session's role. */
export function authorize(caller: Caller, operation: Operation): void {
  if (caller.kind === 'session') return authorizeMember(caller, operation);
  if (!operation.acceptsBearer) throw new ApiError('forbidden', { permission: 'first_party_only' });
  const missing = firstMissing(caller.scopes, operation.scopes);
  if (missing) throw new ApiError('missing_scope', { scope: missing });
  if (operation.scopesAny.length && !operation.scopesAny.some((scope) => grants(caller.scopes, scope))) {
    throw new ApiError('missing_scope', { scope: operation.scopesAny[0]! });
  }
}

/** A session holds no scopes: the member's role decides (spec 4.6). */
function authorizeMember(caller: Caller, operation: Operation): void {
  const role = caller.workspace.members.get(caller.memberId ?? '')?.role;
  if (operation.isFirstPartyOnly && !(role && FIRST_PARTY_ROLES.includes(role))) {
    throw new ApiError('forbidden', { permission: 'owner_or_admin' }, { detail: OWNERS_AND_ADMINS });
  }
}

/** The scopes that depend on the input: a body field that was sent, or the record type named. */
export function authorizeInput(
  caller: Caller,
  operation: Operation,
  input: { query: Record<string, unknown>; body: unknown; path: Record<string, string> },
): void {
  if (caller.kind === 'session') return;
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
