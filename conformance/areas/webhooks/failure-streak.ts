// Spec 6.3: "A success resets the failure count"; 3: enable turns a disabled webhook on with its
// "failure count reset"; 3 and 6.3: it is disabled after 24 hours without success. Days pass only
// on a mock's clock, moved (frozen meanwhile, so each attempt runs within the move that makes it
// due) through its control API:
//   1. a lead's event fails for 20 hours; a ping then succeeds; the event's attempts go on failing
//      until its last, 24 hours after the first failure: the webhook must still be active, since
//      the success 4 hours before started the count again; that event's delivery, its schedule
//      used up, is `failed`, and 6 hours more bring no attempt of it (retries stop within 24 hours
//      of the event, 6.3);
//   2. a second lead's event fails for its whole day: the webhook is disabled (24 hours without
//      success);
//   3. enable (without resend), then a third lead's event fails at once: the webhook must stay
//      active, since enabling reset the count (else its streak is over a day long).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { advanceMockClock, withFrozenMockClock } from '../../mock-control.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

const HOUR = 3600;

export const failureStreak: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.failure-streak',
  area: 'webhooks',
  title:
    'a success, and enabling, reset the failure count: a webhook is disabled only after 24 hours without success counted from the last success or enable',
  spec: '3, 6.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!context.target.mock)
      return context.skip(
        'a failure streak lasts a day: checked against a crmkit mock, whose clock the suite moves through its control API',
      );
    await withFrozenMockClock(context, () => withWebhook(context, 'failure-streak', ['lead.created'], (hook) => streaks(context, hook)));
  },
};

async function streaks(context: CheckContext, hook: TestWebhook): Promise<void> {
  let answer = 500;
  hook.receiver.answer(hook.path, () => answer);
  const active = async () => (await context.client.call('getWebhook', { path: { id: hook.id } })).json?.active;

  // 1. Failing, a success 20 hours in, failing on to the event's last attempt at 24 hours.
  const first = await failingLead(context, hook);
  await advanceMockClock(context, 20 * HOUR);
  answer = 200;
  const ping = await context.client.call('pingWebhook', { path: { id: hook.id } });
  context.expectStatus(ping, 200, 201);
  if (ping.json?.status !== 'success')
    context.fail(`a ping answered 200 shows status ${JSON.stringify(ping.json?.status)}; the check needs a success`, ping);
  answer = 500;
  await advanceMockClock(context, 4 * HOUR + 10);
  const afterSuccess = await active();
  context.judge(
    'webhooks.success-resets-failures',
    afterSuccess === true
      ? undefined
      : `24 hours after the first failure, with a success 4 hours before, the webhook shows active ${JSON.stringify(afterSuccess)}: a success resets the failure count`,
  );
  if (afterSuccess !== true) return;
  await scheduleEnded(context, hook, first);

  // 2. A day without success disables it.
  await failingLead(context, hook);
  await advanceMockClock(context, 24 * HOUR + 10);
  if ((await active()) !== false)
    context.fail('a second day without success left the webhook active; the check needs it disabled (webhooks.retry-schedule judges that)');

  // 3. Enabled, then one failure at once.
  const enabled = await context.client.call('enableWebhook', { path: { id: hook.id }, body: { resend_failed: false } });
  context.expectStatus(enabled, 200);
  // Spec 4.11: enable answers {webhook, resent: integer}, with resend_failed false as well.
  const answered = enabled.json?.webhook?.object === 'webhook' && Number.isInteger(enabled.json?.resent);
  context.judge(
    'webhooks.enable-answer',
    answered ? undefined : `enable with resend_failed false answered ${enabled.text.slice(0, 160)}, not {webhook, resent: integer}`,
    enabled,
  );
  await failingLead(context, hook);
  await advanceMockClock(context, 1);
  const afterEnable = await active();
  context.judge(
    'webhooks.enable-resets-failures',
    afterEnable === true
      ? undefined
      : `enabled after a day without success, the webhook was disabled again by its first failed attempt (active ${JSON.stringify(afterEnable)}): enabling resets the failure count`,
  );
}

/**
 * Past its attempt 24 hours after the event, a delivery whose attempts all failed is `failed`, and
 * no attempt of it comes 6 hours later (spec 3, 6.3: retries only within 24 hours of the event).
 * The webhook is still active here (a success reset its count), so nothing else ends the delivery.
 */
async function scheduleEnded(context: CheckContext, hook: TestWebhook, first: ReceivedRequest): Promise<void> {
  const ofEvent = (request: ReceivedRequest) => request.json?.id === first.json?.id;
  const deliveryId = first.headers['svc-delivery'];
  const delivery = deliveryId ? await context.client.call('getWebhookDelivery', { path: { id: hook.id, did: deliveryId } }) : undefined;
  context.judge(
    'webhooks.delivery-failed-at-end',
    delivery?.json?.status !== 'failed' &&
      `24 hours after the event, its attempts all failed and the webhook still active, the delivery shows status ${JSON.stringify(delivery?.json?.status)}, not failed`,
    delivery,
  );
  const attempts = hook.receiver.requestsTo(hook.path, ofEvent).length;
  await advanceMockClock(context, 6 * HOUR + 10);
  const late = await hook.receiver.nth(hook.path, attempts + 1, ARRIVAL_MS, ofEvent);
  context.judge(
    'webhooks.retry-schedule',
    late !== undefined && `attempt ${attempts + 1} of the event came 30 hours after it: retries stop within 24 hours of the event`,
  );
}

/** On a frozen clock an attempt has been sent when the move answers; a moment more for the receiver to take it in. */
const ARRIVAL_MS = 1_500;

/** A lead whose lead.created reaches the receiver (which fails it): its first attempt. */
async function failingLead(context: CheckContext, hook: TestWebhook): Promise<ReceivedRequest> {
  const lead = await context.createLead();
  return hook.delivery(1, `lead.created of ${lead.id}`, { match: (request) => request.json?.data?.object?.id === lead.id });
}
