// Spec 5.2 step 4 and part 8: a code is single use; "a second use revokes every token issued
// from it": the access token and the refresh token of the first exchange stop working.
import type { ActiveCheck } from '../../check.ts';
import { oauthErrorOf } from './authorize-kit.ts';
import { exchangeCode, expectTokenWorks, freshTokens, needClient, refresh, whoami } from '../../kits/oauth-kit.ts';

export const codeSingleUse: ActiveCheck = {
  kind: 'active',
  id: 'oauth.code-single-use',
  area: 'oauth',
  title: 'a code used a second time answers invalid_grant and revokes every token issued from it',
  spec: '5.2, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const client = needClient(context);
    const { tokens, code, redirectUri, verifier } = await freshTokens(context, client);
    await expectTokenWorks(context, tokens.access_token, 'the access token of the first exchange');
    const second = await exchangeCode(context, client, code, redirectUri, verifier);
    const secondProblem =
      (second.status !== 400 || second.json?.error !== 'invalid_grant') &&
      `a code exchanged a second time answered ${second.status} ${oauthErrorOf(second)}, not 400 invalid_grant`;
    context.judge('oauth.code-single-use', secondProblem, second);
    context.judge('oauth.limit-code', secondProblem, second);
    const call = await whoami(context, tokens.access_token);
    context.judge(
      'oauth.code-reuse-revokes',
      (call.status !== 401 || call.json?.error?.code !== 'invalid_token') &&
        `after the code was used again, the access token issued from it answered ${call.status}, not 401 invalid_token`,
      call,
    );
    const refreshed = await refresh(context, client, tokens.refresh_token);
    context.judge(
      'oauth.code-reuse-revokes',
      refreshed.status < 400 && `after the code was used again, the refresh token issued from it still refreshed (${refreshed.status})`,
      refreshed,
    );
  },
};
