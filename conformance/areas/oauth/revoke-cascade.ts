// Spec 5.2 (RFC 7009): "revoking a refresh token revokes everything issued with it". After the
// refresh token is revoked, the access token issued with it answers invalid_token and the refresh
// token itself no longer refreshes.
import type { ActiveCheck } from '../../check.ts';
import { oauthErrorOf } from './authorize-kit.ts';
import { freshTokens, needClient, oauthPost, refresh, whoami } from '../../kits/oauth-kit.ts';

export const revokeCascade: ActiveCheck = {
  kind: 'active',
  id: 'oauth.revoke-cascade',
  area: 'oauth',
  title: 'revoking a refresh token revokes the access token issued with it, and the refresh token no longer refreshes',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { tokens } = await freshTokens(context, client);
    const revoked = await oauthPost(context, '/oauth/revoke', { token: tokens.refresh_token }, { client });
    context.expectStatus(revoked, 200);
    const call = await whoami(context, tokens.access_token);
    context.judge(
      'oauth.revoke-refresh-cascade',
      (call.status !== 401 || call.json?.error?.code !== 'invalid_token') &&
        `after its refresh token was revoked, the access token issued with it answered ${call.status}, not 401 invalid_token`,
      call,
    );
    const refreshed = await refresh(context, client, tokens.refresh_token);
    context.judge(
      'oauth.revoke-refresh-cascade',
      (refreshed.status !== 400 || refreshed.json?.error !== 'invalid_grant') &&
        `the revoked refresh token refreshed: ${refreshed.status} ${oauthErrorOf(refreshed)}, not 400 invalid_grant`,
      refreshed,
    );
  },
};
