// Issue 25, item 5: the pages `npm run docs` builds fetch nothing from outside. Scanned (no
// address where a browser loads one, no cdn.redoc.ly), and loaded in Chromium with every request
// but the page's own file refused: no request leaves, none fails, and the Redocly badge of the
// side menu (made inline by scripts/docs-offline.ts) is drawn, not broken. Screenshots in
// test-results/docs-offline-*.png.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalFetches } from '../../scripts/docs-offline.ts';
import { launchChromium } from '../support/chromium.ts';

const PAGES = ['index', 'control'].map((name) => ({ name, url: new URL(`../../docs-dist/${name}.html`, import.meta.url) }));

let browser: Browser;

beforeAll(async () => {
  for (const { url } of PAGES) if (!existsSync(url)) throw new Error(`${url.pathname} is missing: run \`npm run docs\` first`);
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(() => browser?.close());

describe('the built docs are offline', () => {
  it('the scan finds what a page would load from another host (so it can fail)', () => {
    expect(externalFetches('<img src="https://cdn.example/logo.svg"><style>@import "//fonts.example/a.css"</style>')).toEqual([
      'src="https://cdn.example/logo.svg', '@import "//fonts.example/a.css',
    ]);
    expect(externalFetches('x={src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:1}')).toEqual(['https://cdn.redoc.ly/redoc/logo-mini-full.svg']);
    expect(externalFetches('<a href="https://redocly.com/redoc/">API docs by</a>')).toEqual([]);
  });

  it.each(PAGES.map(({ name, url }) => [name, url] as const))('%s.html names no address it would load from another host', (_name, url) => {
    const html = readFileSync(url, 'utf8');
    expect(externalFetches(html)).toEqual([]);
    expect(html).not.toContain('cdn.redoc.ly');
  });

  it.each(PAGES.map(({ name, url }) => [name, url] as const))('%s.html in Chromium, with outside requests refused, sends none, none fails, and draws the badge', async (name, url) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const outside: string[] = [];
    const failed: string[] = [];
    await context.route('**/*', (route) => {
      const address = route.request().url();
      if (address.startsWith('file:') || address.startsWith('data:')) return route.continue();
      outside.push(address);
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.on('requestfailed', (request) => failed.push(`${request.url().slice(0, 80)}: ${request.failure()?.errorText}`));
    await page.goto(url.href);
    await page.waitForSelector('[id="section/introduction"]', { state: 'attached', timeout: 60_000 });
    const badge = page.locator('img[alt="redocly logo"]');
    await badge.waitFor({ state: 'attached', timeout: 60_000 });
    await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await badge.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/docs-offline-${name}.png` });
    expect(outside).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });
});
