// Retries, disabling and enabling (spec 3, 4.11, 6.3, 8), driven by the workspace clock: frozen,
// then advanced through the control route, so a day of retries takes milliseconds.
import { describe, expect, it } from 'vitest';
import { signatureAccepted } from '../../conformance/kits/webhook-signature.ts';
import { deliveriesTo } from '../../src/resources/webhooks/delivery-record.ts';
import { HOUR, MINUTE, START_MS, secondsAfterStart, webhookHarness } from './webhook-harness.ts';

const h = webhookHarness();

/** The receiver is down (503) until the clock reaches `upAfterSeconds` after the start, then answers 200. */
function downUntil(upAfterSeconds: number) {
  h.receiver.answerEvery((request) => (secondsAfterStart(request) < upAfterSeconds ? { status: 503, body: 'down' } : { status: 200 }));
}

describe('the retry schedule (spec 6.3)', () => {
  it('retries after 1 min, 5 min, 30 min, 2 h, 6 h, then every 6 h within 24 h of the event, each signed afresh', async () => {
    downUntil(Infinity);
    const { webhook, secret } = await h.createWebhook();
    await h.product();
    await h.settle();
    await h.advance(30 * HOUR);
    const attempts = h.receivedBy(webhook.id);
    expect(attempts.map(secondsAfterStart)).toEqual([
      0,
      MINUTE,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      6 * HOUR,
      12 * HOUR,
      18 * HOUR,
      24 * HOUR,
    ]);
    expect(new Set(attempts.map((request) => request.headers['svc-delivery'])).size).toBe(1);
    expect(new Set(attempts.map((request) => request.headers['svc-event-id'])).size).toBe(1);
    for (const attempt of attempts) {
      const signedAtMs = Number(attempt.headers['svc-timestamp']) * 1000;
      expect(signatureAccepted(attempt.headers['svc-signature'] as string, attempt.rawBody, secret, signedAtMs)).toBe(true);
    }
  });

  it('one 25-hour move runs every retry that falls due on a clock that follows real time, as on a frozen one', async () => {
    h.receiver.answerEvery(() => ({ status: 500, body: 'down' }));
    await h.clock({ freeze: false });
    const { webhook } = await h.createWebhook();
    await h.product();
    // The first attempt goes out on a real timer once the event is queued: the move starts after it is in the log.
    await expect.poll(async () => (await h.deliveries(webhook.id))[0]?.attempts ?? 0, { timeout: 60_000, interval: 10 }).toBe(1);
    await h.advance(25 * HOUR);
    const expected = [0, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 18 * HOUR, 24 * HOUR];
    // The clock went on with real time between the steps: each attempt lands within seconds of its time.
    const late = h.receivedBy(webhook.id).map((request, index) => Math.round(secondsAfterStart(request) - (expected[index] ?? NaN)));
    expect(late).toHaveLength(expected.length);
    for (const seconds of late) expect(seconds).toBeGreaterThanOrEqual(0);
    for (const seconds of late) expect(seconds).toBeLessThan(60);
    const [delivery] = await h.deliveries(webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: expected.length });
  });

  it('a waiting delivery shows retrying with the time of its next attempt', async () => {
    downUntil(Infinity);
    const { webhook } = await h.createWebhook();
    await h.product();
    await h.settle();
    await h.advance(MINUTE);
    const [delivery] = await h.deliveries(webhook.id);
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempts: 2,
      response_status: 503,
      next_attempt_at: new Date(START_MS + 5 * MINUTE * 1000).toISOString(),
    });
  });
});

describe('a receiver that is down for 23 hours', () => {
  it('still receives every event once it answers, and its webhook stays active', async () => {
    downUntil(23 * HOUR);
    const { webhook, secret } = await h.createWebhook();
    const other = await h.createWebhook();
    const sent = [await h.product('first')];
    await h.advance(2 * HOUR);
    sent.push(await h.product('second'));
    await h.advance(20 * HOUR + 59 * MINUTE); // 22 h 59 min: still down
    expect(h.receivedBy(webhook.id).filter((request) => secondsAfterStart(request) >= 23 * HOUR)).toHaveLength(0);
    await h.advance(4 * HOUR + MINUTE); // to 27 h: past both events' 24-hour windows
    const answered = h.receivedBy(webhook.id).filter((request) => secondsAfterStart(request) >= 23 * HOUR);
    expect(answered.map((request) => request.json.data.object.id).sort()).toEqual(sent.map((product) => product.id).sort());
    for (const request of answered)
      expect(
        signatureAccepted(
          request.headers['svc-signature'] as string,
          request.rawBody,
          secret,
          Number(request.headers['svc-timestamp']) * 1000,
        ),
      ).toBe(true);
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}`)).body).toMatchObject({ active: true, status: 'active' });
    expect((await h.deliveries(webhook.id)).map((delivery: any) => delivery.status)).toEqual(['success', 'success']);
    expect(h.receivedBy(other.webhook.id).some((request) => request.headers['svc-event'] === 'webhook.disabled')).toBe(false);
  });
});

describe('a receiver that is down for 24 hours', () => {
  it('is disabled at the last attempt even when the first attempt went out late (a clock that followed real time)', async () => {
    downUntil(Infinity);
    await h.clock({ freeze: false });
    const { webhook } = await h.createWebhook();
    await h.product('first');
    // The first attempt goes out on a real timer, a few milliseconds after the event. On a clock
    // that follows real time the mock records it (and schedules its retry) only once the receiver's
    // answer is back, after the receiver has it: frozen and moved before that, the day passed with
    // no retry waiting (a loaded machine showed it). So the wait is for the attempt in the log.
    const firstRecorded = async () => (await h.deliveries(webhook.id))[0]?.attempts >= 1;
    await expect.poll(firstRecorded, { timeout: 60_000, interval: 10 }).toBe(true);
    expect(h.receivedBy(webhook.id)).toHaveLength(1);
    await h.clock({ freeze: true });
    await h.advance(24 * HOUR + 60);
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}`)).body).toMatchObject({ active: false, disabled_reason: 'no_success_24h' });
  });

  it('sees its webhook disabled; every attempt stays in the delivery log; the other webhooks get webhook.disabled', async () => {
    downUntil(Infinity);
    const { webhook } = await h.createWebhook();
    const otherReceiverPath = '/other';
    const other = await h.createWebhook({ url: h.receiver.url(otherReceiverPath), events: ['product.created'] });
    h.receiver.answerEvery((request) => (request.path === otherReceiverPath ? { status: 200 } : { status: 503, body: 'down' }));
    await h.product('first');
    await h.advance(3 * HOUR);
    await h.product('second'); // still waiting for retries when the webhook is disabled
    await h.advance(21 * HOUR);

    const read = (await h.api('GET', `/v1/webhooks/${webhook.id}`)).body;
    expect(read).toMatchObject({
      active: false,
      status: 'disabled',
      disabled_reason: 'no_success_24h',
      disabled_at: new Date(START_MS + 24 * HOUR * 1000).toISOString(),
    });
    const [second, first] = await h.deliveries(webhook.id);
    expect(first).toMatchObject({ status: 'failed', attempts: 9, response_status: 503, next_attempt_at: null });
    expect(second).toMatchObject({ status: 'failed', next_attempt_at: null }); // queued, failed by the disabling
    const detail = (await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${first.id}`)).body;
    expect(detail.attempt_log).toHaveLength(9);
    expect(detail.attempt_log.every((attempt: any) => attempt.response_status === 503)).toBe(true);
    expect(detail.response_body).toBe('down');

    // webhook.disabled goes to the workspace's other webhooks, whatever they subscribe to, not to the disabled one.
    const notices = h.receiver.received.filter((request) => request.headers['svc-event'] === 'webhook.disabled');
    expect(notices.map((request) => request.headers['svc-webhook-id'])).toEqual([other.webhook.id]);
    expect(notices[0]!.json.data.object).toEqual({ id: webhook.id, object: 'webhook', reason: 'no_success_24h' });

    // Nothing more goes out to a disabled webhook.
    const before = h.receivedBy(webhook.id).length;
    await h.product('third');
    await h.advance(HOUR);
    expect(h.receivedBy(webhook.id)).toHaveLength(before);
  });

  it('a success resets the failure streak: failing for 20 h, one success, failing again does not disable at 24 h', async () => {
    h.receiver.answerEvery((request) => (secondsAfterStart(request) === 18 * HOUR ? { status: 200 } : { status: 503 }));
    const { webhook } = await h.createWebhook();
    await h.product('first');
    await h.advance(HOUR);
    await h.product('second');
    await h.advance(24 * HOUR);
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}`)).body.active).toBe(true);
  });
});

describe('a 410 answer (spec 3)', () => {
  it('disables the webhook at once with reason gone, and marks its queued deliveries failed', async () => {
    h.receiver.answerEvery(() => ({ status: 503 }));
    const { webhook } = await h.createWebhook();
    const other = await h.createWebhook({ url: h.receiver.url('/other'), events: ['lead.created'] });
    await h.product('queued');
    await h.settle();
    h.receiver.answerEvery((request) => (request.path === '/other' ? { status: 200 } : { status: 410 }));
    await h.product('answered 410');
    await h.settle();
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}`)).body).toMatchObject({
      active: false,
      status: 'disabled',
      disabled_reason: 'gone',
    });
    expect((await h.deliveries(webhook.id)).map((delivery: any) => [delivery.status, delivery.response_status])).toEqual([
      ['failed', 410],
      ['failed', 503],
    ]);
    const notice = h.receivedBy(other.webhook.id).find((request) => request.headers['svc-event'] === 'webhook.disabled');
    expect(notice!.json.data.object).toEqual({ id: webhook.id, object: 'webhook', reason: 'gone' });
  });
});

describe('turning a disabled webhook on again', () => {
  /** A webhook with failed deliveries of three products and a failed ping, the second event already delivered by a replay. */
  async function disabledWithFailures() {
    h.receiver.answerEvery((request) => (request.headers['svc-replay'] === 'true' ? { status: 200 } : { status: 503 }));
    const { webhook } = await h.createWebhook({ events: ['product.created'] });
    const products = [await h.product('one'), await h.product('two'), await h.product('three')];
    await h.api('POST', `/v1/webhooks/${webhook.id}/ping`);
    await h.settle();
    const byProduct = async (product: any) =>
      (await h.deliveries(webhook.id)).find(
        (delivery: any) =>
          delivery.event_type === 'product.created' &&
          !delivery.replay &&
          h.receiver.received.some(
            (request) => request.headers['svc-delivery'] === delivery.id && request.json.data.object.id === product.id,
          ),
      );
    const second = await byProduct(products[1]);
    await h.api('POST', `/v1/webhooks/${webhook.id}/deliveries/${second.id}/replay`);
    await h.settle();
    h.receiver.answerEvery(() => ({ status: 410 }));
    await h.advance(MINUTE); // the first retry answers 410: disabled, the rest failed
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}`)).body.status).toBe('disabled');
    h.receiver.received.length = 0;
    h.receiver.answerEvery(() => ({ status: 200 }));
    return { webhook, products };
  }

  it('POST enable with resend_failed queues failed deliveries again, oldest first, skipping pings and replayed ones', async () => {
    const { webhook, products } = await disabledWithFailures();
    const failedBefore = (await h.deliveries(webhook.id)).filter((delivery: any) => delivery.status === 'failed');
    const { status, body } = await h.api('POST', `/v1/webhooks/${webhook.id}/enable`, { resend_failed: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ resent: 2, webhook: { active: true, status: 'active', disabled_at: null, disabled_reason: null } });
    await h.settle();
    const resent = h.receivedBy(webhook.id);
    expect(resent.map((request) => request.json.data.object.id)).toEqual([products[0].id, products[2].id]);
    // A resend is neither a retry nor a replay: the same delivery id, no Svc-Replay.
    expect(resent.every((request) => failedBefore.some((delivery: any) => delivery.id === request.headers['svc-delivery']))).toBe(true);
    expect(resent.every((request) => request.headers['svc-replay'] === undefined)).toBe(true);
  });

  it('PATCH {active: true} only turns it on: nothing is resent', async () => {
    const { webhook } = await disabledWithFailures();
    const patched = await h.api('PATCH', `/v1/webhooks/${webhook.id}`, { active: true });
    expect(patched.body).toMatchObject({ active: true, status: 'active', disabled_reason: null });
    await h.advance(HOUR);
    expect(h.receivedBy(webhook.id)).toHaveLength(0);
    await h.product('after');
    await h.settle();
    expect(h.receivedBy(webhook.id)).toHaveLength(1);
  });

  it('enable without resend_failed resends nothing; deliveries that failed more than 3 days ago are not resent', async () => {
    const { webhook } = await disabledWithFailures();
    expect((await h.api('POST', `/v1/webhooks/${webhook.id}/enable`)).body.resent).toBe(0);
    await h.api('PATCH', `/v1/webhooks/${webhook.id}`, { active: false });
    await h.advance(3 * 24 * HOUR + MINUTE);
    expect((await h.api('POST', `/v1/webhooks/${webhook.id}/enable`, { resend_failed: true })).body.resent).toBe(0);
  });

  it('resends at most 1,000, the oldest first', async () => {
    h.receiver.answerEvery(() => ({ status: 410 }));
    const { webhook } = await h.createWebhook({ events: ['product.created'] });
    await h.product('first');
    await h.settle();
    // 1,004 more failed deliveries, written straight into the table: the API path to them is the one above.
    const workspace = h.setup.mock.state.workspaces.get(h.workspace.workspace.id)!;
    const { tables } = workspace;
    const [template] = deliveriesTo(tables.deliveries, webhook.id);
    for (let index = 0; index < 1004; index++) {
      await tables.deliveries.insert({
        ...structuredClone(template!),
        id: workspace.newId('delivery'),
        event_id: workspace.newId('event'),
      });
    }
    h.receiver.answerEvery(() => ({ status: 200 }));
    expect((await h.api('POST', `/v1/webhooks/${webhook.id}/enable`, { resend_failed: true })).body.resent).toBe(1000);
    const all = deliveriesTo(tables.deliveries, webhook.id);
    expect(all.slice(0, 1000).every((delivery) => delivery.status !== 'failed')).toBe(true);
    expect(all.slice(1000).every((delivery) => delivery.status === 'failed')).toBe(true);
    await h.settle();
    expect(h.receivedBy(webhook.id).map((request) => request.headers['svc-delivery'])).toEqual([
      template!.id,
      ...all.slice(0, 1000).map((delivery) => delivery.id),
    ]);
  });
});
