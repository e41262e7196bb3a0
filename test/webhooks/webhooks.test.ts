// Webhooks (spec 2.13, 4.11, 6.1, 6.2): creation and the secret, plan limits, event patterns and
// filters, every header of a delivery with a signature checked by an independent verifier, ping,
// the deliveries list and detail, replay and rotate-secret, against a real HTTP receiver.
import { describe, expect, it, vi } from 'vitest';
import { signatureAccepted } from '../../conformance/kits/webhook-signature.ts';
import { call } from '../support/mock-client.ts';
import { MINUTE, secondsAfterStart, webhookHarness } from './webhook-harness.ts';

const h = webhookHarness();

describe('creating and managing a webhook', () => {
  it('answers 201 {webhook, secret} with a whsec_ secret of 43 characters, shown only once', async () => {
    const { status, body } = await h.api('POST', '/v1/webhooks', {
      name: 'Orders',
      url: h.receiver.url(),
      events: ['lead.*', 'product.created'],
    });
    expect(status).toBe(201);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(body.webhook).toMatchObject({
      object: 'webhook',
      name: 'Orders',
      active: true,
      status: 'active',
      events: ['lead.*', 'product.created'],
    });
    expect(body.webhook.filters).toEqual({ pipeline_ids: [], stage_ids: [], owner_ids: [], channels: [] });
    const read = await h.api('GET', `/v1/webhooks/${body.webhook.id}`);
    const list = await h.api('GET', '/v1/webhooks');
    expect(JSON.stringify([read.body, list.body])).not.toContain(body.secret);
    expect(list.body.data.map((webhook: any) => webhook.id)).toEqual([body.webhook.id]);
  });

  it('accepts the long id prefix hook_ in paths', async () => {
    const { webhook } = await h.createWebhook();
    expect((await h.api('GET', `/v1/webhooks/${webhook.id.replace(/^wh_/, 'hook_')}`)).body.id).toBe(webhook.id);
  });

  it('PATCH changes only the fields sent, and a new url is checked like on creation', async () => {
    const { webhook } = await h.createWebhook({ events: ['lead.*'] });
    const patched = await h.api('PATCH', `/v1/webhooks/${webhook.id}`, { name: 'Renamed', events: ['task.*'] });
    expect(patched.body).toMatchObject({ name: 'Renamed', events: ['task.*'], url: webhook.url });
    const refused = await h.api('PATCH', `/v1/webhooks/${webhook.id}`, { url: 'https://10.1.2.3/hooks' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toHaveProperty('url');
  });

  it('a filter naming a pipeline of no one in the workspace answers validation_failed', async () => {
    const answer = await h.api('POST', '/v1/webhooks', {
      name: 'x',
      url: h.receiver.url(),
      events: ['*'],
      filters: { pipeline_ids: [`pl_${'0'.repeat(26)}`] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields).toHaveProperty(['filters.pipeline_ids']);
  });

  it('DELETE answers {ok, id}; the webhook is gone and its waiting retries are never sent', async () => {
    h.receiver.answerEvery(() => ({ status: 503 }));
    const { webhook } = await h.createWebhook();
    await h.product();
    await h.settle();
    expect(h.receivedBy(webhook.id)).toHaveLength(1);
    expect((await h.api('DELETE', `/v1/webhooks/${webhook.id}`)).body).toEqual({ ok: true, id: webhook.id });
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}`)).status).toBe(404);
    await h.advance(2 * 3600);
    expect(h.receivedBy(webhook.id)).toHaveLength(1);
  });

  it('a webhook turned off with PATCH {active: false} receives nothing', async () => {
    const { webhook } = await h.createWebhook();
    const off = await h.api('PATCH', `/v1/webhooks/${webhook.id}`, { active: false });
    expect(off.body).toMatchObject({ active: false, status: 'disabled', disabled_reason: 'manual' });
    await h.product();
    await h.settle();
    expect(h.receivedBy(webhook.id)).toHaveLength(0);
  });
});

describe('plan limits', () => {
  const free = webhookHarness('free');

  it('the third webhook of a Free workspace answers limit_reached with key, limit, used and upgrade_to', async () => {
    await free.createWebhook();
    await free.createWebhook();
    const { status, body } = await free.api('POST', '/v1/webhooks', { name: 'third', url: free.receiver.url(), events: ['*'] });
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 'limit_reached', key: 'webhooks', limit: 2, used: 2, upgrade_to: 'start' });
  });
});

describe('a delivery (spec 6.1, 6.2)', () => {
  it('carries every header of 6.1 and a signature that an independent verifier accepts', async () => {
    const { webhook, secret } = await h.createWebhook();
    const product = await h.product();
    await h.settle();
    const [request] = h.receivedBy(webhook.id);
    expect(request).toBeDefined();
    const { headers, json: body, rawBody } = request!;
    expect(request!.method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/^Svc-Webhooks\/1\.0 \S+/);
    expect(headers['svc-event']).toBe('product.created');
    expect(headers['svc-event-id']).toBe(body.id);
    expect(headers['svc-delivery']).toMatch(/^dlv_[0-9a-z]{26}$/);
    expect(headers['svc-webhook-id']).toBe(webhook.id);
    expect(headers['svc-replay']).toBeUndefined();
    // Svc-Timestamp: the wall clock's seconds when the attempt was signed (spec 6.2: receivers hold it
    // to their own clock), although the workspace's clock stands days earlier.
    expect(Math.abs(Number(headers['svc-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(Math.abs(Number(headers['svc-timestamp']) - h.nowMs() / 1000)).toBeGreaterThan(3600);
    expect(headers['svc-signature']).toBe(`t=${headers['svc-timestamp']},v1=${(headers['svc-signature'] as string).split('v1=')[1]}`);
    expect(signatureAccepted(headers['svc-signature'] as string, rawBody, secret, Date.now())).toBe(true);
    expect(signatureAccepted(headers['svc-signature'] as string, `${rawBody} `, secret, Date.now())).toBe(false);
    expect(body).toMatchObject({
      object: 'event',
      type: 'product.created',
      workspace_id: h.workspace.workspace.id,
      data: { object: { id: product.id, object: 'product' } },
    });
    expect(body.actor.type).toBe('api_key');
  });

  it('the delivery is in the deliveries list as success, with its response status and latency', async () => {
    const { webhook } = await h.createWebhook();
    await h.product();
    await h.settle();
    const [delivery] = await h.deliveries(webhook.id);
    expect(delivery).toMatchObject({
      status: 'success',
      attempts: 1,
      response_status: 200,
      replay: false,
      next_attempt_at: null,
      event_type: 'product.created',
    });
    expect(delivery.latency_ms).toBeGreaterThanOrEqual(0);
  });
});

describe('a workspace clock that follows real time', () => {
  it('delivers on its own, without anyone moving the clock', async () => {
    await h.clock({ freeze: false });
    const { webhook } = await h.createWebhook();
    await h.product();
    await vi.waitFor(() => expect(h.receivedBy(webhook.id)).toHaveLength(1), { timeout: 60_000, interval: 5 });
    await vi.waitFor(async () => expect((await h.deliveries(webhook.id))[0].status).toBe('success'), { timeout: 60_000, interval: 5 });
  });
});

describe('event patterns and filters (spec 4.11, 6.4)', () => {
  it('an event name, a group and * each receive what they match, and nothing else', async () => {
    const exact = await h.createWebhook({ events: ['product.created'] });
    const group = await h.createWebhook({ events: ['lead.*'] });
    const everything = await h.createWebhook({ events: ['*'] });
    await h.product();
    await h.api('POST', '/v1/leads', { name: 'Kitchen set' });
    await h.settle();
    const types = (id: string) =>
      h
        .receivedBy(id)
        .map((request) => request.headers['svc-event'])
        .sort();
    expect(types(exact.webhook.id)).toEqual(['product.created']);
    expect(types(group.webhook.id)).toEqual(['lead.created']);
    expect(types(everything.webhook.id)).toEqual(['lead.created', 'product.created']);
  });

  it('a pipeline filter keeps lead events of other pipelines out, and lets events without pipeline_id pass', async () => {
    const [sales, wholesale] = h.workspace.pipelines;
    const { webhook } = await h.createWebhook({ events: ['*'], filters: { pipeline_ids: [sales.id.replace(/^pl_/, 'pipeline_')] } });
    expect(webhook.filters.pipeline_ids).toEqual([sales.id]);
    await h.api('POST', '/v1/leads', { name: 'in sales', pipeline_id: sales.id });
    await h.api('POST', '/v1/leads', { name: 'in wholesale', pipeline_id: wholesale.id });
    await h.product();
    await h.settle();
    const got = h.receivedBy(webhook.id).map((request) => [request.headers['svc-event'], request.json.data.object.pipeline_id ?? null]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['lead.created', sales.id],
        ['product.created', null],
      ]),
    );
    expect(got).toHaveLength(2);
  });

  it('an owner filter does not pass a lead without owner (the field is carried, as null)', async () => {
    const manager = h.workspace.members.find((member: any) => member.role === 'manager');
    const { webhook } = await h.createWebhook({ events: ['lead.created'], filters: { owner_ids: [manager.id] } });
    await h.api('POST', '/v1/leads', { name: 'nobody' });
    await h.api('POST', '/v1/leads', { name: 'managed', owner_id: manager.id });
    await h.settle();
    expect(h.receivedBy(webhook.id).map((request) => request.json.data.object.owner_id)).toEqual([manager.id]);
  });
});

describe('ping (spec 4.11)', () => {
  it('sends a ping event at once and answers with the delivery result', async () => {
    const { webhook, secret } = await h.createWebhook({ events: ['lead.created'] });
    const { status, body } = await h.api('POST', `/v1/webhooks/${webhook.id}/ping`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ webhook_id: webhook.id, event_type: 'ping', status: 'success', attempts: 1, response_status: 200 });
    const [request] = h.receivedBy(webhook.id);
    expect(request!.headers['svc-event']).toBe('ping');
    expect(request!.headers['svc-delivery']).toBe(body.id);
    expect(request!.json).toMatchObject({ type: 'ping', id: body.event_id, data: { object: { id: webhook.id, object: 'webhook' } } });
    expect(signatureAccepted(request!.headers['svc-signature'] as string, request!.rawBody, secret, Date.now())).toBe(true);
  });

  it('a failed ping answers retrying with the status it got, and is retried', async () => {
    h.receiver.answerEvery(() => ({ status: 500, body: 'boom' }));
    const { webhook } = await h.createWebhook();
    const { body } = await h.api('POST', `/v1/webhooks/${webhook.id}/ping`);
    expect(body).toMatchObject({ status: 'retrying', attempts: 1, response_status: 500 });
    h.receiver.answerEvery(() => ({ status: 200 }));
    await h.advance(MINUTE);
    expect(h.receivedBy(webhook.id).map((request) => request.headers['svc-delivery'])).toEqual([body.id, body.id]);
  });

  it('a failed ping is a stored delivery: its retry comes after the workspace is snapshotted and put back', async () => {
    h.receiver.answerEvery(() => ({ status: 500, body: 'boom' }));
    const { webhook } = await h.createWebhook();
    const { body } = await h.api('POST', `/v1/webhooks/${webhook.id}/ping`);
    expect(body).toMatchObject({ status: 'retrying', attempts: 1 });
    const path = `/_mock/workspaces/${h.workspace.workspace.id}/snapshot`;
    const snapshot = (await call(h.setup.mock, 'GET', path)).body;
    expect(snapshot.tables.deliveries).toEqual([expect.objectContaining({ id: body.id, event_type: 'ping', status: 'retrying' })]);
    expect((await call(h.setup.mock, 'PUT', path, { body: snapshot })).status).toBe(200);
    h.receiver.answerEvery(() => ({ status: 200 }));
    await h.advance(MINUTE);
    expect(h.receivedBy(webhook.id).map((request) => request.headers['svc-delivery'])).toEqual([body.id, body.id]);
    expect((await h.deliveries(webhook.id))[0]).toMatchObject({ id: body.id, status: 'success', attempts: 2 });
  });
});

describe('the deliveries list and detail (spec 4.11)', () => {
  it('pages newest first in {object: list, data, next_cursor, has_more} with an empty-string cursor at the end', async () => {
    const { webhook } = await h.createWebhook();
    for (const name of ['a', 'b', 'c']) await h.product(name);
    await h.settle();
    const first = await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries?limit=2`);
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    expect(first.body.next_cursor).not.toBe('');
    const second = await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body).toMatchObject({ object: 'list', has_more: false, next_cursor: '' });
    const names = [...first.body.data, ...second.body.data].map((delivery: any) => delivery.id);
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toHaveLength(3);
  });

  it('a cursor of one webhook is refused on another', async () => {
    const one = await h.createWebhook();
    const other = await h.createWebhook();
    for (const name of ['a', 'b']) await h.product(name);
    await h.settle();
    const first = await h.api('GET', `/v1/webhooks/${one.webhook.id}/deliveries?limit=1`);
    const foreign = await h.api(
      'GET',
      `/v1/webhooks/${other.webhook.id}/deliveries?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(foreign.status).toBe(400);
  });

  it('the detail adds the payload as sent, the first 2 KB of the answer and every attempt', async () => {
    const answerBody = 'é'.repeat(3000); // 6000 bytes; 2 KB of it is 1024 characters
    h.receiver.answerEvery(() => ({ status: 200, body: answerBody, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
    const { webhook } = await h.createWebhook();
    await h.product();
    await h.settle();
    const [delivery] = await h.deliveries(webhook.id);
    const detail = await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.payload).toEqual(h.receivedBy(webhook.id)[0]!.json);
    expect(detail.body.response_body).toBe('é'.repeat(1024));
    expect(detail.body.attempt_log).toEqual([
      { at: new Date(h.nowMs()).toISOString(), response_status: 200, latency_ms: expect.any(Number), error: null },
    ]);
  });

  it('a delivery of another webhook answers 404', async () => {
    const one = await h.createWebhook();
    const other = await h.createWebhook();
    await h.product();
    await h.settle();
    const [delivery] = await h.deliveries(one.webhook.id);
    expect((await h.api('GET', `/v1/webhooks/${other.webhook.id}/deliveries/${delivery.id}`)).status).toBe(404);
  });
});

describe('replay (spec 4.11, 6.1)', () => {
  it('keeps the event id, changes the delivery id and sends Svc-Replay: true', async () => {
    const { webhook, secret } = await h.createWebhook();
    await h.product();
    await h.settle();
    const [original] = await h.deliveries(webhook.id);
    const replay = await h.api('POST', `/v1/webhooks/${webhook.id}/deliveries/${original.id}/replay`);
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ event_id: original.event_id, replay: true, status: 'pending', attempts: 0 });
    expect(replay.body.id).not.toBe(original.id);
    await h.settle();
    const [first, second] = h.receivedBy(webhook.id);
    expect(second!.headers['svc-event-id']).toBe(first!.headers['svc-event-id']);
    expect(second!.json.id).toBe(first!.json.id);
    expect(second!.headers['svc-delivery']).toBe(replay.body.id);
    expect(second!.headers['svc-delivery']).not.toBe(first!.headers['svc-delivery']);
    expect(second!.headers['svc-replay']).toBe('true');
    expect(first!.headers['svc-replay']).toBeUndefined();
    expect(signatureAccepted(second!.headers['svc-signature'] as string, second!.rawBody, secret, Date.now())).toBe(true);
    expect((await h.api('GET', `/v1/webhooks/${webhook.id}/deliveries/${replay.body.id}`)).body).toMatchObject({
      status: 'success',
      replay: true,
    });
  });
});

describe('rotate-secret (spec 4.11)', () => {
  it('returns a new secret once and signs the next retry with it, not with the old one', async () => {
    h.receiver.answerEvery(() => ({ status: 503 }));
    const { webhook, secret: oldSecret } = await h.createWebhook();
    await h.product();
    await h.settle();
    const rotated = await h.api('POST', `/v1/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret: string = rotated.body.secret;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSecret).not.toBe(oldSecret);
    h.receiver.answerEvery(() => ({ status: 200 }));
    await h.advance(MINUTE);
    const [first, retry] = h.receivedBy(webhook.id);
    expect(secondsAfterStart(retry!)).toBe(MINUTE);
    expect(retry!.headers['svc-delivery']).toBe(first!.headers['svc-delivery']);
    expect(signatureAccepted(first!.headers['svc-signature'] as string, first!.rawBody, oldSecret, Date.now())).toBe(true);
    expect(signatureAccepted(retry!.headers['svc-signature'] as string, retry!.rawBody, newSecret, Date.now())).toBe(true);
    expect(signatureAccepted(retry!.headers['svc-signature'] as string, retry!.rawBody, oldSecret, Date.now())).toBe(false);
  });
});
