// A token pair for one installation (spec 5.2 step 6): an access token for 1 hour and a rotating
// refresh token for 60 days, on the workspace's clock. The refresh token keeps the scopes granted;
// the access token may carry fewer (a narrowing refresh). The access token joins the mock's
// credentials only when the transaction commits, so a failed exchange leaves no working token.
import type { AccessToken } from '../auth/access-token.ts';
import type { components } from '../spec/generated/crm.d.ts';
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { ACCESS_TOKEN_SECONDS, isoAfter, REFRESH_TOKEN_SECONDS } from './lifetimes.ts';
import { ACCESS_TOKEN_PREFIX, newSecret, REFRESH_TOKEN_PREFIX } from './secret-values.ts';

export type TokenAnswer = components['schemas']['OAuthTokenResponse'];

export type Issue = {
  installationId: string;
  memberId: string;
  /** The code the chain started from. */
  grant: string;
  grantedScopes: string[];
  accessScopes: string[];
};

export async function issueTokens(state: MockState, workspace: Workspace, app: App, issue: Issue): Promise<TokenAnswer> {
  const nowMs = workspace.now();
  const accessToken: AccessToken = {
    token: newSecret(ACCESS_TOKEN_PREFIX),
    workspaceId: workspace.id,
    installationId: issue.installationId,
    appId: app.id,
    appName: app.name,
    scopes: issue.accessScopes,
    memberId: issue.memberId,
    expiresAt: isoAfter(nowMs, ACCESS_TOKEN_SECONDS * 1000),
    revokedAt: null,
  };
  const refreshToken = await workspace.tables.oauthRefreshTokens.insert({
    id: newSecret(REFRESH_TOKEN_PREFIX),
    grant: issue.grant,
    app_id: app.id,
    installation_id: issue.installationId,
    member_id: issue.memberId,
    scopes: issue.grantedScopes,
    access_token: accessToken.token,
    created_at: new Date(nowMs).toISOString(),
    expires_at: isoAfter(nowMs, REFRESH_TOKEN_SECONDS * 1000),
    used_at: null,
    revoked_at: null,
  });
  workspace.transactions.afterCommit(() => state.addAccessToken(accessToken));
  return {
    access_token: accessToken.token,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken.id,
    refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    scope: issue.accessScopes.join(' '),
    workspace_id: workspace.id,
    // Spec 2.2: the token answer shows the installation with the long prefix `inst_`.
    installation_id: `inst_${issue.installationId.slice('ins_'.length)}`,
  };
}
