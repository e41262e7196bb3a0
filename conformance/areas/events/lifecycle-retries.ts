// Spec 6.5 (and part 8, lifecycle webhook retries): a lifecycle event the app's endpoint fails is
// retried on the webhooks' schedule (6.3: 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours, then
// every 6 hours, within 24 hours of the event), with the same Svc-Delivery id and body on every
// attempt, each signed again with a fresh timestamp, and failing for 24 hours disables nothing: the installation's refresh token still refreshes. The
// app's receiver fails every attempt; the mock's workspace clock is moved to each point of the
// schedule in turn (a single jump of a day would run the waiting attempt late, past the window).
// Only a mock lets the suite set an app's webhook URL and move time: skipped elsewhere.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { eventWaitMs, graceFor, graceMs, missing, sleep } from '../../kits/events-kit.ts';
import { approveApp, lifecycleApp, type LifecycleApp } from '../../kits/lifecycle-kit.ts';
import { advanceMockClock } from '../../mock-control.ts';
import { refresh, whoami } from '../../kits/oauth-kit.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { signatureProblem } from '../../kits/webhook-signature.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
/** The points of spec 6.3's schedule after the event, in seconds, up to 24 hours. */
const SCHEDULE = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 18 * HOUR, 24 * HOUR];

export const lifecycleRetries: ActiveCheck = {
  kind: 'active',
  id: 'events.lifecycle-retries',
  area: 'events',
  title:
    'a lifecycle event the app fails is retried a minute later and on until 24 hours after it, with the same Svc-Delivery and body, signed afresh, and disables nothing',
  spec: '6.5, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const app = await lifecycleApp(context, 'lifecycle-retries');
    app.receiver.answer(app.path, () => 503);
    const tokens = await approveApp(context, app);
    const first =
      (await app.receiver.nth(app.path, 1, eventWaitMs(context), (request) => request.json?.type === 'app.installed')) ??
      context.fail(missing("app.installed at the app's webhook URL", eventWaitMs(context) / 1000));
    const attempts = await walkSchedule(context, app);
    const retries = attempts.map((attempt) => attempt.request);
    judgeFirstRetry(context, attempts);
    judgeSameDelivery(context, first, retries);
    judgeSignedAfresh(context, app, [first, ...retries]);
    context.judge('events.lifecycle-retries-end', lateProblem(attempts));
    await judgeNothingDisabled(context, app, tokens.refresh_token);
  },
};

type Attempt = {
  request: ReceivedRequest;
  /** The schedule point (seconds after the event) the clock had been moved to when it came. */ point: number;
};

/** Moves the clock to each point of the schedule and past its end; answers every attempt after the first, with when it came. */
async function walkSchedule(context: CheckContext, app: LifecycleApp): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  const collect = (point: number) => {
    for (const request of app.receiver.requestsTo(app.path).slice(1 + attempts.length)) attempts.push({ request, point });
  };
  // Nothing is due before the first minute: a retry that comes at once is not on the schedule. At
  // least a second of real time passes too, so that the first retry, signed again, carries a later
  // timestamp (wall-clock seconds, spec 6.2) than the first attempt.
  await sleep(Math.max(graceMs(context), 1_100));
  collect(0);
  let at = 0;
  for (const point of [...SCHEDULE, 30 * HOUR]) {
    await advanceMockClock(context, point - at);
    at = point;
    // On the mock's running clock the attempt goes out just after the move: wait for one, briefly.
    await app.receiver.nth(app.path, attempts.length + 2, point > 24 * HOUR ? graceMs(context) : 1_000);
    collect(point);
  }
  await graceFor(context, 'lifecycle attempts after the last');
  collect(at);
  return attempts;
}

function judgeFirstRetry(context: CheckContext, retries: Attempt[]): void {
  const retry = retries[0];
  if (!retry)
    return context.judge('events.lifecycle-retried', 'the app answered 503 and no attempt followed in the 24 hours after the event');
  const problem =
    retry.point !== MINUTE &&
    (retry.point < MINUTE
      ? 'the first retry came at once, before the clock was a minute past the event'
      : `the first retry came only once the clock was ${retry.point} s past the event, not a minute`);
  context.judge('events.lifecycle-retried', problem);
}

function judgeSameDelivery(context: CheckContext, first: ReceivedRequest, retries: ReceivedRequest[]): void {
  const other = retries.find((retry) => retry.headers['svc-delivery'] !== first.headers['svc-delivery'] || retry.rawBody !== first.rawBody);
  const problem =
    other &&
    (other.headers['svc-delivery'] !== first.headers['svc-delivery']
      ? `a retry carries Svc-Delivery ${other.headers['svc-delivery']}, the first attempt ${first.headers['svc-delivery']}`
      : 'a retry carries another body than the first attempt');
  context.judge('events.lifecycle-same-delivery-id', retries.length === 0 ? 'no retry came to compare with the first attempt' : problem);
}

/**
 * Each attempt signed when it was sent (its timestamp near the receiver's clock when it came), the
 * first retry later than the first attempt (a second of real time lies between them; the later ones
 * come within moments on the moved clock), and each verifying with the client secret.
 */
function judgeSignedAfresh(context: CheckContext, app: LifecycleApp, attempts: ReceivedRequest[]): void {
  let problem: string | undefined;
  attempts.forEach((attempt, index) => {
    const before = attempts[index - 1];
    const stamp = Number(attempt.headers['svc-timestamp']);
    const drift = Math.round(Math.abs(stamp - attempt.receivedAtMs / 1000));
    if (!problem && drift > 5 * MINUTE)
      problem = `attempt ${index + 1} carries Svc-Timestamp ${stamp}, ${drift} s from the receiver's clock when it came: not the time it was signed`;
    if (!problem && index === 1 && before && !(stamp > Number(before.headers['svc-timestamp'])))
      problem = `attempt ${index + 1} carries Svc-Timestamp ${stamp}, not later than attempt ${index}'s ${before.headers['svc-timestamp']}: it was not signed again`;
    const signed = signatureProblem(attempt.headers['svc-signature'], attempt.rawBody, app.client.clientSecret);
    if (!problem && signed) problem = `attempt ${index + 1}, checked with the app's client secret: ${signed}`;
  });
  if (attempts.length > 1) context.judge('events.lifecycle-retry-signed-afresh', problem);
}

/** No attempt once the clock is past 24 hours after the event (the last point of the schedule is the 24th hour). */
function lateProblem(attempts: Attempt[]): string | undefined {
  const late = attempts.find((attempt) => attempt.point > 24 * HOUR);
  return late && `an attempt came once the clock was ${late.point / HOUR} hours past the event, after the 24 hours of the schedule`;
}

/** After a day of failed lifecycle deliveries the app is still installed: its refresh token refreshes, the new access token works. */
async function judgeNothingDisabled(context: CheckContext, app: LifecycleApp, refreshToken: string): Promise<void> {
  const refreshed = await refresh(context, app.client, refreshToken);
  if (refreshed.status !== 200)
    return context.judge(
      'events.lifecycle-failures-disable-nothing',
      `after 24 hours of failed lifecycle deliveries the refresh token answered ${refreshed.status} ${refreshed.json?.error ?? ''}, not new tokens`,
      refreshed,
    );
  const works = await whoami(context, refreshed.json.access_token);
  context.judge(
    'events.lifecycle-failures-disable-nothing',
    works.status !== 200 &&
      `after 24 hours of failed lifecycle deliveries a freshly refreshed access token answered ${works.status} at whoami`,
    works,
  );
}
