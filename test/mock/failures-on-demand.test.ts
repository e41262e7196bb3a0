// Failures on demand (/_mock/failures, `crmkit mock --failure`): an operation slow or failing for
// a while, over real HTTP, with a client that retries as spec 9 tells it to.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { documentedFetch } from '../support/documented-fetch.ts';

let mock: Mock;
let server: RunningServer;
let key: string;

beforeAll(async () => {
  mock = createMock();
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  key = (await (await fetch(`${server.url}/_mock/workspaces`, { method: 'POST' })).json()).api_key;
});
afterAll(() => server.close());
beforeEach(() => setFailures([]));

async function setFailures(rules: unknown[]): Promise<Response> {
  return fetch(`${server.url}/_mock/failures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
}

const createLead = (signal?: AbortSignal) =>
  fetch(`${server.url}/v1/leads`, {
    method: 'POST',
    signal,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{"name":"Retried"}',
  });

/** A client as spec 9 asks: retry 429 and 5xx, waiting Retry-After seconds (or backing off). */
async function withRetries(send: () => Promise<Response>, attempts = 5): Promise<{ response: Response; statuses: number[] }> {
  const statuses: number[] = [];
  for (let attempt = 0; ; attempt++) {
    const response = await send();
    statuses.push(response.status);
    if ((response.status !== 429 && response.status < 500) || attempt === attempts - 1) return { response, statuses };
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 0.05) * 1000));
  }
}

describe('failures on demand', () => {
  it('fails the next N calls of one operation with 503 and Retry-After; a retrying client gets through', async () => {
    await setFailures([{ operation: 'createLead', error: 'unavailable', times: 2 }]);
    const { response, statuses } = await withRetries(() => createLead());
    expect(statuses).toEqual([503, 503, 201]);
    const listed = await (await fetch(`${server.url}/_mock/failures`)).json();
    expect(listed.data).toEqual([expect.objectContaining({ operation: 'createLead', remaining: 0, matched: 2 })]);
    const read = await fetch(`${server.url}/v1/leads/${(await response.json()).id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(read.status).toBe(200);
  });

  it('answers a 503 and a 500 in the error envelope with X-Request-Id, and a 429 with the headers of spec 7.1', async () => {
    await setFailures([
      { operation: 'createLead', error: 'unavailable', times: 1 },
      { operation: 'createLead', error: 'internal', times: 1 },
      { operation: 'createLead', error: 'rate_limited', times: 1 },
    ]);
    const unavailable = await createLead();
    expect(unavailable.headers.get('retry-after')).toBe('1');
    expect((await unavailable.json()).error).toMatchObject({
      code: 'service_unavailable',
      request_id: unavailable.headers.get('x-request-id'),
    });
    const internal = await createLead();
    expect([internal.status, (await internal.json()).error.code]).toEqual([500, 'internal']);
    const limited = await createLead();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await limited.json()).error).toMatchObject({ code: 'rate_limited', reason: 'injected', limit: 0 });
  });

  it('adds latency to every call of every operation until lifted', async () => {
    await setFailures([{ latency_ms: 150 }]);
    const started = performance.now();
    const answer = await fetch(`${server.url}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('touches only a share of the calls', async () => {
    await setFailures([{ operation: 'getWhoami', error: 'internal', share: 0.5 }]);
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++)
      statuses.add((await fetch(`${server.url}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } })).status);
    expect([...statuses].sort()).toEqual([200, 500]);
  });

  it('drops the connection without an answer: the client sees a network error', async () => {
    await setFailures([{ operation: 'createLead', error: 'drop', times: 1 }]);
    await expect(createLead()).rejects.toThrow(/fetch failed/);
    expect((await createLead()).status).toBe(201);
  });

  it('hangs until the client gives up, and the mock goes on serving', async () => {
    await setFailures([{ operation: 'createLead', error: 'hang', times: 1 }]);
    await expect(createLead(AbortSignal.timeout(300))).rejects.toThrow(/aborted|timeout/i);
    expect((await createLead()).status).toBe(201);
  });

  it('answers the OAuth endpoints in their own format (spec 5.2): a 503 stays a 503 a client retries, as the document says', async () => {
    await setFailures([
      { operation: 'createToken', error: 'unavailable', times: 1 },
      { operation: 'revokeToken', error: 'rate_limited', times: 1 },
      { operation: 'revokeToken', error: 'internal', times: 1 },
    ]);
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    const unavailable = await documentedFetch(`${server.url}/oauth/token`, { ...form, body: 'grant_type=refresh_token&refresh_token=x' });
    expect([unavailable.status, unavailable.headers.get('retry-after'), (await unavailable.json()).error]).toEqual([
      503,
      '1',
      'server_error',
    ]);
    const limited = await documentedFetch(`${server.url}/oauth/revoke`, { ...form, body: 'token=x' });
    expect([limited.status, limited.headers.get('retry-after'), (await limited.json()).error]).toEqual([429, '1', 'invalid_request']);
    const internal = await documentedFetch(`${server.url}/oauth/revoke`, { ...form, body: 'token=x' });
    expect([internal.status, (await internal.json()).error]).toEqual([500, 'server_error']);
  });

  it('refuses a rule outside the control document', async () => {
    const refused = await setFailures([{ error: 'explode' }]);
    expect(refused.status).toBe(422);
    expect((await setFailures([{ share: 2 }])).status).toBe(422);
  });

  it('refuses a rule naming no operation of the CRM document, naming the field and the close ids; keeps the rules in force', async () => {
    await setFailures([{ operation: 'createLead', latency_ms: 1 }]);
    const refused = await setFailures([
      { operation: '*', latency_ms: 1 },
      { operation: 'createLeed', error: 'unavailable' },
      { operation: 'noSuchOp', error: 'internal' },
    ]);
    expect(refused.status).toBe(422);
    const { error } = await refused.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)).toEqual(['rules[1].operation', 'rules[2].operation']);
    expect(error.fields['rules[1].operation']).toMatch(/^no operation createLeed in the CRM interface: did you mean createLead\b/);
    expect(error.fields['rules[2].operation']).toMatch(/^no operation noSuchOp in the CRM interface/);
    const listed = await (await fetch(`${server.url}/_mock/failures`)).json();
    expect(listed.data).toEqual([expect.objectContaining({ operation: 'createLead', latency_ms: 1 })]);
  });

  it('lists the allowed values of an error it does not know', async () => {
    const refused = await setFailures([{ operation: 'createLead', error: 'explode' }]);
    expect((await refused.json()).error.fields).toEqual({
      'rules[0].error': 'must be one of internal, unavailable, rate_limited, drop, hang',
    });
  });
});
