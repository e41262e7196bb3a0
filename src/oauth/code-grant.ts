// `grant_type=authorization_code` (spec 5.2 step 5): the code must be the client's, unexpired
// (10 minutes), unused, for the same redirect URI, and the PKCE verifier must hash to its
// challenge. A second use of a code is refused and revokes every token issued from it (spec 5.2
// step 4; RFC 6749 4.1.2). Run in the workspace's transaction.
import type { MockState } from '../mock-state.ts';
import type { App } from '../resources/apps/app-record.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { GrantOutcome } from './grant-outcome.ts';
import { issueTokens } from './issue-tokens.ts';
import { hasPassed } from './lifetimes.ts';
import { oauthError } from './oauth-error.ts';
import { verifierMatches } from './pkce.ts';
import { revokeGrant } from './revoke-tokens.ts';

export type CodeGrantRequest = { code: string; redirect_uri: string; code_verifier: string };

export async function exchangeCode(state: MockState, workspace: Workspace, app: App, request: CodeGrantRequest): Promise<GrantOutcome> {
  const refuse = (description: string): GrantOutcome => ({ refused: oauthError('invalid_grant', description) });
  const nowMs = workspace.now();
  // Codes are kept in the workspace of the app they were issued to: another client's code is not found.
  const code = workspace.tables.oauthCodes.get(request.code);
  if (!code || code.app_id !== app.id) return refuse('The authorization code is unknown or was issued to another client.');
  if (code.used_at !== null) {
    await revokeGrant(state, workspace, code.id, new Date(nowMs).toISOString());
    return refuse('The authorization code was already used; every token issued from it is revoked.');
  }
  if (hasPassed(code.expires_at, nowMs)) return refuse('The authorization code has expired (codes are valid 10 minutes).');
  if (request.redirect_uri !== code.redirect_uri) return refuse('redirect_uri is not the one of the authorization request.');
  if (!(await verifierMatches(request.code_verifier, code.code_challenge)))
    return refuse('The PKCE code_verifier does not match the code_challenge.');
  const installation = workspace.tables.installations.get(code.installation_id);
  if (installation?.status !== 'active') return refuse('The app was uninstalled from the workspace since this code was issued.');

  await workspace.tables.oauthCodes.update(code.id, (draft) => {
    draft.used_at = new Date(nowMs).toISOString();
  });
  const tokens = await issueTokens(state, workspace, app, {
    installationId: installation.id,
    memberId: code.member_id,
    grant: code.id,
    grantedScopes: code.scopes,
    accessScopes: code.scopes,
  });
  return { tokens };
}
