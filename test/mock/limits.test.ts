// The limits every credentialed route shares (spec 7.2, 7.3, 8): the rate and concurrency
// limits per credential, the read-only state of a lapsed workspace, and the plan table.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.ts';
import { PLAN_LIMITS, refuseOverPlanLimit, upgradeFor } from '../../src/limits/plans.ts';
import { BASE, call, envelopeProblems, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

let setup: Setup;
beforeEach(async () => {
  setup = await setUpMock();
});

const WHOAMI = '/v1/api-keys/whoami';

async function settings(body: Record<string, unknown>): Promise<Answer> {
  const answer = await call(setup.mock, 'PATCH', `/_mock/workspaces/${setup.workspaceId}/settings`, { body });
  if (answer.status !== 200) throw new Error(`cannot change settings: ${JSON.stringify(answer.body)}`);
  return answer;
}

async function clock(body: Record<string, unknown>): Promise<void> {
  const answer = await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/clock`, { body });
  if (answer.status !== 200) throw new Error(`cannot change the clock: ${JSON.stringify(answer.body)}`);
}

async function whoami(key = setup.key): Promise<Answer> {
  return call(setup.mock, 'GET', WHOAMI, { key });
}

/**
 * A POST whose body stays open until `finish()`: the request stays in flight while it is read. It
 * resolves once the mock asks for the body, which it does only past admission (the limits count it).
 */
async function slowRequest(key: string) {
  let finish!: () => void;
  let reading!: () => void;
  const bodyAsked = new Promise<void>((resolve) => (reading = resolve));
  const bodyFinished = new Promise<void>((resolve) => (finish = resolve));
  // highWaterMark 0: nothing is pulled until a reader asks, so the first pull is the mock's read.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reading();
        await bodyFinished;
        controller.enqueue(new TextEncoder().encode('{"name":5}')); // fails validation: the request still ends
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`${BASE}/v1/leads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  const response = setup.mock.handle(request, { clientAddress: '127.0.0.1' });
  await Promise.race([bodyAsked, response]);
  return { response, finish };
}

describe('rate limit per credential (spec 7.3 rate_limited)', () => {
  it('a key over its rate limit gets 429 rate_limited with Retry-After', async () => {
    await clock({ freeze: true });
    await settings({ limits: { requests_per_minute: 3 } });
    for (let i = 0; i < 3; i += 1) expect((await whoami()).status).toBe(200);
    const refused = await whoami();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', reason: 'requests_per_minute', limit: 3 });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(envelopeProblems(refused.body)).toEqual([]);
  });

  it('advancing the clock past the window lets the key in again', async () => {
    await clock({ freeze: true });
    await settings({ limits: { requests_per_minute: 1 } });
    expect((await whoami()).status).toBe(200);
    await clock({ advance_seconds: 59 });
    const stillRefused = await whoami();
    expect([stillRefused.status, stillRefused.headers.get('retry-after')]).toEqual([429, '1']);
    await clock({ advance_seconds: 1 });
    expect((await whoami()).status).toBe(200);
  });

  it('a per-second limit names its own reason', async () => {
    await clock({ freeze: true });
    await settings({ limits: { requests_per_second: 2 } });
    await whoami();
    await whoami();
    const refused = await whoami();
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', reason: 'requests_per_second', limit: 2 });
    expect(refused.headers.get('retry-after')).toBe('1');
  });

  it('refused requests do not use up the window', async () => {
    await clock({ freeze: true });
    await settings({ limits: { requests_per_second: 1, requests_per_minute: 2 } });
    expect((await whoami()).status).toBe(200);
    expect((await whoami()).body.error.reason).toBe('requests_per_second');
    await clock({ advance_seconds: 1 });
    expect((await whoami()).status).toBe(200);
  });

  it('new limits count from the moment they are set', async () => {
    await clock({ freeze: true });
    await settings({ limits: { requests_per_minute: 5 } });
    for (let i = 0; i < 4; i += 1) await whoami();
    await settings({ limits: { requests_per_minute: 2 } });
    expect((await whoami()).status).toBe(200);
    expect((await whoami()).status).toBe(200);
    expect((await whoami()).status).toBe(429);
  });

  it('a second key of the same workspace is not limited by the first', async () => {
    const second = await setup.newKey({ scopes: ['leads:read'] });
    await clock({ freeze: true });
    await settings({ limits: { requests_per_minute: 1 } });
    expect((await whoami()).status).toBe(200);
    expect((await whoami()).status).toBe(429);
    expect((await whoami(second)).status).toBe(200);
  });

  it('by default a key makes hundreds of requests unhindered, even under a frozen clock', async () => {
    await clock({ freeze: true });
    const answers = await Promise.all(Array.from({ length: 300 }, () => whoami()));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });
});

describe('requests in flight per credential (spec 7.3 concurrency_limited)', () => {
  it('requests in flight above the limit get concurrency_limited', async () => {
    await settings({ limits: { concurrent_requests: 1 } });
    const slow = await slowRequest(setup.key);
    const refused = await whoami();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('concurrency_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(envelopeProblems(refused.body)).toEqual([]);
    slow.finish();
    expect((await slow.response).status).not.toBe(429);
  });

  it('a finished request, even one that failed, frees its place', async () => {
    await settings({ limits: { concurrent_requests: 1 } });
    const slow = await slowRequest(setup.key);
    slow.finish();
    expect((await slow.response).status).toBeGreaterThanOrEqual(400);
    expect((await whoami()).status).toBe(200);
  });

  it('another key of the workspace has its own places', async () => {
    const second = await setup.newKey({ scopes: ['leads:read'] });
    await settings({ limits: { concurrent_requests: 1 } });
    const slow = await slowRequest(setup.key);
    expect((await whoami(second)).status).toBe(200);
    slow.finish();
    await slow.response;
  });
});

describe('read-only workspace (spec 7.2, 7.3 read_only)', () => {
  it('a read-only workspace refuses writes with 402 and still answers reads', async () => {
    await settings({ read_only: true });
    const write = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Deal' } });
    expect([write.status, write.body.error.code]).toEqual([402, 'read_only']);
    expect(envelopeProblems(write.body)).toEqual([]);
    expect((await whoami()).status).toBe(200);
    const list = await call(setup.mock, 'GET', '/v1/leads', { key: setup.key });
    expect(list.status).not.toBe(402);
  });

  it('a query sent as POST is a read and still answers', async () => {
    await settings({ read_only: true });
    const query = await call(setup.mock, 'POST', '/v1/query/leads', { key: setup.key, body: {} });
    expect(query.status).not.toBe(402);
  });

  it('writes answer again once the workspace is paid', async () => {
    await settings({ read_only: true });
    await settings({ read_only: false });
    const write = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Deal' } });
    expect(write.status).not.toBe(402);
  });
});

describe('the settings control route', () => {
  it('answers the defaults: no per-second limit, high per-minute and in-flight limits, the plan table', async () => {
    const answer = await call(setup.mock, 'GET', `/_mock/workspaces/${setup.workspaceId}/settings`);
    expect(answer.body).toEqual({
      id: setup.workspaceId,
      plan: 'pro',
      read_only: false,
      limits: { requests_per_second: null, requests_per_minute: 10_000, concurrent_requests: 1_000 },
      plan_limits: { webhooks: 100 },
    });
  });

  it('changes only what it is sent, and null lifts a limit', async () => {
    await settings({ limits: { requests_per_minute: 1 } });
    const answer = await settings({ plan: 'free', limits: { requests_per_minute: null } });
    expect(answer.body).toMatchObject({ plan: 'free', read_only: false, plan_limits: { webhooks: 2 } });
    expect(answer.body.limits).toEqual({ requests_per_second: null, requests_per_minute: null, concurrent_requests: 1_000 });
    expect((await whoami()).status).toBe(200);
    expect((await whoami()).status).toBe(200);
  });

  it('refuses unknown fields and zero limits, and unknown workspaces', async () => {
    const path = `/_mock/workspaces/${setup.workspaceId}/settings`;
    expect((await call(setup.mock, 'PATCH', path, { body: { limits: { per_hour: 5 } } })).status).toBe(400);
    expect((await call(setup.mock, 'PATCH', path, { body: { limits: { requests_per_minute: 0 } } })).status).toBe(422);
    const elsewhere = `/_mock/workspaces/ws_${'0'.repeat(26)}/settings`;
    expect((await call(setup.mock, 'PATCH', elsewhere, { body: { read_only: true } })).status).toBe(404);
  });
});

describe('plan limits (spec 4.11, 8)', () => {
  it('the webhook count per plan is the spec table', () => {
    expect(PLAN_LIMITS.webhooks).toEqual({ free: 2, start: 25, pro: 100, trial: 100, business: 250, enterprise: 250 });
  });

  it('over the plan limit is 403 limit_reached naming the plan that lifts it', async () => {
    const workspace = setup.mock.state.workspaces.get(setup.workspaceId)!;
    await settings({ plan: 'free' });
    expect(() => refuseOverPlanLimit(workspace, 'webhooks', 1)).not.toThrow();
    let thrown: unknown;
    try {
      refuseOverPlanLimit(workspace, 'webhooks', 2);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).extras).toEqual({ key: 'webhooks', limit: 2, used: 2, plan: 'free', upgrade_to: 'start' });
    expect((thrown as ApiError).options.status).toBe(403);
    expect([upgradeFor('trial', 'webhooks'), upgradeFor('business', 'webhooks')]).toEqual(['business', null]);
  });
});
