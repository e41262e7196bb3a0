// The one webhook receiver (harness/webhook-receiver.ts) as conformance, scenarios and tests use it.
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await WebhookReceiver.start();
});
afterEach(() => receiver.close());

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const answer = await request(`${receiver.origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    headersTimeout: 2_000,
  });
  return { status: answer.statusCode, text: await answer.body.text() };
}

describe('the shared webhook receiver', () => {
  it('listens on 127.0.0.1 and records method, path, lower-case headers and the body byte for byte', async () => {
    expect(receiver.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const raw = '{"b": 1,  "a":"é"}';
    expect(await post('/hooks?x=1', raw, { 'Svc-Event': 'lead.created' })).toEqual({ status: 200, text: '{"received":true}' });
    const [got] = receiver.received;
    expect(got).toMatchObject({ method: 'POST', path: '/hooks?x=1', rawBody: raw, json: { a: 'é', b: 1 }, answered: 200 });
    expect(got!.headers['svc-event']).toBe('lead.created');
  });

  it('answers each path as told, numbering the attempts at that path, and every path when told so', async () => {
    receiver.answer('/a', (_request, attempt) => (attempt === 1 ? { status: 503, body: 'down' } : 200));
    expect(await post('/a', '{}')).toEqual({ status: 503, text: 'down' });
    expect((await post('/a', '{}')).status).toBe(200);
    expect((await post('/b', '{}')).status).toBe(200);
    receiver.answerEvery(() => 410);
    expect((await post('/a', '{}')).status).toBe(410);
    expect(receiver.requestsTo('/a').map((request) => request.answered)).toEqual([503, 200, 410]);
  });

  it('waits the delay it is told before answering', async () => {
    receiver.answerEvery(() => ({ status: 200, delayMs: 150 }));
    const started = Date.now();
    await post('/slow', '{}');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('waits for a matching request, and answers undefined when none came in time', async () => {
    const waiting = receiver.nth('/w', 2, 2_000, (request) => request.json?.n > 0);
    await post('/w', '{"n":0}');
    await post('/w', '{"n":1}');
    await post('/w', '{"n":2}');
    expect((await waiting)?.json).toEqual({ n: 2 });
    expect(await receiver.waitFor((request) => request.path === '/never', 50)).toBeUndefined();
  });

  it('leaves a request hanging when told, until it closes', async () => {
    receiver.answerEvery(() => 'hang');
    await expect(request(`${receiver.origin}/h`, { method: 'POST', body: '{}', headersTimeout: 100 })).rejects.toThrow();
    expect(receiver.received).toMatchObject([{ path: '/h', answered: null }]);
  });

  it('gives webhooks the public address it forwards from, and times requests on the clock it is given', async () => {
    const behind = await WebhookReceiver.start({ publicUrl: 'https://hooks.example.com/', clock: () => 42 });
    try {
      expect(behind.url('/check/1')).toBe('https://hooks.example.com/check/1');
      await request(`${behind.origin}/check/1`, { method: 'POST', body: 'not json' }).then((answer) => answer.body.dump());
      expect(behind.received).toMatchObject([{ receivedAtMs: 42, json: undefined, rawBody: 'not json' }]);
    } finally {
      await behind.close();
    }
  });

  it('forgets requests and answers on reset', async () => {
    receiver.answerEvery(() => 500);
    await post('/r', '{}');
    receiver.reset();
    expect(receiver.received).toEqual([]);
    expect((await post('/r', '{}')).status).toBe(200);
  });
});
