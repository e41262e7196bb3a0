import type { ActiveCheck } from '../../check.ts';
import { expectOAuthError, oauthPost, unknownValue } from '../../kits/oauth-kit.ts';

export const invalidClient: ActiveCheck = {
  kind: 'active',
  id: 'oauth.invalid-client',
  area: 'oauth',
  title: 'a failed client authentication answers 401 invalid_client with WWW-Authenticate',
  spec: '5.2',
  basis: 'documented',
  writes: false,
  async run(context) {
    // An unknown client, its credentials in the body: needs no client of the run's own.
    const unknown = await oauthPost(
      context,
      '/oauth/token',
      {
        grant_type: 'authorization_code',
        code: unknownValue('svc_ac_'),
        redirect_uri: 'https://app.example.com/oauth/callback',
        code_verifier: unknownValue('').padEnd(43, 'x'),
        client_id: 'app_00000000000000000000000000',
        client_secret: unknownValue(''),
      },
      'none',
    );
    expectOAuthError(context, unknown, 401, 'invalid_client');
    // A known client with a wrong secret over HTTP Basic.
    const client = context.target.oauthClient;
    if (client?.clientSecret !== undefined) {
      const wrong = await oauthPost(
        context,
        '/oauth/token',
        { grant_type: 'refresh_token', refresh_token: unknownValue('svc_rt_') },
        { client, secret: `${client.clientSecret}x` },
      );
      expectOAuthError(context, wrong, 401, 'invalid_client');
    }
  },
};
