// The network side of a delivery attempt (spec 6.3, 8): redirects (at most 3, same host and
// scheme), the answer read (1 MB at most, 2 KB kept), the 10-second answer limit, and the check
// of the resolved address before connecting.
import { describe, expect, it } from 'vitest';
import { ANSWER_TIMEOUT_MS, deliveryAgent, neverResolves, sendAttempt } from '../../src/resources/webhooks/http-attempt.ts';
import { MINUTE, webhookHarness } from './webhook-harness.ts';

const h = webhookHarness();

/** Answers `/hop/<n>` with a 307 to `/hop/<n-1>`, and `/hop/0` with 200. */
function redirectChain(location = (n: number) => `/hop/${n - 1}`) {
  h.receiver.answerEvery((request) => {
    const n = Number(/^\/hop\/(\d+)$/.exec(request.path)?.[1] ?? 0);
    return n === 0 ? { status: 200, body: 'arrived' } : { status: 307, headers: { Location: location(n) } };
  });
}

async function deliverOnce(path: string) {
  const { webhook } = await h.createWebhook({ url: h.receiver.url(path) });
  await h.product();
  await h.settle();
  const [delivery] = await h.deliveries(webhook.id);
  return (await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`)).body;
}

describe('redirects (spec 6.3)', () => {
  it('follows up to 3 redirects to the same host and scheme, re-posting the same signed body', async () => {
    redirectChain();
    const detail = await deliverOnce('/hop/3');
    expect(detail).toMatchObject({ status: 'success', response_status: 200, response_body: 'arrived' });
    const hops = h.receiver.received;
    expect(hops.map((request) => request.path)).toEqual(['/hop/3', '/hop/2', '/hop/1', '/hop/0']);
    expect(new Set(hops.map((request) => request.rawBody)).size).toBe(1);
    expect(new Set(hops.map((request) => request.headers['svc-signature'])).size).toBe(1);
  });

  it('a fourth redirect is a failed attempt', async () => {
    redirectChain();
    const detail = await deliverOnce('/hop/4');
    expect(detail).toMatchObject({ status: 'retrying', response_status: 307 });
    expect(detail.attempt_log[0].error).toBe('too_many_redirects');
    expect(h.receiver.received.map((request) => request.path)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });

  it('a redirect to another host is not followed', async () => {
    const otherHost = h.receiver.origin.replace('127.0.0.1', 'localhost');
    redirectChain(() => `${otherHost}/hop/0`);
    const detail = await deliverOnce('/hop/1');
    expect(detail).toMatchObject({ status: 'retrying', response_status: 307 });
    expect(detail.attempt_log[0].error).toBe('redirect_not_allowed');
    expect(h.receiver.received).toHaveLength(1);
  });
});

describe('the answer (spec 6.3, 8)', () => {
  it('a 2xx with a body over 1 MB is a success; the log keeps its first 2 KB', async () => {
    h.receiver.answerEvery(() => ({ status: 200, body: 'x'.repeat(3 * 1024 * 1024), headers: { 'Content-Type': 'text/plain' } }));
    const detail = await deliverOnce('/big');
    expect(detail).toMatchObject({ status: 'success', response_status: 200 });
    expect(detail.response_body).toBe('x'.repeat(2048));
  });

  it('any answer other than 2xx is a failed attempt, retried a minute later', async () => {
    h.receiver.answerEvery(() => ({ status: 302, body: 'no location' }));
    const detail = await deliverOnce('/found');
    expect(detail).toMatchObject({ status: 'retrying', response_status: 302, response_body: 'no location' });
    await h.advance(MINUTE);
    expect(h.receiver.received).toHaveLength(2);
  });

  it('a receiver that is not listening is a failed attempt with connection_error', async () => {
    const closed = 'http://127.0.0.1:9/hooks'; // the discard port: nothing listens there
    const { webhook } = await h.createWebhook({ url: closed });
    await h.product();
    await h.settle();
    const [delivery] = await h.deliveries(webhook.id);
    const detail = (await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`)).body;
    expect(detail).toMatchObject({ status: 'retrying', response_status: null, response_body: null });
    expect(detail.attempt_log[0].error).toBe('connection_error');
  });

  it('the answer limit is 10 seconds; an answer that does not come in time is a timeout', async () => {
    expect(ANSWER_TIMEOUT_MS).toBe(10_000);
    h.receiver.answerEvery(() => 'hang');
    const agent = deliveryAgent(true);
    const outcome = await sendAttempt(
      { url: h.receiver.url(), headers: { 'Content-Type': 'application/json' }, body: '{}' },
      { dispatcher: agent, allowPrivate: true, timeoutMs: 50 },
    );
    await agent.close();
    expect(outcome).toMatchObject({ success: false, responseStatus: null, error: 'timeout' });
  });
});

describe('the address check before every delivery (spec 4.11)', () => {
  it('a name that resolves to a loopback address is refused before connecting, unless the mock allows a local receiver', async () => {
    const url = h.receiver.url().replace('127.0.0.1', 'localhost');
    const strict = deliveryAgent(false);
    const refused = await sendAttempt({ url, headers: {}, body: '{}' }, { dispatcher: strict, allowPrivate: false });
    await strict.close();
    expect(refused).toMatchObject({ success: false, error: 'url_not_allowed' });
    expect(h.receiver.received).toHaveLength(0);
    const local = deliveryAgent(true);
    const delivered = await sendAttempt({ url, headers: {}, body: '{}' }, { dispatcher: local, allowPrivate: true });
    await local.close();
    expect(delivered).toMatchObject({ success: true, responseStatus: 200 });
  });

  it('a stored URL that breaks the rules is not called: the attempt fails with url_not_allowed', async () => {
    h.receiver.answerEvery(() => ({ status: 503 }));
    const { webhook } = await h.createWebhook();
    await h.product();
    await h.settle();
    // As if the rules had tightened since the webhook was saved.
    const { tables } = h.setup.mock.state.workspaces.get(h.workspace.workspace.id)!;
    await tables.webhooks.update(webhook.id, (draft) => void (draft.url = 'https://10.0.0.8/hooks'));
    await h.advance(MINUTE);
    expect(h.receiver.received).toHaveLength(1);
    const [delivery] = await h.deliveries(webhook.id);
    const detail = (await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`)).body;
    expect(detail.attempt_log.map((attempt: any) => attempt.error)).toEqual([null, 'url_not_allowed']);
  });

  it('a name under .invalid passes the rules and never resolves: each attempt is a connection error at once (RFC 6761 6.4)', async () => {
    expect(neverResolves('crmkit-conformance-sink.invalid')).toBe(true);
    expect(neverResolves('INVALID.')).toBe(true);
    expect(neverResolves('invalid.example.com')).toBe(false);
    const { webhook } = await h.createWebhook({ url: 'https://crmkit-conformance-sink.invalid/hooks' });
    await h.product();
    await h.settle();
    const [delivery] = await h.deliveries(webhook.id);
    const detail = (await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`)).body;
    expect(detail).toMatchObject({ status: 'retrying', attempts: 1, response_status: null, response_body: null });
    expect(detail.attempt_log[0].error).toBe('connection_error');
    expect(detail.payload).toMatchObject({ object: 'event', type: 'product.created' });
  });
});
