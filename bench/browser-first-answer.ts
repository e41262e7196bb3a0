// `node bench/browser-first-answer.ts`: how long after navigation a page gets its first answer
// from crmkit's handlers in msw's `setupWorker` (bench/browser-page.ts), in Debian's headless
// Chromium: the page, its script (bundled as the browser tests bundle it) and msw's worker come
// from a local node:http server. Prints JSON: the median of RUNS fresh browser contexts, and when
// the script began to run. Target (issue 14): under 400 ms.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { bundleForBrowser } from '../test/support/browser-bundle.ts';
import { launchChromium } from '../test/support/chromium.ts';

const RUNS = 5;
const PAGE = '<!doctype html><html><head><meta charset="utf-8"><script src="/page.js"></script></head><body></body></html>';

const [script, worker] = await Promise.all([
  bundleForBrowser(new URL('./browser-page.ts', import.meta.url)),
  readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8'),
]);
const files: Record<string, [string, string]> = {
  '/': ['text/html; charset=utf-8', PAGE],
  '/page.js': ['text/javascript; charset=utf-8', script],
  '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
};
const server = createServer((request, response) => {
  const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
  response.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain', 'Cache-Control': 'no-store' });
  response.end(file?.[1] ?? '');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
try {
  const runs: { status: number; ms: number; scriptStartMs: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    runs.push(await page.evaluate(() => window.crmkitFirstAnswer!));
    await context.close();
  }
  if (runs.some((run) => run.status !== 200)) throw new Error(`a first answer was not 200: ${JSON.stringify(runs)}`);
  const median = (key: 'ms' | 'scriptStartMs') => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  console.log(JSON.stringify({ firstAnswerMs: median('ms'), scriptStartMs: median('scriptStartMs'), scriptBytes: Buffer.byteLength(script) }));
} finally {
  await browser.close();
  server.close();
}
