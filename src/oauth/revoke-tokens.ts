// Revoking tokens (spec 5.2): one access token; a whole grant (every refresh and access token
// issued from one code: a reused code, or a revoked refresh token, "revokes everything issued
// with it"); or every token of an installation (uninstall, refresh token theft). Access tokens
// live in the mock's index of credentials; their revocation is journaled by hand so that a
// failed transaction gives them back.
import type { AccessToken } from '../auth/access-token.ts';
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { RefreshToken } from './refresh-token-record.ts';

export function revokeAccessToken(workspace: Workspace, token: AccessToken, now: string): void {
  if (token.revokedAt) return;
  token.revokedAt = now;
  workspace.transactions.recordUndo(async () => {
    token.revokedAt = null;
  });
}

/** The access token of this value, if it is one of the workspace's. */
export function accessTokenOf(state: MockState, workspace: Workspace, value: string): AccessToken | undefined {
  const found = state.findCredential(value);
  return found?.credential.kind === 'access_token' && found.workspace === workspace ? found.credential.accessToken : undefined;
}

export async function revokeGrant(state: MockState, workspace: Workspace, grant: string, now: string): Promise<void> {
  await revokeRefreshTokens(state, workspace, workspace.tables.oauthRefreshTokens.findBy('grant', grant), now);
}

export async function revokeInstallationTokens(state: MockState, workspace: Workspace, installationId: string, now: string): Promise<void> {
  await revokeRefreshTokens(state, workspace, workspace.tables.oauthRefreshTokens.findBy('installation', installationId), now);
  // Also access tokens without a refresh token record (put back by a snapshot, say).
  for (const token of state.accessTokensOf(workspace.id))
    if (token.installationId === installationId) revokeAccessToken(workspace, token, now);
}

async function revokeRefreshTokens(state: MockState, workspace: Workspace, tokens: RefreshToken[], now: string): Promise<void> {
  for (const token of tokens) {
    const access = accessTokenOf(state, workspace, token.access_token);
    if (access) revokeAccessToken(workspace, access, now);
    if (token.revoked_at === null) {
      await workspace.tables.oauthRefreshTokens.update(token.id, (draft) => {
        draft.revoked_at = now;
      });
    }
  }
}

/**
 * RFC 7009 at `POST /oauth/revoke`: a refresh token takes its whole grant with it, an access token
 * only itself. A token that is unknown, already revoked or another client's changes nothing (the
 * endpoint answers 200 all the same, spec 5.2).
 */
export async function revokePresentedToken(state: MockState, workspace: Workspace, appId: string, value: string): Promise<void> {
  const now = new Date(workspace.now()).toISOString();
  const refreshToken = workspace.tables.oauthRefreshTokens.get(value);
  if (refreshToken?.app_id === appId) return revokeGrant(state, workspace, refreshToken.grant, now);
  const accessToken = accessTokenOf(state, workspace, value);
  if (accessToken?.appId === appId) revokeAccessToken(workspace, accessToken, now);
}
