// Issue 15 item 4: the control API on a developer's machine answers neither a web page the
// developer visits (no text/plain or form bodies, no changes from another origin, no CORS) nor a
// page reaching it through DNS rebinding (its Host is not the mock's), and beyond loopback only
// a client holding the token (http/control-guard.ts, cli/control-access.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { controlSetup, isLoopback } from '../../src/cli/control-access.ts';
import { hostNameOf, sameSecret } from '../../src/http/control-guard.ts';
import { createMock, type Mock, type MockOptions } from '../../src/mock.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';
import { BASE, call } from '../support/mock-client.ts';
import { endWithTheTest } from '../support/crmkit-process.ts';

type Raw = { status: number; headers: Headers; body: any };

/**
 * A control request sent as a browser or a stranger would. Its answer must be one the control
 * document allows (support/mock-client.ts): the guard's answers are on every control operation
 * (components.responses of openapi/mock-control.yaml, added by scripts/bundle-openapi.ts).
 */
async function raw(mock: Mock, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return call(mock, method, path, { headers, ...(body === undefined ? {} : { rawBody: body }) });
}

async function mockWithWorkspace(options: MockOptions = {}) {
  const mock = createMock(options);
  const created = await call(mock, 'POST', '/_mock/workspaces', { body: {} });
  return { mock, ws: created.body.workspace.id as string, key: created.body.api_key as string };
}

function expectEnvelope(answer: Raw, status: number, code: string) {
  expect([answer.status, answer.body?.error?.code]).toEqual([status, code]);
  expect(answer.headers.get('x-request-id')).toBe(answer.body.error.request_id);
}

describe('the Host of a control request', () => {
  it('refuses a name the mock does not have (DNS rebinding), for reads and changes, and changes nothing', async () => {
    const { mock, ws } = await mockWithWorkspace();
    const snapshot = await raw(mock, 'GET', `/_mock/workspaces/${ws}/snapshot`, { host: 'attacker.example:4010' });
    expectEnvelope(snapshot, 403, 'forbidden');
    expect(snapshot.body.error.permission).toBe('control_host');
    expect(JSON.stringify(snapshot.body)).not.toContain('svc_live_');
    // Nor does a stranger learn the mock's names from the refusal.
    const named = createMock({ controlAccess: { hostNames: ['devbox.lan', '192.168.1.5'] } });
    const refusal = JSON.stringify((await raw(named, 'GET', '/_mock/faults', { host: 'attacker.example' })).body);
    expect([refusal.includes('devbox'), refusal.includes('192.168')]).toEqual([false, false]);
    expectEnvelope(await raw(mock, 'POST', '/_mock/reset', { host: 'attacker.example' }), 403, 'forbidden');
    // A routing miss under /_mock is refused the same: nothing tells a stranger what exists.
    expectEnvelope(await raw(mock, 'GET', '/_mock/nothing-here', { host: 'attacker.example' }), 403, 'forbidden');
    expect(mock.state.workspaces.has(ws)).toBe(true);
  });

  it('refuses a Host that is no host name at all', async () => {
    const { mock } = await mockWithWorkspace();
    for (const host of ['', 'a b', 'user@127.0.0.1', '127.0.0.1/x', '[::1']) {
      expectEnvelope(await raw(mock, 'GET', '/_mock/faults', { host }), 403, 'forbidden');
    }
  });

  it("serves the loopback names on any port, and the names of the mock's own URLs", async () => {
    const { mock } = await mockWithWorkspace({ urls: { workspace_url: 'https://acme.crm.example' } });
    for (const host of ['127.0.0.1', 'localhost:3000', 'LOCALHOST.', '[::1]:4010', 'acme.crm.example']) {
      expect((await raw(mock, 'GET', '/_mock/faults', { host })).status, host).toBe(200);
    }
    const named = createMock({ controlAccess: { hostNames: ['devbox.lan', '192.168.1.5', 'fe80::1'] } });
    for (const host of ['devbox.lan:4010', '192.168.1.5', '[fe80::1]:4010']) {
      expect((await raw(named, 'GET', '/_mock/faults', { host })).status, host).toBe(200);
    }
    expect((await raw(named, 'GET', '/_mock/faults', { host: 'devbox.lan.attacker.example' })).status).toBe(403);
  });

  it('is not checked on the CRM interface, whose calls carry their own keys', async () => {
    const { mock, key } = await mockWithWorkspace();
    expect((await raw(mock, 'GET', '/v1/api-keys/whoami', { host: 'api.crm.example', authorization: `Bearer ${key}` })).status).toBe(200);
  });

  it('reads the host name as URL parsing does', () => {
    expect([hostNameOf('LocalHost:80'), hostNameOf('[::1]:1'), hostNameOf('127.1'), hostNameOf('x y')]).toEqual([
      'localhost',
      '[::1]',
      '127.0.0.1',
      undefined,
    ]);
  });
});

describe('bodies and pages of other origins', () => {
  it('refuses text/plain, form and untyped bodies, and leaves the clock where it was', async () => {
    const { mock, ws } = await mockWithWorkspace();
    const before = (await call(mock, 'GET', `/_mock/workspaces/${ws}/clock`)).body.now;
    const body = '{"advance_seconds":86400}';
    const kinds: Record<string, string>[] = [
      { 'content-type': 'text/plain' },
      { 'content-type': 'text/plain;charset=UTF-8' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      {},
    ];
    for (const headers of kinds) {
      const answer = await raw(
        mock,
        'POST',
        `/_mock/workspaces/${ws}/clock`,
        headers,
        headers['content-type']?.startsWith('application/x-www') ? 'advance_seconds=86400' : body,
      );
      expectEnvelope(answer, 400, 'bad_json');
    }
    expect((await call(mock, 'GET', `/_mock/workspaces/${ws}/clock`)).body.now.slice(0, 10)).toBe(before.slice(0, 10));
    const json = await raw(mock, 'POST', `/_mock/workspaces/${ws}/clock`, { 'content-type': 'application/json' }, body);
    expect(json.status).toBe(200);
  });

  it('refuses a change sent by a page of another origin, even one on this machine, and resets nothing', async () => {
    const { mock, ws } = await mockWithWorkspace();
    const foreign: Record<string, string>[] = [
      { origin: 'http://localhost:3000' },
      { origin: 'http://127.0.0.1:4011' },
      { origin: 'https://127.0.0.1:4010' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:4010' },
    ];
    for (const headers of foreign) {
      const answer = await raw(mock, 'POST', '/_mock/reset', headers);
      expectEnvelope(answer, 403, 'forbidden');
      expect(answer.body.error.permission).toBe('control_origin');
    }
    expect(mock.state.workspaces.has(ws)).toBe(true);
    // A page the mock serves itself (its own origin) and a client that is no browser may change it.
    expect((await raw(mock, 'POST', '/_mock/reset', { origin: 'http://127.0.0.1:4010', 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
    expect((await raw(mock, 'POST', '/_mock/reset')).status).toBe(200);
  });

  it('changes nothing on any read of the control document', async () => {
    const { mock, ws } = await mockWithWorkspace();
    const channel = (await call(mock, 'POST', `/_mock/workspaces/${ws}/channels`, { body: { type: 'telegram' } })).body.id;
    await call(mock, 'POST', `/_mock/workspaces/${ws}/clock`, { body: { freeze: true } });
    const reads = [...indexOperations(loadDocument('mock-control')).values()].filter((operation) => operation.method === 'GET');
    expect(reads.length).toBeGreaterThan(5);
    const stateOf = async () =>
      JSON.stringify({
        snapshot: { ...(await raw(mock, 'GET', `/_mock/workspaces/${ws}/snapshot`)).body, exported_at: undefined },
        workspaces: [...mock.state.workspaces.keys()],
        failures: mock.state.failures.list(),
        faults: [...mock.state.faults],
      });
    const before = await stateOf();
    for (const operation of reads) {
      const path = operation.path
        .replace('{ws}', ws)
        .replace('{channel_id}', channel)
        .replace(/\{[^}]+\}/g, 'x');
      // A foreign page reaching a read (a link, an image) gets no answer it can use either.
      const answer = await raw(mock, 'GET', path, { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' });
      expect(answer.status, `${operation.id} ${path}`).toBeLessThan(500);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(JSON.parse(await stateOf())).toEqual(JSON.parse(before));
  });
});

describe('the control API on the MSW face', () => {
  it('serves the app that installed the handlers from any origin, and still takes JSON only', async () => {
    // Only this process (setupServer) or the app's own page (setupWorker) reaches MSW handlers: an
    // app on a dev server's origin calling the mock's control routes is the developer's own code.
    const { createCrmHandlers } = await import('../../src/adapters/msw.ts');
    const crm = createCrmHandlers();
    const fromApp = { origin: 'http://localhost:5173', 'sec-fetch-site': 'cross-site', host: 'localhost:5173' };
    expect((await raw(crm.mock, 'POST', '/_mock/workspaces', fromApp)).status).toBe(201);
    expectEnvelope(await raw(crm.mock, 'POST', '/_mock/workspaces', { ...fromApp, 'content-type': 'text/plain' }, '{}'), 400, 'bad_json');
  });
});

describe('the control API over node:http', () => {
  let mock: Mock;
  let server: RunningServer;
  beforeAll(async () => {
    mock = createMock();
    server = await startServer(mock, { port: 0 });
  });
  afterAll(() => server.close());

  it('answers a preflight and a read with no Access-Control header', async () => {
    const preflight = await fetch(`${server.url}/_mock/reset`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const read = await fetch(`${server.url}/_mock/faults`, { headers: { origin: 'http://localhost:3000' } });
    expect(read.status).toBe(200);
    for (const answer of [preflight, read]) {
      expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('refuses a request whose Host is another name', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(
        `${server.url}/_mock/faults`,
        { headers: { host: `attacker.example:${new URL(server.url).port}` } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.end();
    });
    expect(status).toBe(403);
  });
});

const token = 'a-control-token-of-32-characters';

describe('the control token', () => {
  it('needs Authorization: Bearer <token> on every control request, compared exactly', async () => {
    const mock = createMock({ controlAccess: { token } });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`, token, `Basic ${token}`]) {
      const answer = await raw(mock, 'POST', '/_mock/workspaces', authorization ? { authorization } : {});
      expectEnvelope(answer, 401, 'invalid_token');
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="crmkit-control"');
    }
    expect(mock.state.workspaces.size).toBe(0);
    expect((await raw(mock, 'POST', '/_mock/workspaces', { authorization: `Bearer ${token}` })).status).toBe(201);
    expect((await raw(mock, 'GET', '/_mock/faults', { authorization: `bearer ${token}` })).status).toBe(200);
    // The token does not lift the other rules: a page of another origin holding it still changes nothing.
    const foreign = await raw(
      mock,
      'POST',
      '/_mock/workspaces',
      {
        authorization: `Bearer ${token}`,
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-site',
        'content-type': 'application/json',
      },
      '{}',
    );
    expectEnvelope(foreign, 403, 'forbidden');
    expect(foreign.body.error.permission).toBe('control_origin');
    expect(mock.state.workspaces.size).toBe(1);
  });

  it("serves the inspector page's files without it, and keeps the Host rule for them", async () => {
    const mock = createMock({ controlAccess: { token } });
    for (const path of ['/_mock/ui', '/_mock/ui/app.js', '/_mock/ui/token.js'])
      expect((await raw(mock, 'GET', path)).status, path).toBe(200);
    const rebound = await raw(mock, 'GET', '/_mock/ui/api.js', { host: 'attacker.example' });
    expectEnvelope(rebound, 403, 'forbidden');
    expect(rebound.body.error.permission).toBe('control_host');
    // Only reads of the files: a change sent there, or any other route, still needs the token.
    for (const [method, path] of [
      ['POST', '/_mock/ui'],
      ['GET', '/_mock/uix'],
      ['GET', '/_mock/ui/../workspaces'],
    ]) {
      const answer = await mock.handle(new Request(`${BASE}${path}`, { method }), { clientAddress: '127.0.0.1' });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    expect(mock.state.workspaces.size).toBe(0);
  });

  it('compares secrets in full, whatever their lengths', () => {
    expect([
      sameSecret(token, token),
      sameSecret('', token),
      sameSecret(`${token}!`, token),
      sameSecret(token.replace('a', 'b'), token),
    ]).toEqual([true, false, false, false]);
  });
});

describe('crmkit mock beyond loopback', () => {
  it('keeps the control API off without a token, and says how to turn it on', () => {
    const open = controlSetup({ host: '0.0.0.0' });
    expect(open.controlApi).toBe(false);
    expect(open.describe('http://0.0.0.0:4010')).toMatch(/^off: .*--control-token/);
    const lan = controlSetup({ host: '192.168.1.5' });
    expect([lan.controlApi, lan.controlAccess.hostNames]).toEqual([false, ['192.168.1.5']]);
  });

  it('turns it on with a token that every request then needs', () => {
    const setup = controlSetup({ host: '0.0.0.0', token: 'x'.repeat(16) });
    expect([setup.controlApi, setup.controlAccess.token]).toEqual([true, 'x'.repeat(16)]);
    expect(setup.controlAccess.hostNames!.length).toBeGreaterThan(0);
    expect(setup.describe('http://0.0.0.0:4010')).toContain('Authorization: Bearer');
    expect(() => controlSetup({ host: '0.0.0.0', token: 'short' })).toThrow(/16 characters/);
  });

  it("counts only this machine's own addresses as loopback", () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.5', '127.0.0.1.nip.io', 'localhost.attacker.example'].some(isLoopback)).toBe(false);
  });

  it('prints the control line and requires the token when started with one', async () => {
    const bin = fileURLToPath(new URL('../../bin/crmkit.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'mock', '--port', '0', '--control-token', token], { stdio: ['ignore', 'pipe', 'inherit'] });
    endWithTheTest(child);
    try {
      let output = '';
      for await (const chunk of child.stdout) {
        output += chunk;
        if (output.includes('try:')) break;
      }
      const url = /base_url\s+(\S+)/.exec(output)![1]!;
      expect(output).toMatch(/control API\s+http:\/\/127\.0\.0\.1:\d+\/_mock \(each request needs "Authorization: Bearer/);
      expect(output).not.toContain(token);
      expect((await fetch(`${url}/_mock/faults`)).status).toBe(401);
      expect((await fetch(`${url}/_mock/faults`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('a mock without its control API (--no-control)', () => {
  it('answers /_mock paths 404 not_found in the envelope, saying the control API is off', async () => {
    const mock = createMock({ controlApi: false });
    for (const path of ['/_mock/workspaces', '/_mock', '/_mock/failures']) {
      const response = await mock.handle(new Request(`${BASE}${path}`));
      expect(response.status).toBe(404);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: 'not_found', request_id: response.headers.get('x-request-id') });
      expect(error.message).toMatch(/control API \(\/_mock\) is off on this mock/);
    }
    // The CRM interface's own unknown paths keep the plain answer.
    const other = await (await mock.handle(new Request(`${BASE}/v1/no-such-path`))).json();
    expect(other.error.message).not.toMatch(/control API/);
  });

  it("still serves the docs pages its errors' docs_url and its deliveries' User-Agent point at", async () => {
    const mock = createMock({ controlApi: false });
    const refused = await mock.handle(new Request(`${BASE}/v1/leads`));
    const { error } = await refused.json();
    expect(error.docs_url).toBe(`${BASE}/_mock/docs/errors/invalid_token`);
    for (const page of [error.docs_url, `${BASE}/_mock/docs/webhooks`]) {
      const answer = await mock.handle(new Request(page));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
    // Only reads: the pages take no other method, and nothing else of /_mock answers.
    expect((await mock.handle(new Request(`${BASE}/_mock/docs/errors/invalid_token`, { method: 'POST' }))).status).toBe(404);
  });
});
