// The MSW face as real apps meet it: only the interface's routes on the configured origins are
// the mock's (the app's own files and other APIs pass through), a browser's CORS preflight is
// answered, and an old Node is refused at once with the fix.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmHandlers } from '../../src/adapters/msw.ts';
import { refuseOldNode } from '../../src/adapters/node-version.ts';

let app: Server;
let origin: string;
let crm: ReturnType<typeof createCrmHandlers>;
let msw: ReturnType<typeof setupServer>;

beforeAll(async () => {
  // The app's own server on the same origin as the API the mock stands for.
  app = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`the app's own ${request.url}`);
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  crm = createCrmHandlers({ urls: { base_url: origin, hub_url: origin, workspace_url: origin } });
  msw = setupServer(...crm.handlers);
  msw.listen({ onUnhandledFrame: 'bypass' });
});
afterAll(async () => {
  msw.close();
  await new Promise((resolve) => app.close(resolve));
});

describe('the MSW face in an app', () => {
  it("answers the interface's routes and lets the app's own files through on the same origin", async () => {
    const { apiKey } = await crm.createWorkspace();
    const whoami = await fetch(`${origin}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(whoami.status).toBe(200);
    const asset = await fetch(`${origin}/assets/app.js`);
    expect(await asset.text()).toBe("the app's own /assets/app.js");
    const notAnApiRoute = await fetch(`${origin}/v1/not-a-route`);
    expect(await notAnApiRoute.text()).toBe("the app's own /v1/not-a-route");
  });

  it("answers a browser's CORS preflight for an API route, and lets the page read the answer and its request id", async () => {
    const { apiKey } = await crm.createWorkspace();
    const page = 'http://localhost:5173';
    const preflight = await fetch(`${origin}/v1/leads`, {
      method: 'OPTIONS',
      headers: { origin: page, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(page);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const created = await fetch(`${origin}/v1/leads`, {
      method: 'POST',
      headers: { origin: page, authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(page);
    expect(created.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });
});

describe('crmkit/msw on an old Node', () => {
  it('is refused at once, naming the fix', () => {
    expect(() => refuseOldNode('20.20.2')).toThrow(/needs Node 22 or newer .* this is Node 20\.20\.2.*Node 22 or 24/);
    expect(() => refuseOldNode('22.12.0')).not.toThrow();
    expect(() => refuseOldNode(undefined)).not.toThrow();
  });
});
