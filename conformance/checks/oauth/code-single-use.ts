import type { ActiveCheck } from '../../check.ts';
import { exchangeCode, expectOAuthError, expectTokenRefused, expectTokenWorks, freshTokens, needClient } from '../../oauth-kit.ts';

export const codeSingleUse: ActiveCheck = {
  kind: 'active',
  id: 'oauth.code-single-use',
  family: 'oauth',
  title: 'a code used a second time answers invalid_grant and revokes every token issued from it',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { tokens, code, redirectUri, verifier } = await freshTokens(context, client);
    await expectTokenWorks(context, tokens.access_token, 'the access token of the first exchange');
    expectOAuthError(context, await exchangeCode(context, client, code, redirectUri, verifier), 400, 'invalid_grant');
    await expectTokenRefused(context, tokens.access_token, 'after the code was used again, the access token issued from it');
  },
};
