// The comparison with an earlier run in the HTML report (`crmkit conformance --reporter html
// --compare previous.json`): the input family against a mock with the named fault
// `unknown-field-as-422`, compared with its run against a clean mock, and the other way; looked
// at in Chromium (screenshots in test-results/).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareReports } from '../../conformance/report/compare.ts';
import { htmlReport } from '../../conformance/report/html.ts';
import { jsonReport, readPreviousReport } from '../../conformance/report/json-report.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { launchChromium } from '../support/chromium.ts';

const OUT = new URL('../../test-results/', import.meta.url);
const FAULT_RULES = ['conventions.unknown-field-named', 'errors.status-400', 'errors.unknown-field'];
const dir = mkdtempSync(join(tmpdir(), 'crmkit-compare-html-'));
let cleanReport: Report;
let faultyReport: Report;
let browser: Browser;
let page: Page;

async function inputRun(faults: string[]): Promise<Report> {
  const server = await startServer(createMock({ faults }), { port: 0, host: '127.0.0.1' });
  try {
    return await runConformance({ baseUrl: server.url, only: ['conventions'] });
  } finally {
    await server.close();
  }
}

/** The report as written to a file and read back by --compare. */
function previous(report: Report, name: string) {
  const file = join(dir, name);
  writeFileSync(file, jsonReport(report));
  return readPreviousReport(file);
}

/** Opens `report`'s HTML report compared with `earlier`. */
async function open(report: Report, earlier: Report, name: string): Promise<void> {
  const file = new URL(`${name}.html`, OUT);
  writeFileSync(file, htmlReport(report, { comparison: compareReports(previous(earlier, `${name}-previous.json`), report) }));
  await page.goto(file.href);
}

beforeAll(async () => {
  cleanReport = await inputRun([]);
  faultyReport = await inputRun(['unknown-field-as-422']);
  mkdirSync(OUT, { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the HTML report compared with an earlier run', () => {
  it('opens its main part with the comparison: the gate failed, each new failure with its requests', async () => {
    await open(faultyReport, cleanReport, 'conformance-compare-regression');
    await page.screenshot({ path: new URL('conformance-compare-regression.png', OUT).pathname });
    expect(await page.locator('main > section').first().getAttribute('aria-labelledby')).toBe('comparison');
    const section = page.locator('section.comparison');
    await expect(section.locator('.gate').innerText()).resolves.toBe(
      'regression gate: failed (exit status 1): 3 rules passed before and failed now',
    );
    expect(await page.locator('header').innerText()).toContain("verdict: failed (exit status 1, the regression gate's)");
    const failures = section.locator('article');
    expect(await failures.locator('h4 code').allInnerTexts()).toEqual(FAULT_RULES);
    for (const text of await failures.allInnerTexts()) {
      expect(text).toContain('fails the gate');
      expect(text).toContain('passed before; failed now');
      expect(text).toContain('POST /v1/leads → 422');
    }
  });

  it('the other way, shows the gate passed and the rules newly passed', async () => {
    await open(cleanReport, faultyReport, 'conformance-compare-fixed');
    const section = page.locator('section.comparison');
    await section.locator('summary').first().click();
    await page.screenshot({ path: new URL('conformance-compare-fixed.png', OUT).pathname });
    await expect(section.locator('.gate').innerText()).resolves.toBe(
      'regression gate: passed (exit status 0): no rule that passed before fails now',
    );
    await expect(section.locator('summary').first().innerText()).resolves.toBe('Newly passed (3)');
    const rows = await section
      .locator('details tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows.map(([id, , , before, now]) => [id, before, now])).toEqual(FAULT_RULES.map((id) => [id, 'failed', 'passed']));
  });
});
