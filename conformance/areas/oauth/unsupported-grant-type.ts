import type { ActiveCheck } from '../../check.ts';
import { expectOAuthError, needClient, oauthPost } from '../../kits/oauth-kit.ts';

export const unsupportedGrantType: ActiveCheck = {
  kind: 'active',
  id: 'oauth.unsupported-grant-type',
  area: 'oauth',
  title: 'a grant other than authorization_code and refresh_token answers 400 unsupported_grant_type',
  spec: '5.2',
  basis: 'documented',
  writes: false,
  async run(context) {
    // An authenticated client, so that the grant type is what the endpoint has to refuse.
    const client = needClient(context);
    for (const grantType of ['client_credentials', 'password']) {
      expectOAuthError(
        context,
        await oauthPost(context, '/oauth/token', { grant_type: grantType }, { client }),
        400,
        'unsupported_grant_type',
      );
    }
  },
};
