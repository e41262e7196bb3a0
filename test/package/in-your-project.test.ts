// The README's "In your project" as an integrator follows it: a new project installs the packed
// crmkit with msw, vitest, happy-dom and vite from the npm registry; the README's vitest config and
// test run there with vitest on Node 24; a Vite app (test/package/fixtures/vite-app) built on the
// README's src/mocks.ts is served by a plain node:http server and opened in Chromium, where msw's
// worker answers the app's API calls while the app's own script chunk, stylesheet and image still
// come from its server.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { newProject, npmWarnings, packCrmkit, run, type NewProject } from './packed-project.ts';
import { readmeFiles } from './readme-files.ts';

const VITE_APP = fileURLToPath(new URL('./fixtures/vite-app', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

let workdir: string;
let installed: NewProject;
let project: string;

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-in-your-project-'));
  const tarball = await packCrmkit(workdir);
  installed = await newProject(join(workdir, 'project'), [tarball, 'msw@^3', 'vitest@^5', 'happy-dom@^21', 'vite@^8']);
  project = installed.dir;
  for (const [name, code] of readmeFiles()) {
    await mkdir(dirname(join(project, name)), { recursive: true });
    await writeFile(join(project, name), code);
  }
}, 300_000);

afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

describe("the README's In your project", () => {
  it('shows a vitest config, a test and the browser setup, each named', () => {
    expect([...readmeFiles().keys()]).toEqual(['vitest.config.ts', 'leads.test.ts', 'src/mocks.ts']);
  });

  it('installs crmkit with msw, vitest, happy-dom and vite without a warning', () => {
    expect(npmWarnings(installed.installLog)).toEqual([]);
  });

  it('its test passes with vitest and happy-dom in the project, on Node 24', async () => {
    const output = join(workdir, 'vitest-report.json');
    // This test's Node (the repository's node@24) runs the project's vitest, and vitest's workers.
    await run(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter', 'json', '--outputFile', output], {
      cwd: project,
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
      timeout: 60_000,
    });
    const report = JSON.parse(await readFile(output, 'utf8'));
    expect(report.testResults.map((file: { name: string }) => file.name)).toEqual([join(project, 'leads.test.ts')]);
    expect(report).toMatchObject({ numTotalTests: 1, numPassedTests: 1, success: true });
  });
});

describe('a Vite app on its browser setup, in Chromium', () => {
  let server: Server;
  let browser: Browser;
  /** `METHOD /path status` of every request the app's server saw. */
  const served: string[] = [];

  beforeAll(async () => {
    await cp(VITE_APP, project, { recursive: true });
    const bin = (name: string) => join(project, 'node_modules/.bin', name);
    // As the README says (`npx msw init public/ --save`); without a terminal, msw would wait for an answer without --save.
    await run(bin('msw'), ['init', 'public/', '--save'], { cwd: project, timeout: 30_000 });
    await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: project, timeout: 60_000 });
    server = await serveStatic(join(project, 'dist'), served);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it("answers the app's API calls from the worker while its own script, stylesheet and image load from its server", async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await browser.newPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
    await page.goto(`${origin}/`);
    const result = await page
      .waitForFunction(() => (window as any).appResult, undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue());
    const diagnostics = `page console:\n${logs.join('\n')}\nserved: ${served.join(', ')}`;

    expect(result, diagnostics).toEqual({
      status: 200,
      requestId: expect.stringMatching(/^req_/),
      controlled: true,
      shown: 3,
      logoWidth: 24,
      listStyle: 'square',
    });
    // The API calls never reached the app's server; the chunk, its stylesheet and the image, asked for once the worker ran, did.
    expect(
      served.filter((line) => line.includes('/v1/')),
      diagnostics,
    ).toEqual([]);
    const built = await readdir(join(project, 'dist/assets'));
    const ownAssets = [/^show-leads-.+\.js$/, /^show-leads-.+\.css$/, /^logo-.+\.svg$/].map(
      (name) => `GET /assets/${built.find((file) => name.test(file))} 200`,
    );
    const workerServed = served.indexOf('GET /mockServiceWorker.js 200');
    expect(workerServed, diagnostics).toBeGreaterThan(-1);
    for (const asset of ownAssets) expect(served.indexOf(asset), `${asset}\n${diagnostics}`).toBeGreaterThan(workerServed);
    await page.close();
  });
});

/** A node:http server of `root`'s files, logging `METHOD /path status` into `served`. */
async function serveStatic(root: string, served: string[]): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://placeholder').pathname;
    const file = join(root, normalize(path === '/' ? '/index.html' : path));
    const body = request.method === 'GET' && file.startsWith(root) ? await readFile(file).catch(() => undefined) : undefined;
    served.push(`${request.method} ${path} ${body ? 200 : 404}`);
    response.writeHead(body ? 200 : 404, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    response.end(body ?? 'not served by the app server');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
