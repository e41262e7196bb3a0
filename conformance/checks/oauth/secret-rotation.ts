// Spec 5.2 and part 8: after a client secret rotation the new secret works at once and the old one
// keeps working at the token endpoint for 24 hours, and not after. Secrets are rotated in the
// developer console, so the check runs on a crmkit mock (its control API rotates a secret of an
// app of the check's own and moves the clock). Whether a secret authenticates is read from a
// refresh with an unknown token: invalid_grant means the client was authenticated, invalid_client not.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { mockApp } from '../../authorize-kit.ts';
import { advanceMockClock, controlCall } from '../../mock-control.ts';
import { oauthPost, unknownValue, type OAuthClient } from '../../oauth-kit.ts';

const OLD_SECRET_SECONDS = 24 * 3600;

export const secretRotation: ActiveCheck = {
  kind: 'active',
  id: 'oauth.secret-rotation',
  family: 'oauth',
  title: 'after a client secret rotation the new secret works at once, the old one for 24 hours and not after',
  spec: '5.2, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const app = await mockApp(context, ['leads:read']);
    const rotated = await controlCall(context, 'POST', `/_mock/workspaces/${context.target.mock!.workspaceId}/apps/${app.appId}/rotate-secret`);
    const newSecret: string = rotated.client_secret;
    const oldSecret = app.clientSecret!;

    const withNew = await authenticates(context, app, newSecret);
    context.judge('oauth.new-secret-at-once', withNew.problem && `right after the rotation the new secret ${withNew.problem}`, withNew.exchange);
    const oldNow = await authenticates(context, app, oldSecret);
    const oldNowProblem = oldNow.problem && `right after the rotation the old secret ${oldNow.problem}; it keeps working for 24 hours`;
    context.judge('oauth.old-secret-24-hours', oldNowProblem, oldNow.exchange);
    context.judge('oauth.limit-old-secret', oldNowProblem, oldNow.exchange);

    await advanceMockClock(context, OLD_SECRET_SECONDS + 1);
    const oldLater = await authenticates(context, app, oldSecret);
    const oldLaterProblem = oldLater.refused !== true && `24 hours and a second after the rotation the old secret still authenticates (${oldLater.exchange.status} ${oldLater.exchange.json?.error ?? ''}), not 401 invalid_client`;
    context.judge('oauth.old-secret-24-hours', oldLaterProblem, oldLater.exchange);
    context.judge('oauth.limit-old-secret', oldLaterProblem, oldLater.exchange);
    const newLater = await authenticates(context, app, newSecret);
    context.judge('oauth.new-secret-at-once', newLater.problem && `a day after the rotation the new secret ${newLater.problem}`, newLater.exchange);
  },
};

/** A refresh with a token nobody issued, authenticated with `secret`: invalid_grant once the client is authenticated. */
async function authenticates(context: CheckContext, app: OAuthClient, secret: string) {
  const exchange = await oauthPost(context, '/oauth/token', { grant_type: 'refresh_token', refresh_token: unknownValue('svc_rt_') }, { client: app, secret });
  const refused = exchange.status === 401 && exchange.json?.error === 'invalid_client';
  const problem = exchange.json?.error === 'invalid_grant' ? undefined : `answered ${exchange.status} ${exchange.json?.error ?? ''} to a refresh with an unknown token, not invalid_grant (the client authenticated)`;
  return { exchange, refused, problem };
}
