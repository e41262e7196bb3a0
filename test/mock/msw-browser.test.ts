// The MSW face in a browser: crmkit's handlers in msw 3's `setupWorker`, in real headless
// Chromium, answering plain `fetch` calls of a page. The page, its script (bundled here with vite
// from test/mock/msw-browser/page.ts) and msw's worker script come from a node:http server that
// answers 404 to anything else and records every request it sees, so an API call that the worker
// did not answer would show up there.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleForBrowser } from '../support/browser-bundle.ts';
import { launchChromium } from '../support/chromium.ts';
import type { PageResult } from './msw-browser/page.ts';

const WORKER_SCRIPT = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
const WORKSPACE_NAME = 'Made in Chromium';
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>crmkit MSW</title><script src="/page.js"></script></head><body></body></html>';

let server: Server;
let browser: Browser | undefined;
let origin: string;
/** `METHOD /path` of every request that reached the node:http server. */
const served: string[] = [];

beforeAll(async () => {
  const [script, worker] = await Promise.all([
    bundleForBrowser(new URL('./msw-browser/page.ts', import.meta.url)),
    readFile(WORKER_SCRIPT, 'utf8'),
  ]);
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', PAGE],
    '/page.js': ['text/javascript; charset=utf-8', script],
    '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
  };
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://placeholder').pathname;
    served.push(`${request.method} ${path}`);
    const file = request.method === 'GET' ? files[path] : undefined;
    response.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain', 'Cache-Control': 'no-store' });
    response.end(file?.[1] ?? 'not served by the test server');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

it('setupWorker answers the CRM API from the mock in Chromium', async () => {
  const context = await browser!.newContext();
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  try {
    await page.goto(`${origin}/?workspace=${encodeURIComponent(WORKSPACE_NAME)}`);
    const result: PageResult = await page.evaluate(() => window.crmkitResult!);
    const diagnostics = `page console:\n${logs.join('\n')}\nserved by node:http: ${served.join(', ')}`;

    const { created, whoami, withoutKey } = result;
    expect(created.status, diagnostics).toBe(201);
    expect(created.body.api_key).toMatch(/^svc_live_[A-Za-z0-9_-]{40}$/);
    expect(created.body.workspace).toMatchObject({ id: expect.stringMatching(/^ws_[0-9a-z]{26}$/), name: WORKSPACE_NAME });
    expect(created.body.urls.base_url).toBe(origin);
    expect(created.requestId).toMatch(/^req_[0-9a-f]{24}$/);
    expect(result.workspaceInPageState).toBe(true);

    expect(whoami.status, diagnostics).toBe(200);
    expect(whoami.body.workspace.id).toBe(created.body.workspace.id);
    expect(whoami.requestId).toBeTruthy();

    expect(withoutKey.status).toBe(401);
    expect(withoutKey.body).toMatchObject({ error: { code: 'invalid_token', message: expect.any(String) } });
    expect(withoutKey.requestId).toBeTruthy();

    // None of the API calls reached the node:http server while the worker ran; after
    // `worker.stop()` the same call does, and gets the server's 404.
    expect(result.afterStop).toEqual({ status: 404, text: 'not served by the test server' });
    const apiCalls = served.filter((line) => /^\S+ \/(_mock|v1)\//.test(line));
    expect(apiCalls, diagnostics).toEqual(['GET /v1/api-keys/whoami']);
    expect(served).toEqual(expect.arrayContaining(['GET /', 'GET /page.js', 'GET /mockServiceWorker.js']));
    // The app's own files on the same origin keep loading while the worker runs: only the interface's routes are the mock's.
    expect(result.ownAsset).toEqual({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(served.filter((line) => line === 'GET /page.js')).toHaveLength(2);
  } finally {
    await context.close();
  }
});
