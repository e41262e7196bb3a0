// Spec 5.2 and part 8: after a client secret rotation the new secret works at once and the old one
// keeps working at the token endpoint for 24 hours, and not after; "signatures on requests sent to
// the app use the new secret at once" (its lifecycle events, 6.5). Secrets are rotated in the
// developer console and an app's webhook URL is set there, so the check runs on a crmkit mock
// (its control API makes an app whose lifecycle events reach a receiver of the check's own,
// rotates its secret, changes its settings and moves the clock). Whether a secret authenticates is
// read from a refresh with an unknown token: invalid_grant means the client was authenticated,
// invalid_client not.
import type { ActiveCheck } from '../../check.ts';
import { oauthErrorOf } from './authorize-kit.ts';
import type { CheckContext } from '../../context.ts';
import { eventWaitMs } from '../../kits/events-kit.ts';
import { approveApp, lifecycleApp, lifecycleEvent, type LifecycleApp } from '../../kits/lifecycle-kit.ts';
import { advanceMockClock, controlCall } from '../../mock-control.ts';
import { oauthPost, unknownValue } from '../../kits/oauth-kit.ts';
import { signatureProblem, signatureValid } from '../../kits/webhook-signature.ts';

const OLD_SECRET_SECONDS = 24 * 3600;

export const secretRotation: ActiveCheck = {
  kind: 'active',
  id: 'oauth.secret-rotation',
  area: 'oauth',
  title:
    "after a client secret rotation the new secret works at once, the old one for 24 hours and not after, and the app's lifecycle events are signed with the new one at once",
  spec: '5.2, 8',
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    const app = await lifecycleApp(context, 'secret-rotation');
    const tokens = await approveApp(context, app);
    const oldSecret = app.client.clientSecret;
    const rotated = await controlCall(context, 'POST', `/_mock/workspaces/${app.workspaceId}/apps/${app.client.clientId}/rotate-secret`);
    const newSecret: string = rotated.client_secret;

    const withNew = await authenticates(context, app, newSecret);
    context.judge(
      'oauth.new-secret-at-once',
      withNew.problem && `right after the rotation the new secret ${withNew.problem}`,
      withNew.exchange,
    );
    const oldNow = await authenticates(context, app, oldSecret);
    const oldNowProblem = oldNow.problem && `right after the rotation the old secret ${oldNow.problem}; it keeps working for 24 hours`;
    context.judge('oauth.old-secret-24-hours', oldNowProblem, oldNow.exchange);
    context.judge('oauth.limit-old-secret', oldNowProblem, oldNow.exchange);
    await judgeSignedWithNewSecret(context, app, String(tokens.installation_id), oldSecret, newSecret);

    await advanceMockClock(context, OLD_SECRET_SECONDS + 1);
    const oldLater = await authenticates(context, app, oldSecret);
    const oldLaterProblem =
      oldLater.refused !== true &&
      `24 hours and a second after the rotation the old secret still authenticates (${oldLater.exchange.status} ${oauthErrorOf(oldLater.exchange)}), not 401 invalid_client`;
    context.judge('oauth.old-secret-24-hours', oldLaterProblem, oldLater.exchange);
    context.judge('oauth.limit-old-secret', oldLaterProblem, oldLater.exchange);
    const newLater = await authenticates(context, app, newSecret);
    context.judge(
      'oauth.new-secret-at-once',
      newLater.problem && `a day after the rotation the new secret ${newLater.problem}`,
      newLater.exchange,
    );
  },
};

/** A refresh with a token nobody issued, authenticated with `secret`: invalid_grant once the client is authenticated. */
async function authenticates(context: CheckContext, app: LifecycleApp, secret: string) {
  const exchange = await oauthPost(
    context,
    '/oauth/token',
    { grant_type: 'refresh_token', refresh_token: unknownValue('svc_rt_') },
    { client: app.client, secret },
  );
  const refused = exchange.status === 401 && exchange.json?.error === 'invalid_client';
  const problem =
    exchange.json?.error === 'invalid_grant'
      ? undefined
      : `answered ${exchange.status} ${oauthErrorOf(exchange)} to a refresh with an unknown token, not invalid_grant (the client authenticated)`;
  return { exchange, refused, problem };
}

/** An admin changes the app's settings right after the rotation: app.settings_updated comes signed with the new secret, not the old. */
async function judgeSignedWithNewSecret(
  context: CheckContext,
  app: LifecycleApp,
  installationId: string,
  oldSecret: string,
  newSecret: string,
): Promise<void> {
  await controlCall(context, 'POST', `/_mock/workspaces/${app.workspaceId}/installations/${installationId}/settings`, {
    settings: { conformance_run: context.runId },
  });
  const event = await lifecycleEvent(app, 'app.settings_updated', 1, eventWaitMs(context));
  if (!event)
    return context.judge(
      'oauth.new-secret-signs',
      `no app.settings_updated reached the app's webhook URL within ${eventWaitMs(context) / 1000} s after its settings changed`,
    );
  const header = event.headers['svc-signature'];
  const problem = signatureValid(header, event.rawBody, oldSecret)
    ? 'app.settings_updated, sent right after the rotation, is signed with the old client secret, not the new one'
    : signatureProblem(header, event.rawBody, newSecret);
  context.judge('oauth.new-secret-signs', problem && `app.settings_updated after the rotation, checked with the new secret: ${problem}`);
}
