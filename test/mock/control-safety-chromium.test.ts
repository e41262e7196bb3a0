// Issue 15 item 4 in real Chromium: a web page the developer visits, on another origin of this
// same machine, tries every request a page can send without a preflight (text/plain, no body, an
// untyped blob, a form posted as text/plain) and the ones that need CORS; a page whose name was
// rebound to 127.0.0.1 (DNS rebinding, simulated with --host-resolver-rules) tries the same from
// the mock's own address. The mock's state is unchanged and no secret leaves it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { launchChromium } from '../support/chromium.ts';

let mock: Mock;
let server: RunningServer;
let attacker: Server;
let attackerOrigin: string;
let browser: Browser | undefined;
let attackerPage = '';
let ws = '';
/** The control requests that reached the mock and the status each was answered with. */
const seen: { method: string; path: string; status: number }[] = [];

beforeAll(async () => {
  mock = createMock();
  const recording: Mock = {
    ...mock,
    async respond(request, info) {
      const response = await mock.respond(request, info);
      const path = new URL(request.url).pathname;
      if (path.startsWith('/_mock/')) seen.push({ method: request.method, path, status: response.status });
      return response;
    },
  };
  server = await startServer(recording);
  const created = await (
    await fetch(`${server.url}/_mock/workspaces`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  ).json();
  ws = created.workspace.id;
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
  browser = await launchChromium(['--host-resolver-rules=MAP attacker.example 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
});

/** What the mock holds that a page would want to change or read. */
function stateOf() {
  const workspace = mock.state.workspaces.get(ws);
  return {
    workspaces: [...mock.state.workspaces.keys()],
    keys: workspace ? workspace.apiKeys.size : 0,
    now: workspace?.clock.frozen,
    faults: [...mock.state.faults],
  };
}

describe('a web page the developer visits', () => {
  it('on another origin of this machine cannot reset the mock, mint keys or read a snapshot', async () => {
    const before = stateOf();
    seen.length = 0;
    const target = server.url;
    attackerPage = `<!doctype html><html><head><meta charset="utf-8"><title>Cute cats</title></head><body>
<iframe name="sink"></iframe>
<form id="posted" method="POST" action="${target}/_mock/reset" enctype="text/plain" target="sink"><input name='{"a":"' value='"}'></form>
<script>
window.outcomes = {};
async function attempt(name, work) {
  try { window.outcomes[name] = await work(); } catch (error) { window.outcomes[name] = 'refused: ' + error.name; }
}
window.attack = async () => {
  const reset = '${target}/_mock/reset';
  await attempt('no-cors text/plain', async () => (await fetch(reset, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).type);
  await attempt('no-cors no body', async () => (await fetch(reset, { method: 'POST', mode: 'no-cors' })).type);
  await attempt('no-cors untyped blob', async () => (await fetch('${target}/_mock/workspaces/${ws}/clock', { method: 'POST', mode: 'no-cors', body: new Blob(['{"freeze":true}']) })).type);
  await attempt('no-cors form body', async () => (await fetch('${target}/_mock/workspaces/${ws}/api-keys', { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ scopes: 'leads:read' }) })).type);
  await attempt('cors json key', async () => (await fetch('${target}/_mock/workspaces/${ws}/api-keys', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scopes: ['leads:read'] }) })).status);
  await attempt('cors snapshot', async () => (await (await fetch('${target}/_mock/workspaces/${ws}/snapshot')).text()).slice(0, 40));
  await attempt('beacon', async () => navigator.sendBeacon(reset, '{}'));
  document.getElementById('posted').submit();
  await new Promise((resolve) => document.querySelector('iframe').addEventListener('load', resolve, { once: true }));
  return window.outcomes;
};
</script></body></html>`;
    const context = await browser!.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${attackerOrigin}/`);
      const outcomes = await page.evaluate(() => (window as unknown as { attack(): Promise<Record<string, unknown>> }).attack());
      // The page cannot read any answer: opaque for no-cors, a network error for cors (no Access-Control-* headers).
      expect(outcomes).toEqual({
        'no-cors text/plain': 'opaque',
        'no-cors no body': 'opaque',
        'no-cors untyped blob': 'opaque',
        'no-cors form body': 'opaque',
        'cors json key': 'refused: TypeError',
        'cors snapshot': 'refused: TypeError',
        beacon: true,
      });
      // Requests that reached the mock: every change refused, and the preflight got no permission. The
      // snapshot was answered (a read changes nothing) but without CORS headers the page could not read it.
      await expect.poll(() => seen.filter((request) => request.path === '/_mock/reset').length).toBe(4);
      const changes = seen.filter((request) => request.method === 'POST');
      expect(changes.length).toBeGreaterThanOrEqual(6);
      expect(changes.filter((request) => request.status < 400)).toEqual([]);
    } finally {
      await context.close();
    }
    expect(stateOf()).toEqual(before);
  });

  it("whose name was rebound to 127.0.0.1 cannot read a snapshot or change anything from the mock's own address", async () => {
    const before = stateOf();
    const port = new URL(server.url).port;
    const context = await browser!.newContext();
    const page = await context.newPage();
    try {
      // The page is now same-origin with the mock as far as the browser knows: attacker.example:<port>.
      await page.goto(`http://attacker.example:${port}/widget.js`);
      const outcomes = await page.evaluate(async (workspace) => {
        const snapshot = await fetch(`/_mock/workspaces/${workspace}/snapshot`);
        const key = await fetch(`/_mock/workspaces/${workspace}/api-keys`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ scopes: ['leads:read'] }),
        });
        const reset = await fetch('/_mock/reset', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        return { snapshot: [snapshot.status, await snapshot.text()], key: key.status, reset: reset.status };
      }, ws);
      expect([outcomes.snapshot[0], outcomes.key, outcomes.reset]).toEqual([403, 403, 403]);
      expect(JSON.parse(outcomes.snapshot[1] as string).error).toMatchObject({ code: 'forbidden', permission: 'control_host' });
      expect(outcomes.snapshot[1]).not.toContain('svc_live_');
    } finally {
      await context.close();
    }
    expect(stateOf()).toEqual(before);
  });
});
