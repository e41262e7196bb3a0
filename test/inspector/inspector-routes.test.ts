// The control routes the inspector page reads besides the others (openapi/control/inspector.yaml),
// each answer checked against the document by the test client: the page's files under a strict
// CSP, the workspaces to pick from, each webhook with its secret and each attempt's request as it
// went out (its signature verifiable with the secret, spec 6.2), and the work waiting on the clock.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { createMock } from '../../src/mock.ts';
import { BASE, call, setUpMock, type Setup } from '../support/mock-client.ts';

const START = '2026-11-20T08:00:00.000Z';
let receiver: WebhookReceiver;
/** The receiver answers `status` from now on, with a text of its own. */
const answerWith = (status: number) => receiver.answerEvery(() => ({ status, body: status === 200 ? 'ok' : 'down for maintenance' }));

let setup: Setup;
let ws: string;
let key: string;
let channelId: string;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  setup = await setUpMock({ allowPrivateWebhooks: true });
});

afterAll(() => receiver.close());

beforeEach(async () => {
  const created = await call(setup.mock, 'POST', '/_mock/workspaces', { body: { name: 'Routes' } });
  ws = created.body.workspace.id;
  key = created.body.api_key;
  channelId = created.body.channels[0].id;
  receiver.reset();
  answerWith(200);
  await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { freeze: true, set: START } });
});

const get = (path: string) => call(setup.mock, 'GET', path);
const page = (path: string) => setup.mock.handle(new Request(`${BASE}${path}`));

async function webhookWithOneDelivery(): Promise<{ secret: string; webhookId: string }> {
  const created = await call(setup.mock, 'POST', '/v1/webhooks', {
    key,
    body: { name: 'Receiver', url: receiver.url('/hook'), events: ['product.created'] },
  });
  expect(created.status).toBe(201);
  expect((await call(setup.mock, 'POST', '/v1/products', { key, body: { name: 'Oak table' } })).status).toBe(201);
  // The attempt goes out at once; advancing by nothing waits for it on the frozen clock.
  await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 0 } });
  return { secret: created.body.secret, webhookId: created.body.webhook.id };
}

describe('GET /_mock/ui and its files', () => {
  it('serves the page with a Content-Security-Policy that allows scripts and styles only from the mock', async () => {
    const response = await page('/_mock/ui');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html).toContain('<script type="module" src="/_mock/ui/app.js"></script>');
    // No inline script or style: the policy would block them.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
  });

  it('serves every file the page and its modules load, with its type', async () => {
    const pageDir = new URL('../../src/inspector/page/', import.meta.url);
    const wanted = new Set<string>();
    const html = readFileSync(new URL('index.html', pageDir), 'utf8');
    for (const [, name] of html.matchAll(/(?:src|href)="\/_mock\/ui\/([^"]+)"/g)) wanted.add(name!);
    // Every module the modules import, transitively.
    for (const name of wanted) {
      if (!name.endsWith('.js')) continue;
      for (const [, imported] of readFileSync(new URL(name, pageDir), 'utf8').matchAll(/from '\.\/([a-z-]+\.js)'/g)) wanted.add(imported!);
    }
    expect([...wanted].sort()).toEqual(
      expect.arrayContaining(['app.js', 'inspector.css', 'records.js', 'deliveries.js', 'requests.js', 'steering.js', 'signature.js']),
    );
    for (const name of wanted) {
      const response = await page(`/_mock/ui/${name}`);
      expect(response.status, name).toBe(200);
      const type = response.headers.get('content-type');
      expect(type, name).toBe(
        name.endsWith('.js') ? 'text/javascript; charset=utf-8' : name.endsWith('.css') ? 'text/css; charset=utf-8' : 'image/svg+xml',
      );
      expect(await response.text()).toBe(readFileSync(new URL(name, pageDir), 'utf8'));
    }
  });

  it('answers 404 in the error envelope for a file it does not have, and never serves a file outside the page', async () => {
    for (const path of [
      '/_mock/ui/missing.js',
      '/_mock/ui/..%2Fpage-files.ts',
      '/_mock/ui/%2e%2e%2fcontrol-handlers.ts',
      '/_mock/ui/index.html',
      '/_mock/ui/app.ts',
    ]) {
      const response = await page(path);
      expect([400, 404], path).toContain(response.status);
      const body = await response.json();
      expect(body.error.code, path).toMatch(/^(not_found|validation_failed)$/);
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('is not there when the control API is off', async () => {
    const response = await createMock({ controlApi: false }).handle(new Request(`${BASE}/_mock/ui`));
    expect(response.status).toBe(404);
  });
});

describe('GET /_mock/workspaces', () => {
  it('lists every workspace with its id, slug, name and plan, oldest first', async () => {
    const answer = await get('/_mock/workspaces');
    expect(answer.status).toBe(200);
    const ids = answer.body.data.map((item: { id: string }) => item.id);
    expect(ids.at(-1)).toBe(ws);
    expect(ids[0]).toBe(setup.workspaceId);
    expect(answer.body.data.at(-1)).toEqual({ id: ws, slug: expect.any(String), name: 'Routes', plan: 'pro' });
  });
});

describe('GET /_mock/workspaces/{ws}/webhooks', () => {
  it("shows the secret and each attempt's request as the receiver got it, signed as spec 6.2 says", async () => {
    const { secret, webhookId } = await webhookWithOneDelivery();
    const answer = await get(`/_mock/workspaces/${ws}/webhooks`);
    expect(answer.status).toBe(200);
    const [item] = answer.body.data;
    expect(item.webhook.id).toBe(webhookId);
    expect(item.secret).toBe(secret);
    const [delivery] = item.deliveries;
    expect(delivery).toMatchObject({
      status: 'success',
      attempts: 1,
      response_status: 200,
      response_body: 'ok',
      event_type: 'product.created',
    });
    const [attempt] = delivery.attempts_sent;
    expect(attempt).toMatchObject({ at: START, response_status: 200, error: null });
    const got = receiver.received[0]!;
    expect(attempt.request.body).toBe(got.rawBody);
    expect(attempt.request.headers['Svc-Signature']).toBe(got.headers['svc-signature']);
    expect(attempt.request.headers['Svc-Delivery']).toBe(delivery.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(attempt.request.headers['Svc-Signature'])!;
    expect(t).toBe(attempt.request.headers['Svc-Timestamp']);
    expect(createHmac('sha256', secret).update(`${t}.${attempt.request.body}`).digest('hex')).toBe(v1);
  });

  it('keeps one request per attempt, in order, across retries', async () => {
    answerWith(503);
    await webhookWithOneDelivery();
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 60 } });
    const [item] = (await get(`/_mock/workspaces/${ws}/webhooks`)).body.data;
    const [delivery] = item.deliveries;
    expect(delivery.status).toBe('retrying');
    expect(delivery.attempts_sent.map((attempt: { at: string; response_status: number }) => [attempt.at, attempt.response_status])).toEqual(
      [
        [START, 503],
        ['2026-11-20T08:01:00.000Z', 503],
      ],
    );
    expect(delivery.attempts_sent.map((attempt: any) => attempt.request.headers['Svc-Signature'])).toEqual(
      receiver.received.map((request) => request.headers['svc-signature']),
    );
    expect(delivery.response_body).toBe('down for maintenance');
  });

  it('answers the newest deliveries first, at most `limit` per webhook; 422 for a limit out of range, 404 for an unknown workspace', async () => {
    await webhookWithOneDelivery();
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 1 } });
    expect((await call(setup.mock, 'POST', '/v1/products', { key, body: { name: 'Second' } })).status).toBe(201);
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 0 } });
    const all = (await get(`/_mock/workspaces/${ws}/webhooks`)).body.data[0].deliveries;
    expect(all).toHaveLength(2);
    expect(Date.parse(all[0].created_at)).toBeGreaterThan(Date.parse(all[1].created_at));
    const one = (await get(`/_mock/workspaces/${ws}/webhooks?limit=1`)).body.data[0].deliveries;
    expect(one.map((delivery: { id: string }) => delivery.id)).toEqual([all[0].id]);
    const refused = await get(`/_mock/workspaces/${ws}/webhooks?limit=0`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toHaveProperty('limit');
    expect((await get('/_mock/workspaces/ws_00000000000000000000000000/webhooks')).status).toBe(404);
  });
});

describe('GET /_mock/workspaces/{ws}/clock/scheduled', () => {
  it("lists the next delivery attempts, outgoing messages' next steps and snoozed conversations' wake-ups, soonest first", async () => {
    answerWith(500);
    await webhookWithOneDelivery();
    const inbound = await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/channels/${channelId}/inbound`, {
      body: { text: 'Is the oak table in stock?', name: 'Dilnoza' },
    });
    expect(inbound.status).toBe(201);
    const reply = await call(setup.mock, 'POST', `/v1/conversations/${inbound.body.conversation_id}/messages`, {
      key,
      body: { text: 'Yes, it is.' },
    });
    expect(reply.status).toBe(201);
    const snoozed = await call(setup.mock, 'POST', `/v1/conversations/${inbound.body.conversation_id}/snooze`, {
      key,
      body: { until: '2026-11-20T08:00:30.000Z' },
    });
    expect(snoozed.status).toBe(200);

    const answer = await get(`/_mock/workspaces/${ws}/clock/scheduled`);
    expect(answer.status).toBe(200);
    expect(answer.body.now).toBe(START);
    expect(answer.body.data).toEqual([
      { at: '2026-11-20T08:00:01.000Z', kind: 'message_step', id: reply.body.id, detail: 'message queued → sent' },
      {
        at: '2026-11-20T08:00:30.000Z',
        kind: 'conversation_wake_up',
        id: inbound.body.conversation_id,
        detail: 'snoozed conversation opens again',
      },
      {
        at: '2026-11-20T08:01:00.000Z',
        kind: 'delivery_attempt',
        id: expect.stringMatching(/^dlv_/),
        detail: expect.stringMatching(/^product\.created to wh_\w+ \(attempt 2\)$/),
      },
    ]);
    expect(answer.body.pending).toBeGreaterThanOrEqual(2);

    answerWith(200);
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 60 } });
    // The message walked to `read` on the way, the conversation woke up, the retry succeeded.
    expect((await get(`/_mock/workspaces/${ws}/clock/scheduled`)).body.data).toEqual([]);
  });

  it('leaves out a message whose channel stops it where it is, and names the step a failing channel fails it at', async () => {
    const inbound = await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/channels/${channelId}/inbound`, {
      body: { text: 'Hello?', name: 'Aziz' },
    });
    const conversation = inbound.body.conversation_id;
    const outcome = (body: Record<string, unknown>) =>
      call(setup.mock, 'PUT', `/_mock/workspaces/${ws}/channels/${channelId}/outcome`, { body });
    const send = async (text: string) =>
      (await call(setup.mock, 'POST', `/v1/conversations/${conversation}/messages`, { key, body: { text } })).body.id;
    const steps = async () =>
      (await get(`/_mock/workspaces/${ws}/clock/scheduled`)).body.data.map((work: { id: string; detail: string }) => [
        work.id,
        work.detail,
      ]);

    expect((await outcome({ status: 'sent' })).status).toBe(200);
    const stopsAtSent = await send('One');
    expect(await steps()).toEqual([[stopsAtSent, 'message queued → sent']]);
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 1 } });
    expect(await steps()).toEqual([]);
    // Past the time of the step it did not take, a message is not listed whatever the outcome says.
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 5 } });

    expect((await outcome({ status: 'failed', failed_from: 'sent' })).status).toBe(200);
    const failsAfterSent = await send('Two');
    expect(await steps()).toEqual([[failsAfterSent, 'message queued → sent']]);
    await call(setup.mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { advance_seconds: 1 } });
    expect(await steps()).toEqual([[failsAfterSent, 'message sent → failed']]);
  });

  it('answers 404 for an unknown workspace', async () => {
    expect((await get('/_mock/workspaces/ws_00000000000000000000000000/clock/scheduled')).status).toBe(404);
  });
});
