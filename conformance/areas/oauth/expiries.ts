// Spec 5.2 and part 8, the lifetimes of the flow: a code is valid 10 minutes, an access token 1
// hour (then invalid_token), a refresh token 60 days. Against a deployment these need an approval
// (a person) and hours of waiting, so the check runs on a crmkit mock, whose clock the control API
// moves: 10 minutes and a second, then to an hour and a second, then 60 days and a second.
import type { ActiveCheck } from '../../check.ts';
import { oauthErrorOf } from './authorize-kit.ts';
import { advanceMockClock } from '../../mock-control.ts';
import { approvedCode, exchangeCode, freshTokens, needClient, pkcePair, refresh, whoami } from '../../kits/oauth-kit.ts';

const CODE_SECONDS = 10 * 60;
const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 60 * 24 * 3600;

export const expiries: ActiveCheck = {
  kind: 'active',
  id: 'oauth.expiries',
  area: 'oauth',
  title:
    'a code expires after 10 minutes (invalid_grant), an access token after an hour (invalid_token), a refresh token after 60 days (invalid_grant)',
  spec: '5.2, 8',
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    const client = needClient(context);
    if (!context.target.mock)
      context.skip(
        'the lifetimes take 10 minutes to 60 days to wait out and an approval by a person; checked against a crmkit mock, whose clock the suite moves',
      );
    const { verifier, challenge } = pkcePair();
    const { code, redirectUri } = await approvedCode(context, client, challenge);
    const { tokens } = await freshTokens(context, client);

    await advanceMockClock(context, CODE_SECONDS + 1);
    const lateCode = await exchangeCode(context, client, code, redirectUri, verifier);
    const codeProblem =
      (lateCode.status !== 400 || lateCode.json?.error !== 'invalid_grant') &&
      `a code exchanged 10 minutes and a second after its approval answered ${lateCode.status} ${oauthErrorOf(lateCode)}, not 400 invalid_grant`;
    context.judge('oauth.code-10-minutes', codeProblem, lateCode);
    context.judge('oauth.limit-code', codeProblem, lateCode);

    await advanceMockClock(context, ACCESS_TOKEN_SECONDS - CODE_SECONDS);
    const lateCall = await whoami(context, tokens.access_token);
    const accessProblem =
      (lateCall.status !== 401 || lateCall.json?.error?.code !== 'invalid_token') &&
      `an access token an hour and a second old answered ${lateCall.status} ${lateCall.json?.error?.code ?? ''}, not 401 invalid_token`;
    context.judge('oauth.access-token-expired', accessProblem, lateCall);
    context.judge('oauth.limit-access-token', accessProblem, lateCall);

    // The refresh token outlives the access token: an hour on it still refreshes.
    const refreshed = await refresh(context, client, tokens.refresh_token);
    const refreshedProblem =
      (refreshed.status !== 200 || typeof refreshed.json?.refresh_token !== 'string') &&
      `a refresh token an hour old answered ${refreshed.status} ${oauthErrorOf(refreshed)}; it is valid 60 days`;
    context.judge('oauth.refresh-token-60-days', refreshedProblem, refreshed);
    if (refreshedProblem)
      return context.skipRule(
        'oauth.limit-refresh-token',
        'the refresh token did not refresh an hour on, so its 60 days could not be waited out',
      );
    await advanceMockClock(context, REFRESH_TOKEN_SECONDS + 1);
    const lateRefresh = await refresh(context, client, refreshed.json.refresh_token);
    const refreshProblem =
      (lateRefresh.status !== 400 || lateRefresh.json?.error !== 'invalid_grant') &&
      `a refresh token 60 days and a second old answered ${lateRefresh.status} ${oauthErrorOf(lateRefresh)}, not 400 invalid_grant`;
    context.judge('oauth.refresh-token-60-days', refreshProblem, lateRefresh);
    context.judge('oauth.limit-refresh-token', refreshProblem, lateRefresh);
  },
};
