import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { advanceMockClock, mockNowMs, withFrozenMockClock } from '../../mock-control.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { withWebhook } from '../../kits/webhook-kit.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
/** The first retries of spec 6.3 and 8, in seconds after the event; the rest come every 6 hours up to the 24th. */
const RETRIES = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
const DAY = 24 * HOUR;
/** How far around its time an attempt is looked for: the clock is moved this much short of it, then past it. */
const SLACK = 5;
/** On a frozen clock an attempt has been sent when the move answers; a moment more for the receiver to take it in. */
const ARRIVAL_MS = 1_500;

export const retrySchedule: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.retry-schedule',
  area: 'webhooks',
  title:
    'a failing receiver gets retries 1 min, 5 min, 30 min, 2 h, 6 h, then every 6 h up to 24 h after the event; after 24 hours without success the webhook is disabled and webhook.disabled reaches the other webhooks',
  spec: '3, 6.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    // A day of retries is only seen by moving a mock's clock; no run waits 24 hours for a deployment.
    if (!context.target.mock)
      return context.skip(
        'the schedule runs over 24 hours: checked against a crmkit mock, whose clock the suite moves through its control API',
      );
    // A frozen clock runs every attempt inside the move that makes it due, and the next one it schedules
    // with it: the attempts come at the schedule's exact times. It follows real time again afterwards.
    await withFrozenMockClock(context, () => followSchedule(context));
  },
};

async function followSchedule(context: CheckContext): Promise<void> {
  await withWebhook(context, 'retry-schedule', ['lead.created'], async (failing) => {
    await withWebhook(context, 'retry-schedule-watcher', ['webhook.disabled'], async (watcher) => {
      let leadId: string | undefined;
      const ours = (request: ReceivedRequest) => leadId !== undefined && request.json?.data?.object?.id === leadId;
      // Every attempt at this webhook fails (500): the schedule is used up and the webhook has no success for a day.
      failing.receiver.answer(failing.path, () => 500);
      leadId = (await context.createLead()).id;
      const first = await failing.delivery(1, 'lead.created', { match: ours });
      // The event's time is the frozen clock's (nothing has moved it since). Attempts are timed by
      // where the clock stands when they come, not by Svc-Timestamp: that is the wall clock's (6.2).
      const eventSeconds = Math.floor((await mockNowMs(context)) / 1000);
      const attemptsSoFar = () => failing.receiver.requestsTo(failing.path, ours).length;
      /** Moves the mock's clock to `seconds` after the event (no further back than it stands). */
      const moveTo = async (seconds: number) => {
        const ahead = ((eventSeconds + seconds) * 1000 - (await mockNowMs(context))) / 1000;
        if (ahead > 0) await advanceMockClock(context, Math.ceil(ahead));
      };
      const label = (seconds: number) => (seconds < HOUR ? `${seconds / MINUTE} min` : `${seconds / HOUR} h`);
      /** Moves the clock just short of attempt `count`'s time (none may have come), then past it (it must come). */
      const expectAttempt = async (count: number, offset: number) => {
        await moveTo(offset - SLACK);
        if (attemptsSoFar() >= count) {
          context.fail(
            `attempt ${count} came before the clock was ${label(offset)} past the event (retries come 1 min, 5 min, 30 min, 2 h, 6 h after the event, then every 6 hours within 24 hours)`,
            undefined,
            'webhooks.retry-schedule',
          );
        }
        await moveTo(offset + SLACK);
        const retry = await failing.receiver.nth(failing.path, count, ARRIVAL_MS, ours);
        if (!retry)
          context.fail(
            `the retry ${label(offset)} after the event (attempt ${count}) did not reach the receiver`,
            undefined,
            'webhooks.retry-schedule',
          );
      };
      const schedule = [...RETRIES];
      for (let next = 12 * HOUR; next <= DAY; next += 6 * HOUR) schedule.push(next);
      for (const [index, offset] of schedule.entries()) {
        if (offset === DAY) {
          // Failing for 18 hours, not for a day yet: the webhook stays on.
          const before = await context.client.call('getWebhook', { path: { id: failing.id } });
          context.expectStatus(before, 200);
          context.judge(
            'webhooks.no-consecutive-failure-rule',
            before.json?.active === true
              ? undefined
              : `the webhook is active ${JSON.stringify(before.json?.active)} after 18 hours of failures; it is disabled only after 24 hours without success`,
            before,
          );
        }
        await expectAttempt(index + 2, offset);
      }
      // The last attempt, 24 hours after the event, failed too: a day without success (its outcome is recorded as the clock's move ends).
      let after = await context.client.call('getWebhook', { path: { id: failing.id } });
      for (let tries = 0; tries < 5 && after.status === 200 && after.json?.active !== false; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await context.client.call('getWebhook', { path: { id: failing.id } });
      }
      context.expectStatus(after, 200);
      context.judge('webhooks.retry-schedule', undefined);
      context.judge(
        'webhooks.day-without-success-disables',
        after.json?.active === false
          ? undefined
          : `24 hours without a successful delivery (${attemptsSoFar()} attempts failed), the webhook is still active (${JSON.stringify(after.json?.active)}); it is disabled`,
        after,
      );
      const deliveryId = first.headers['svc-delivery'];
      const delivery = deliveryId
        ? await context.client.call('getWebhookDelivery', { path: { id: failing.id, did: deliveryId } })
        : undefined;
      context.judge(
        'webhooks.delivery-failed-at-end',
        delivery?.json?.status === 'failed'
          ? undefined
          : `after its last attempt, 24 hours after the event, the delivery shows status ${JSON.stringify(delivery?.json?.status)}, not failed`,
        delivery,
      );
      const names = (request: ReceivedRequest) => request.rawBody.includes(failing.id) && request.json?.type === 'webhook.disabled';
      const told = await watcher.receiver.nth(watcher.path, 1, 5_000, names);
      context.judge(
        'webhooks.disabled-told-to-others',
        told ? undefined : `the workspace's other webhook got no webhook.disabled naming ${failing.id}`,
      );
    });
  });
}
