// The reference page that `npm run docs` renders: every operation and webhook event of the
// document has its entry in its menu, and a person would see it (screenshots from real Chromium,
// kept in test-results/).
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { HTTP_METHODS, listOperations } from '../openapi/operations.ts';
import { launchChromium } from '../support/chromium.ts';

const DOCS_PAGE = new URL('../../docs-dist/index.html', import.meta.url);
const document = loadDocument();
const operations = [
  ...listOperations(document).map((op) => op.operation),
  ...Object.values(document.webhooks ?? {}).flatMap((item) => HTTP_METHODS.flatMap((method) => (item as Record<string, any>)[method] ?? [])),
] as { operationId: string; summary?: string }[];

/**
 * Opens each area of the side menu in turn (opening one closes the others) and reads the labels
 * of the entries it shows: Redoc labels an operation by its summary.
 */
async function menuLabels(page: Page): Promise<Set<string>> {
  const labels = new Set<string>();
  const read = async () => {
    const texts: string[] = await page.$$eval('[data-testid="menu-item-label"] [data-text]', (nodes) => nodes.map((node) => node.getAttribute('data-text') ?? ''));
    texts.forEach((text) => labels.add(text));
  };
  for (const tag of document.tags ?? []) {
    await page.locator(`[data-testid="menu-item-label"]:has([data-text="${tag.name}"])`).first().click();
    await read();
  }
  return labels;
}

describe('the rendered API reference', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(DOCS_PAGE)) throw new Error('docs-dist/index.html is missing: run `npm run docs` first');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(DOCS_PAGE.href);
    await page.waitForSelector('#leads', { timeout: 30_000 });
    mkdirSync('test-results', { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the title and the areas on the first screen', async () => {
    await page.screenshot({ path: 'test-results/api-reference.png' });
    expect(await page.locator('h1').first().textContent()).toContain('CRM interface');
    const areas = await page.$$eval('[id]', (nodes) => nodes.map((node) => node.id));
    expect(areas).toEqual(expect.arrayContaining(['identity', 'leads']));
  });

  it('lists every operation and webhook event of the document in its menu', async () => {
    const shown = await menuLabels(page);
    expect(operations.length).toBeGreaterThan(120);
    expect(operations.filter((op) => !shown.has(op.summary ?? op.operationId)).map((op) => op.operationId)).toEqual([]);
  }, 90_000);

  it('opens an operation with its request and answers', async () => {
    await page.goto(`${DOCS_PAGE.href}#/leads/createlead`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'test-results/api-reference-create-lead.png' });
    expect(await page.getByText('duplicate_lead').count()).toBeGreaterThan(0);
  });
});
