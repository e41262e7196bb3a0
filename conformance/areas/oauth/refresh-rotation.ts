// Spec 5.2 "Refresh" and part 8: a refresh answers a new refresh token and the old one stops
// working; presenting the used one again is theft: every token of the app in the workspace is
// revoked and (seen through a crmkit mock's control API) the app is uninstalled. Runs last of
// its family: the theft uninstalls the suite's app.
import type { ActiveCheck } from '../../check.ts';
import { installationOf, oauthErrorOf } from './authorize-kit.ts';
import { freshTokens, needClient, refresh, whoami } from '../../kits/oauth-kit.ts';

export const refreshRotation: ActiveCheck = {
  kind: 'active',
  id: 'oauth.refresh-rotation',
  area: 'oauth',
  title:
    'a refresh answers a new refresh token, in the token answer of 5.2 step 6, and ends the old one; the old one presented again revokes every token and uninstalls the app',
  spec: '4.15, 5.2, 8',
  basis: 'documented',
  writes: true,
  leaves: 'used-up',
  async run(context) {
    const client = needClient(context);
    const { tokens } = await freshTokens(context, client);
    const refreshed = await refresh(context, client, tokens.refresh_token);
    const next = refreshed.json;
    const grantProblem =
      (refreshed.status !== 200 || typeof next?.access_token !== 'string') &&
      `a refresh answered ${refreshed.status} ${next?.error ?? ''}, not 200 with tokens`;
    context.judge('oauth.refresh-grant', grantProblem, refreshed);
    context.judge('oauth.route-token', grantProblem, refreshed);
    if (grantProblem) {
      for (const rule of [
        'oauth.refresh-rotates',
        'oauth.refresh-answer-tokens',
        'oauth.refresh-answer-fields',
        'oauth.limit-refresh-token',
        'oauth.refresh-old-stops',
        'oauth.refresh-reuse-revokes-all',
        'oauth.refresh-reuse-uninstalls',
      ])
        context.skipRule(rule, 'the refresh was refused, so there was no rotation to judge');
      return;
    }
    const rotateProblem =
      (typeof next.refresh_token !== 'string' || next.refresh_token === tokens.refresh_token) &&
      'the refresh answered the same refresh token: refresh tokens rotate, each refresh returns a new one';
    context.judge('oauth.refresh-rotates', rotateProblem, refreshed);
    context.judge('oauth.limit-refresh-token', rotateProblem, refreshed);
    context.judge('oauth.refresh-answer-tokens', refreshTokensProblem(next), refreshed);
    context.judge('oauth.refresh-answer-fields', refreshAnswerProblem(next), refreshed);
    const works = await whoami(context, next.access_token);
    context.judge('oauth.refresh-grant', works.status !== 200 && `the refreshed access token answered ${works.status}, not 200`, works);

    // Presenting the used refresh token is treated as theft: refused, and everything revoked.
    const reused = await refresh(context, client, tokens.refresh_token);
    context.judge(
      'oauth.refresh-old-stops',
      (reused.status !== 400 || reused.json?.error !== 'invalid_grant') &&
        `the used refresh token answered ${reused.status} ${oauthErrorOf(reused)}, not 400 invalid_grant`,
      reused,
    );
    const newest = await whoami(context, next.access_token);
    context.judge(
      'oauth.refresh-reuse-revokes-all',
      (newest.status !== 401 || newest.json?.error?.code !== 'invalid_token') &&
        `after the used refresh token came back, the newest access token answered ${newest.status}, not 401 invalid_token`,
      newest,
    );
    const newestRefresh = await refresh(context, client, next.refresh_token);
    context.judge(
      'oauth.refresh-reuse-revokes-all',
      (newestRefresh.status !== 400 || newestRefresh.json?.error !== 'invalid_grant') &&
        `after the used refresh token came back, the newest refresh token answered ${newestRefresh.status} ${oauthErrorOf(newestRefresh)}, not 400 invalid_grant`,
      newestRefresh,
    );
    if (!context.target.mock)
      context.skipRule(
        'oauth.refresh-reuse-uninstalls',
        "an installation's state is seen only through a crmkit mock's control API (the app.uninstalled event is the events family's)",
      );
    else if (typeof tokens.installation_id === 'string') {
      const installation = await installationOf(context, tokens.installation_id);
      context.judge(
        'oauth.refresh-reuse-uninstalls',
        installation?.status !== 'uninstalled' &&
          `after the used refresh token came back, the installation ${tokens.installation_id} is ${installation?.status ?? 'not found'}, not uninstalled`,
      );
    }
  },
};

/**
 * What is wrong with a refresh's new tokens, if anything: their prefixes (spec README reading 4)
 * and, where the answer gives them, their lifetimes (5.2 step 6, part 8) are stated for every
 * token, whatever else the answer carries.
 */
function refreshTokensProblem(answer: Record<string, unknown>): string | undefined {
  return listed('the refresh answer', [
    !/^svc_at_\S+$/.test(String(answer.access_token)) && `access_token ${JSON.stringify(answer.access_token)} is not svc_at_...`,
    !/^svc_rt_\S+$/.test(String(answer.refresh_token)) && `refresh_token ${JSON.stringify(answer.refresh_token)} is not svc_rt_...`,
    'expires_in' in answer && answer.expires_in !== 3600 && `expires_in is ${JSON.stringify(answer.expires_in)}, not 3600`,
    'refresh_token_expires_in' in answer &&
      answer.refresh_token_expires_in !== 5184000 &&
      `refresh_token_expires_in is ${JSON.stringify(answer.refresh_token_expires_in)}, not 5184000`,
  ]);
}

/** What a refresh's answer lacks of the token answer of spec 5.2 step 6 (crmkit's reading), if anything. */
function refreshAnswerProblem(answer: Record<string, unknown>): string | undefined {
  return listed('the refresh answer', [
    answer.token_type !== 'Bearer' && `token_type is ${JSON.stringify(answer.token_type)}, not Bearer`,
    !('expires_in' in answer) && 'expires_in is missing',
    !('refresh_token_expires_in' in answer) && 'refresh_token_expires_in is missing',
    !(typeof answer.scope === 'string' && /^\S+( \S+)*$/.test(answer.scope)) &&
      `scope ${JSON.stringify(answer.scope)} is not space-separated scopes`,
  ]);
}

function listed(subject: string, problems: (string | false)[]): string | undefined {
  const found = problems.filter((problem): problem is string => typeof problem === 'string');
  return found.length ? `${subject}: ${found.join('; ')}` : undefined;
}
