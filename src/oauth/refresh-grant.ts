// `grant_type=refresh_token` (spec 5.2): refresh tokens rotate, each refresh answering a new pair
// and ending the old refresh token; `scope` may only narrow what was granted. An already used
// refresh token coming back is treated as theft: the app is uninstalled from the workspace, all
// its tokens are revoked and `app.uninstalled` is sent. Run in the workspace's transaction, which
// also serializes the refreshes of an installation.
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { GrantOutcome } from './grant-outcome.ts';
import { uninstall } from './installations.ts';
import { issueTokens } from './issue-tokens.ts';
import { hasPassed } from './lifetimes.ts';
import { oauthError } from './oauth-error.ts';
import { parseScopes, scopeOutside } from './oauth-scopes.ts';

export type RefreshGrantRequest = { refresh_token: string; scope?: string };

export async function refreshTokens(state: MockState, workspace: Workspace, app: App, request: RefreshGrantRequest): Promise<GrantOutcome> {
  const refuse = (description: string): GrantOutcome => ({ refused: oauthError('invalid_grant', description) });
  const nowMs = workspace.now();
  const presented = workspace.tables.oauthRefreshTokens.get(request.refresh_token);
  if (!presented || presented.app_id !== app.id) return refuse('The refresh token is unknown or was issued to another client.');
  if (presented.revoked_at !== null) return refuse('The refresh token was revoked.');
  const installation = workspace.tables.installations.get(presented.installation_id);
  if (presented.used_at !== null) {
    if (installation) await uninstall(state, workspace, installation, 'refresh_token_reused');
    return refuse(
      'The refresh token was already used: it is treated as stolen, the app is uninstalled from the workspace and all its tokens are revoked.',
    );
  }
  if (hasPassed(presented.expires_at, nowMs)) return refuse('The refresh token has expired (refresh tokens are valid 60 days).');
  if (installation?.status !== 'active') return refuse('The app is no longer installed in the workspace.');

  // Granted: what this chain was granted, within what the workspace approves now (approving the
  // app again with fewer scopes narrows the tokens of earlier approvals from their next refresh).
  const granted = presented.scopes.filter((scope) => scopeOutside([scope], installation.scopes) === undefined);
  const asked = parseScopes(request.scope);
  const outside = scopeOutside(asked, granted);
  if (outside !== undefined)
    return { refused: oauthError('invalid_scope', `The scope ${outside} was not granted; a refresh can only narrow the scopes.`) };

  await workspace.tables.oauthRefreshTokens.update(presented.id, (draft) => {
    draft.used_at = new Date(nowMs).toISOString();
  });
  const tokens = await issueTokens(state, workspace, app, {
    installationId: installation.id,
    memberId: presented.member_id,
    grant: presented.grant,
    // RFC 6749 6: the new refresh token has the scopes of the old one; only the access token narrows.
    grantedScopes: presented.scopes,
    accessScopes: asked.length ? asked : granted,
  });
  return { tokens };
}
