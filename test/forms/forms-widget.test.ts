// The widget script and the hosted page (spec 4.12) as HTTP answers: the cache rules of
// `/widget.js`, the script's own promises (no cookies, every attribute), the generated module being
// current, and `/f/{form_id}`. The widget at work in a browser: forms-chromium.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIDGET_SOURCE, WIDGET_VERSION } from '../../src/resources/forms/widget/widget-source.ts';
import { widgetModuleIsCurrent } from '../../scripts/build-widget.ts';
import { formFixture } from './form-fixture.ts';

const f = formFixture();

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return f.mock.handle(new Request(`http://127.0.0.1:4010${path}`, { headers }));
}

describe('widget.js', () => {
  it('/widget.js is cached for five minutes', async () => {
    const response = await get('/widget.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.text()).toBe(WIDGET_SOURCE);
  });

  it('/widget.js?v=<version> is immutable; another version is not', async () => {
    expect((await get(`/widget.js?v=${WIDGET_VERSION}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/widget.js?v=0ld')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('the served module is the current widget.js (run `npm run widget` after editing it)', () => {
    expect(widgetModuleIsCurrent()).toBe(true);
    expect(WIDGET_SOURCE).toBe(readFileSync(new URL('../../src/resources/forms/widget/widget.js', import.meta.url), 'utf8'));
  });

  it('sends no cookies: every request of the script omits credentials', () => {
    const fetches = WIDGET_SOURCE.match(/\bfetch\(/g) ?? [];
    expect(fetches.length).toBeGreaterThan(0);
    expect(WIDGET_SOURCE.match(/credentials: 'omit',/g)).toHaveLength(fetches.length);
    expect(WIDGET_SOURCE).not.toMatch(/document\.cookie|localStorage|sessionStorage/);
  });

  it('knows every attribute and opener of spec 4.12 and renders in a closed shadow root', () => {
    for (const name of [
      'svcForm',
      'mode',
      'button',
      'target',
      'lang',
      'theme',
      'svcChat',
      'data-svc-open',
      "'#svc-'",
      'svc:form-submitted',
      "mode: 'closed'",
    ]) {
      expect(WIDGET_SOURCE, name).toContain(name);
    }
    expect(WIDGET_SOURCE).not.toMatch(/mode: 'open'/);
  });
});

describe('the hosted page', () => {
  it('shows the form through the widget, inline, in the visitor language', async () => {
    const response = await get(`/f/${f.starter().id}`, { 'Accept-Language': 'uz' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>Ariza qoldiring</title>');
    expect(html).toContain(`src="/widget.js?v=${WIDGET_VERSION}"`);
    expect(html).toContain(`data-svc-form="${f.starter().id}"`);
    expect(html).toContain('data-target="#svc-form"');
    expect(html).toContain('data-lang="uz"');
  });

  it('sends a Content-Security-Policy whose nonce, fresh on each answer, is the one its style and script carry', async () => {
    const nonces: (string | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await get(`/f/${f.starter().id}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const nonce = /style-src 'nonce-([A-Za-z0-9_-]{20,})'/.exec(policy)?.[1];
      expect(policy.split('; ')).toEqual([
        "default-src 'none'",
        "script-src 'self'",
        `style-src 'nonce-${nonce}'`,
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ]);
      const html = await response.text();
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(html).toContain(`<script nonce="${nonce}" src="/widget.js`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(2);
    const unavailable = await get('/f/nothing', { Accept: 'text/html' });
    expect(unavailable.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*frame-ancestors 'none'$/);
  });

  it("an unknown or paused form's page answers 404 form_unavailable", async () => {
    const paused = await f.addForm({ name: 'Paused', status: 'paused' });
    for (const id of [paused.id, `fm_${'0'.repeat(26)}`, 'nothing']) {
      const page = await get(`/f/${id}`, { Accept: 'text/html', 'Accept-Language': 'ru' });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Эта форма недоступна.');
      const json = await get(`/f/${id}`, { Accept: 'application/json' });
      expect(json.status).toBe(404);
      expect((await json.json()).error.code).toBe('form_unavailable');
    }
  });

  it('a form open only to other websites still loads and submits from its hosted page', async () => {
    const form = await f.addForm({ name: 'Shop only', allowed_origins: ['https://shop.example'], min_ms: 0 });
    const hosted = { Origin: 'http://127.0.0.1:4010' };
    const loaded = await f.load(form.id, '', { headers: hosted });
    expect(loaded.status).toBe(200);
    const submitted = await f.submit(
      form.id,
      { token: loaded.body.token, answers: { phone: '+998901234567' }, consent: true },
      { headers: hosted },
    );
    expect(submitted.status).toBe(201);
  });
});
