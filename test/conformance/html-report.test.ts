// The HTML report a person opens in a browser: run the suite against a mock with a fault, write
// the report as `crmkit conformance --reporter html --out FILE` does, and look at it in Chromium
// (screenshots in test-results/).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlReport } from '../../conformance/report/html.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { launchChromium } from '../support/chromium.ts';

const OUT = new URL('../../test-results/', import.meta.url);
let report: Report;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const mock = createMock({ faults: ['unknown-field-as-422'] });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  try {
    report = await runConformance({ baseUrl: server.url, only: ['conventions'] });
  } finally {
    await server.close();
  }
  mkdirSync(OUT, { recursive: true });
  const file = new URL('conformance-report.html', OUT);
  writeFileSync(file, htmlReport(report));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(file.href);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the HTML report', () => {
  it('opens with the totals and a summary row for every spec part that has rules', async () => {
    await page.screenshot({ path: new URL('conformance-report-top.png', OUT).pathname });
    const parts = [...new Set(report.rules.map((rule) => rule.section.split('.')[0]))];
    const rows = await page.locator('table.summary tbody tr').count();
    expect(rows).toBe(parts.length);
    await expect(page.locator('.totals').innerText()).resolves.toMatch(new RegExp(`^${report.rules.length}\\s+rules`));
  });

  it('shows each failed rule with its section, the check that judged it, the request and the answer', async () => {
    const failedRules = report.rules.filter((rule) => rule.outcome === 'failed');
    expect(failedRules.length).toBeGreaterThan(0);
    const first = failedRules[0]!;
    const article = page.locator(`article[id="rule-${first.id}"]`);
    await article.scrollIntoViewIfNeeded();
    await page.screenshot({ path: new URL('conformance-report-failure.png', OUT).pathname });
    const text = await article.innerText();
    expect(text).toContain(`spec ${first.section}`);
    expect(text).toContain(first.check!);
    expect(text).toMatch(/→ 422/);
    expect(await page.locator('#failed').innerText()).toContain(`Failures (${failedRules.length})`);
  });

  it('filters the rule tables by result', async () => {
    await page
      .locator('details[id^="part-"]')
      .first()
      .evaluate((node) => ((node as HTMLDetailsElement).open = true));
    const passedRows = page.locator('tr[data-outcome="passed"]');
    const visibleBefore = await passedRows.evaluateAll((rows) => rows.filter((row) => !(row as HTMLElement).hidden).length);
    await page.getByLabel('passed', { exact: true }).uncheck();
    const visibleAfter = await passedRows.evaluateAll((rows) => rows.filter((row) => !(row as HTMLElement).hidden).length);
    await page.screenshot({ path: new URL('conformance-report-rules.png', OUT).pathname, fullPage: false });
    expect(visibleBefore).toBeGreaterThan(0);
    expect(visibleAfter).toBe(0);
  });
});
