import type { ActiveCheck } from '../../check.ts';
import { expectOAuthError, needClient, oauthPost, pkcePair, unknownValue } from '../../kits/oauth-kit.ts';

export const invalidGrant: ActiveCheck = {
  kind: 'active',
  id: 'oauth.invalid-grant',
  area: 'oauth',
  title: 'an unknown code or refresh token answers 400 invalid_grant',
  spec: '5.2',
  basis: 'documented',
  writes: false,
  async run(context) {
    const client = needClient(context);
    const code = await oauthPost(
      context,
      '/oauth/token',
      {
        grant_type: 'authorization_code',
        code: unknownValue('svc_ac_'),
        redirect_uri: client.redirectUri ?? 'https://app.example.com/oauth/callback',
        code_verifier: pkcePair().verifier,
      },
      { client },
    );
    expectOAuthError(context, code, 400, 'invalid_grant');
    const refreshed = await oauthPost(
      context,
      '/oauth/token',
      { grant_type: 'refresh_token', refresh_token: unknownValue('svc_rt_') },
      { client },
    );
    expectOAuthError(context, refreshed, 400, 'invalid_grant');
  },
};
