// The pages that `npm run docs` renders, as a person sees them in real Chromium (screenshots in
// test-results/): the guide in front of the reference (docs-dist/index.html), every operation and
// webhook event of the document in its menu, an operation with its own error codes, and the
// mock's control API on its own page (docs-dist/control.html), each page linking to the other.
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/spec/document.ts';
import { HTTP_METHODS, listOperations } from '../openapi/operations.ts';
import { launchChromium } from '../support/chromium.ts';

const DOCS_PAGE = new URL('../../docs-dist/index.html', import.meta.url);
const CONTROL_PAGE = new URL('../../docs-dist/control.html', import.meta.url);
const document = loadDocument();
const control = loadDocument('mock-control');
const operations = [
  ...listOperations(document).map((op) => op.operation),
  ...Object.values(document.webhooks ?? {}).flatMap((item) => HTTP_METHODS.flatMap((method) => (item as Record<string, any>)[method] ?? [])),
] as { operationId: string; summary?: string }[];

const GUIDE_SECTIONS = [
  'Introduction', 'Credentials and scopes', 'Ids and record numbers', 'Paging', 'Errors and languages', 'Limits',
  'Receiving webhooks', 'OAuth for apps', 'Forms and the widget', 'The control API of the mock',
];

const menuTexts = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid="menu-item-label"] [data-text]', (nodes) => nodes.map((node) => node.getAttribute('data-text') ?? ''));

/**
 * Opens each area of the side menu in turn (opening one closes the others) and reads the labels
 * of the entries it shows: Redoc labels an operation by its summary.
 */
async function menuLabels(page: Page, tags: { name: string }[]): Promise<Set<string>> {
  const labels = new Set<string>();
  for (const tag of tags) {
    const area = page.locator(`[data-testid="menu-item-label"]:has([data-text="${tag.name}"])`).first();
    await area.scrollIntoViewIfNeeded();
    await area.click();
    // The area's entries appear after the click: read until two readings agree.
    let before = -1;
    for (let reading = 0; reading < 20; reading++) {
      const texts = await menuTexts(page);
      texts.forEach((text) => labels.add(text));
      if (texts.length === before) break;
      before = texts.length;
      await page.waitForTimeout(100);
    }
  }
  return labels;
}

async function open(page: Page, url: URL, hash = ''): Promise<void> {
  await page.goto(`${url.href}${hash}`);
  await page.waitForSelector('[id="section/introduction"]', { state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(hash ? 800 : 300);
}

/** Where the element of this id is, in pixels from the top of the window (0 to 60: in view at the top). */
const topOf = (page: Page, id: string): Promise<number | undefined> => page.evaluate((id) => window.document.getElementById(id)?.getBoundingClientRect().top, id);

describe('the rendered guide and API reference', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    for (const file of [DOCS_PAGE, CONTROL_PAGE]) if (!existsSync(file)) throw new Error(`${file.pathname} is missing: run \`npm run docs\` first`);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the guide: the title, its introduction, and the guide\'s sections first in the menu', async () => {
    await open(page, DOCS_PAGE);
    await page.screenshot({ path: 'test-results/api-reference.png' });
    expect(await page.locator('h1').first().textContent()).toContain('CRM interface');
    expect(await page.getByText('The interface lives on three origins').count()).toBe(1);
    const menu = await menuTexts(page);
    const firstArea = menu.indexOf(document.tags![0]!.name);
    expect(GUIDE_SECTIONS.map((section) => menu.indexOf(section))).toEqual(GUIDE_SECTIONS.map((_section, index) => menu.indexOf(GUIDE_SECTIONS[0]!) + index));
    expect(menu.indexOf('The control API of the mock')).toBeLessThan(firstArea);
  });

  it('a link of the guide lands on its section', async () => {
    await open(page, DOCS_PAGE, '#/section/credentials-and-scopes');
    await page.screenshot({ path: 'test-results/guide-credentials.png' });
    await page.locator('a[href="#/section/oauth-for-apps"]').first().click();
    await page.waitForTimeout(800);
    expect(page.url()).toContain('#/section/oauth-for-apps');
    expect(await topOf(page, 'section/oauth-for-apps')).toBeLessThan(60);
    await page.screenshot({ path: 'test-results/guide-oauth.png' });
  });

  it('shows the signature recipes whole: code keeps its indentation and parentheses', async () => {
    await open(page, DOCS_PAGE, '#/section/receiving-webhooks/verifying-signatures');
    await page.screenshot({ path: 'test-results/guide-verifying-signatures.png' });
    const code = await page.$$eval('pre', (nodes) => nodes.map((node) => (node as HTMLElement).innerText));
    expect(code.some((text) => text.includes("const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();"))).toBe(true);
    expect(code.some((text) => text.includes('            parts[key.strip()] = value.strip()'))).toBe(true);
    expect(code.some((text) => text.includes("    return hash_equals($expected, $v1);"))).toBe(true);
    // The code is as wide as the page: no line of the recipes is cut off at the right.
    const cut = await page.$$eval('pre', (nodes) => nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent?.slice(0, 60)));
    expect(cut).toEqual([]);
  });

  it('lists every operation and webhook event of the document in its menu', async () => {
    await open(page, DOCS_PAGE);
    const shown = await menuLabels(page, document.tags ?? []);
    expect(operations.length).toBeGreaterThan(120);
    expect(operations.filter((op) => !shown.has(op.summary ?? op.operationId)).map((op) => op.operationId)).toEqual([]);
  });

  it('opens an operation with its request and answers, and only its own error codes', async () => {
    await open(page, DOCS_PAGE, '#/leads/createlead');
    await page.screenshot({ path: 'test-results/api-reference-create-lead.png' });
    const conflict = page.locator('button', { hasText: /^409$/ }).first();
    await conflict.click();
    await conflict.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/api-reference-create-lead-409.png' });
    expect(await page.getByText('DuplicateLeadError').count()).toBeGreaterThan(0);
    expect(await page.getByText('TaskNotOpenError').count()).toBe(0);
    expect(await page.getByText('duplicate_lead').count()).toBeGreaterThan(0);
    expect(await page.getByText(/\(spec \d/).count()).toBe(0);
  });

  it('renders the control API on its own page, with its introduction, every operation, and links both ways', async () => {
    await open(page, DOCS_PAGE, '#/section/the-control-api-of-the-mock');
    await page.locator('a[href="control.html"]').first().click();
    await page.waitForSelector('[id="section/the-clock"]', { state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/control-api.png' });
    expect(page.url()).toContain('control.html');
    expect(await page.locator('h1').first().textContent()).toContain('control API');
    const menu = await menuTexts(page);
    expect(menu).toEqual(expect.arrayContaining(['The clock', 'The request journal', 'Failures on demand', 'Faults', 'Saving a workspace']));
    const shown = await menuLabels(page, control.tags ?? []);
    const controlOperations = listOperations(control).map((op) => op.operation as { operationId: string; summary?: string });
    expect(controlOperations.filter((op) => !shown.has(op.summary ?? op.operationId)).map((op) => op.operationId)).toEqual([]);
    await open(page, CONTROL_PAGE, '#/section/the-clock');
    await page.screenshot({ path: 'test-results/control-api-clock.png' });
    expect(await page.locator('a[href="index.html"]').count()).toBeGreaterThan(0);
  });
});
