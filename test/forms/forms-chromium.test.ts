// The widget in real headless Chromium (spec 4.12). A shop's page, served by its own node:http
// server on 127.0.0.1, embeds `widget.js` from the mock's server (another port, so another
// origin): a visitor opens the popup through a `#svc-<form id>` link, fills the form in with the
// keyboard (the widget lives in a closed shadow root, which no selector reaches), and sends it.
// The page hears `svc:form-submitted`, and the lead is there when read through the API. The
// hosted page does the same inline, from the mock's own origin, where a cookie would be sent if
// the widget let it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { launchChromium } from '../support/chromium.ts';

let mock: Mock;
let mockServer: RunningServer;
let shop: Server;
let shopOrigin: string;
let browser: Browser | undefined;
let shopPage = '';
/** What reached the mock: method, path, and the Origin and Cookie headers. */
const seen: { method: string; path: string; origin: string | null; cookie: string | null }[] = [];

beforeAll(async () => {
  mock = createMock();
  // The recording wraps the core that the node:http face calls: one more look at each request.
  const recording: Mock = {
    ...mock,
    respond(request, info) {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname,
        origin: request.headers.get('origin'),
        cookie: request.headers.get('cookie'),
      });
      return mock.respond(request, info);
    },
  };
  mockServer = await startServer(recording);
  shop = createServer((request, response) => {
    const found = request.method === 'GET' && new URL(request.url ?? '/', 'http://placeholder').pathname === '/';
    response.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(found ? shopPage : 'not found');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await mockServer?.close();
  await new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve()));
});

async function api(method: string, path: string, body?: unknown, key?: string): Promise<any> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  const response = await fetch(`${mockServer.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** Waits until the keyboard focus is inside the widget of `formId` (the page sees only its host element). */
async function focusInWidget(page: Page, formId: string): Promise<void> {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-svc-widget') === id, formId);
}

/** Waits until an inline widget has loaded its form and rendered it. */
async function widgetShown(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('[data-svc-widget]')?.getBoundingClientRect().height ?? 0) > 100);
}

/** Name, phone, email, consent, send: the tab order a visitor follows. */
async function fillInAndSend(page: Page): Promise<void> {
  await page.keyboard.type('Dilnoza Karimova');
  await page.keyboard.press('Tab');
  await page.keyboard.type('90 123 45 67');
  await page.keyboard.press('Tab');
  await page.keyboard.type('dilnoza@example.uz');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
}

describe('the widget in Chromium', () => {
  it('a visitor fills in the popup on another website; the page hears svc:form-submitted and a lead appears', async () => {
    const created = await api('POST', '/_mock/workspaces', {});
    const form = await api('POST', `/_mock/workspaces/${created.workspace.id}/forms`, {
      name: 'Shop popup',
      min_ms: 800,
      allowed_origins: [shopOrigin],
    });
    shopPage = `<!doctype html><html><head><meta charset="utf-8"><title>Acme shop</title></head><body>
<h1>Acme shop</h1>
<a id="ask" href="#svc-${form.id}">Ask us</a>
<script>window.submitted = []; addEventListener('svc:form-submitted', (event) => window.submitted.push(event.detail));</script>
<script src="${mockServer.url}/widget.js" data-svc-form="${form.id}" data-mode="popup" data-button="Contact us" data-lang="en"></script>
</body></html>`;

    const context = await browser!.newContext();
    await context.addCookies([{ name: 'session', value: 'visitor-secret', url: mockServer.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${shopOrigin}/?utm_source=google&utm_campaign=spring`);
      // The floating button's host is on the page; its shadow root is closed to the page.
      await page.waitForSelector(`[data-svc-widget="${form.id}"]`, { state: 'attached' });
      expect(await page.evaluate(() => [...document.querySelectorAll('[data-svc-widget]')].map((host) => host.shadowRoot))).toEqual([null]);

      await page.click('#ask');
      await focusInWidget(page, form.id);
      expect(await page.evaluate(() => document.querySelectorAll('[data-svc-widget]').length)).toBe(2);
      await fillInAndSend(page);
      await page.waitForFunction(() => (window as unknown as { submitted: unknown[] }).submitted.length > 0, undefined, {
        timeout: 60_000,
      });
      expect(await page.evaluate(() => (window as unknown as { submitted: unknown[] }).submitted)).toEqual([{ form: form.id }]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const [lead] = (await api('GET', '/v1/leads', undefined, created.api_key)).data;
    expect(lead).toMatchObject({
      source: 'webform',
      contact: { name: 'Dilnoza Karimova', phones: ['+998901234567'] },
      utm: { utm_source: 'google', utm_campaign: 'spring' },
      landing_page: `${shopOrigin}/?utm_source=google&utm_campaign=spring`,
      tags: ['website'],
    });
    const formCalls = seen.filter((request) => request.path.startsWith(`/api/forms/${form.id}`));
    expect(formCalls.map((request) => request.method)).toEqual(['GET', 'OPTIONS', 'POST']);
    expect(formCalls.every((request) => request.origin === shopOrigin && request.cookie === null)).toBe(true);
  });

  it('the hosted page renders inline and submits from the mock origin without sending its cookie', async () => {
    const created = await api('POST', '/_mock/workspaces', {});
    const form = await api('POST', `/_mock/workspaces/${created.workspace.id}/forms`, {
      name: 'Hosted',
      min_ms: 500,
      allowed_origins: ['https://elsewhere.example'],
    });
    const context = await browser!.newContext({ locale: 'ru-RU' });
    await context.addCookies([{ name: 'session', value: 'visitor-secret', url: mockServer.url }]);
    const page = await context.newPage();
    try {
      const configured = page.waitForResponse((response) => response.url().includes(`/api/forms/${form.id}?`));
      await page.goto(`${mockServer.url}/f/${form.id}`);
      expect(await page.title()).toBe('Оставьте заявку');
      // The widget loads the configuration and renders it; then the first Tab enters its first field.
      expect((await configured).status()).toBe(200);
      await page.waitForFunction(() => document.querySelector('[data-svc-widget]')!.getBoundingClientRect().height > 100);
      await page.keyboard.press('Tab');
      await focusInWidget(page, form.id);
      const submitted = page.waitForResponse((response) => response.url().endsWith(`/api/forms/${form.id}/submit`));
      await fillInAndSend(page);
      expect((await submitted).status()).toBe(201);
    } finally {
      await context.close();
    }
    const [lead] = (await api('GET', '/v1/leads', undefined, created.api_key)).data;
    expect(lead).toMatchObject({ source: 'webform', contact: { phones: ['+998901234567'] } });
    const contact = await api('GET', `/v1/contacts/${lead.contact_id}`, undefined, created.api_key);
    expect(contact.preferred_language).toBe('ru');
    const formCalls = seen.filter((request) => request.path.startsWith(`/api/forms/${form.id}`));
    expect(formCalls.length).toBeGreaterThanOrEqual(2);
    expect(formCalls.every((request) => request.cookie === null)).toBe(true);
    // The page itself came with the cookie: it was there to be sent.
    expect(seen.find((request) => request.path === `/f/${form.id}`)?.cookie).toContain('visitor-secret');
  });

  it("the hosted page sends a strict Content-Security-Policy, under which its style and the widget's all apply", async () => {
    const created = await api('POST', '/_mock/workspaces', {});
    const form = await api('POST', `/_mock/workspaces/${created.workspace.id}/forms`, { name: 'Hosted CSP', min_ms: 0 });
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusals.push(message.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { refusals: string[] }).refusals = []);
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    try {
      const answer = await page.goto(`${mockServer.url}/f/${form.id}`);
      const policy = answer!.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toContain('unsafe-inline');
      await page.waitForFunction(() => document.querySelector('[data-svc-widget]')!.getBoundingClientRect().height > 100);
      // The page's own style applied (main: at most 420px wide plus 16px of padding each side; 1280 without it).
      expect(await page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().width)).toBe(452);
      // So did the widget's, in its shadow root: its `:host{all:initial}` makes the host element inline (a div is a block without it).
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-svc-widget]')!).display)).toBe('inline');
      const pageRefusals = await page.evaluate(() => (window as unknown as { refusals: string[] }).refusals);
      expect([...refusals, ...pageRefusals]).toEqual([]);
      // An inline script of the page would not run: the policy is what protects the mock's origin.
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.appendChild(script);
      });
      expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('the widget follows an https redirect_url, and never a javascript: or data: one whatever the answer says', async () => {
    const created = await api('POST', '/_mock/workspaces', {});
    const form = await api('POST', `/_mock/workspaces/${created.workspace.id}/forms`, {
      name: 'Redirecting',
      min_ms: 0,
      allowed_origins: [shopOrigin],
      redirect_url: 'https://thanks.example/done',
    });
    expect(form.redirect_url).toBe('https://thanks.example/done');
    shopPage = `<!doctype html><html><head><meta charset="utf-8"><title>Acme shop</title></head><body>
<div id="here"></div>
<script>window.ran = false; window.submitted = []; addEventListener('svc:form-submitted', (event) => window.submitted.push(event.detail));</script>
<script src="${mockServer.url}/widget.js" data-svc-form="${form.id}" data-target="#here" data-lang="en"></script>
</body></html>`;
    const submitUrl = `${mockServer.url}/api/forms/${form.id}/submit`;
    for (const address of [
      'javascript:window.ran=true',
      'data:text/html,<script>opener.ran=true</script>',
      'http://thanks.example/done',
      'JAVASCRIPT:window.ran=true',
      '',
      null,
    ]) {
      const context = await browser!.newContext();
      const page = await context.newPage();
      try {
        // The answer as a broken or hostile service would give it: the widget must judge it itself.
        await page.route(submitUrl, async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, json: { ...(await response.json()), redirect_url: address } });
        });
        await page.goto(`${shopOrigin}/`);
        await widgetShown(page);
        await page.keyboard.press('Tab');
        await focusInWidget(page, form.id);
        await fillInAndSend(page);
        await page.waitForFunction(() => (window as unknown as { submitted: unknown[] }).submitted.length > 0, undefined, {
          timeout: 60_000,
        });
        await page.waitForTimeout(300);
        expect([page.url(), await page.evaluate(() => (window as unknown as { ran: boolean }).ran)], String(address)).toEqual([
          `${shopOrigin}/`,
          false,
        ]);
      } finally {
        await context.close();
      }
    }
    const context = await browser!.newContext();
    const page = await context.newPage();
    try {
      await page.route('https://thanks.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Thanks</title>' }));
      await page.goto(`${shopOrigin}/`);
      await widgetShown(page);
      await page.keyboard.press('Tab');
      await focusInWidget(page, form.id);
      await fillInAndSend(page);
      await page.waitForURL('https://thanks.example/done', { timeout: 60_000 });
    } finally {
      await context.close();
    }
  });
});
