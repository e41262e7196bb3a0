// `node bench/browser-first-answer.ts`: how long after navigation a page gets its first answer
// from crmkit's handlers in msw's `setupWorker` (bench/browser-page.ts), in Debian's headless
// Chromium: the page, its script (built as an app's bundler builds it, app-build.ts: the chunks
// loaded on the first call of a route come in as the page needs them) and msw's worker come from
// a local node:http server. Prints JSON: the median of RUNS fresh browser contexts, and when
// the script began to run and each step ended (browser-page.ts). Target (issue 14): under 400 ms.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../test/support/chromium.ts';
import { buildAsAnApp } from './app-build.ts';
import type { FirstAnswer } from './browser-page.ts';

const RUNS = 5;
const [app, worker] = await Promise.all([
  buildAsAnApp(new URL('./browser-page.ts', import.meta.url)),
  readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8'),
]);
// The entry, and a modulepreload link for each chunk it imports, as vite's build of an app's page writes them.
const preloads = [...app.atNavigation].filter((name) => name !== app.entryFile).map((name) => `<link rel="modulepreload" href="/${name}">`);
const PAGE = `<!doctype html><html><head><meta charset="utf-8">${preloads.join('')}<script type="module" src="/${app.entryFile}"></script></head><body></body></html>`;
const files: Record<string, [string, string]> = {
  '/': ['text/html; charset=utf-8', PAGE],
  '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
};
for (const [name, chunk] of app.chunks) files[`/${name}`] = ['text/javascript; charset=utf-8', chunk.code];
const scriptBytes = [...app.atNavigation].reduce((sum, name) => sum + Buffer.byteLength(app.chunks.get(name)!.code), 0);
const server = createServer((request, response) => {
  const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
  response.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain', 'Cache-Control': 'no-store' });
  response.end(file?.[1] ?? '');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
try {
  const runs: FirstAnswer[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    runs.push(await page.evaluate(() => window.crmkitFirstAnswer!));
    await context.close();
  }
  if (runs.some((run) => run.status !== 200)) throw new Error(`a first answer was not 200: ${JSON.stringify(runs)}`);
  const median = (key: Exclude<keyof FirstAnswer, 'status'>) => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const steps = {
    scriptStartMs: median('scriptStartMs'),
    handlersMs: median('handlersMs'),
    workerMs: median('workerMs'),
    workspaceMs: median('workspaceMs'),
  };
  console.log(JSON.stringify({ firstAnswerMs: median('ms'), ...steps, scriptBytes }));
} finally {
  await browser.close();
  server.close();
}
