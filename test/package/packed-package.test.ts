// The package as its users get it: built and packed (`npm run package`), then installed into a new
// project, where it lives under node_modules and Node strips no types. It installs without a
// warning, its bin answers, each export loads and works, and its declarations type-check a consumer's code.
import { globSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_MODULES } from '../../src/faults/fault-modules.ts';
import { withCrmkitMock } from '../support/crmkit-process.ts';
import { newProject, npmWarnings, packCrmkit, REPO, run, TSC, type NewProject } from './packed-project.ts';

/**
 * The file names of the fault modules (`areas/<area>-<topic>`, `hunt-faults`, without their folder), as
 * their chunks under dist/bundle/ are named: those that another module of src/ shares (a chunk of
 * src/resources/records/members.ts is `members-<hash>.js` too) are told apart under dist/src/faults/ only.
 */
const OTHER_NAMES = new Set(globSync('src/**/*.ts', { cwd: REPO, exclude: ['src/faults/**'] }).map((path) => basename(path, '.ts')));
const FAULT_NAMES = Object.keys(FAULT_MODULES).map((module) => basename(module));
const FAULT_FILES = FAULT_NAMES.join('|');
const FAULT_CHUNKS = FAULT_NAMES.filter((name) => !OTHER_NAMES.has(name)).join('|');

let workdir: string;
let project: string;
let installed: NewProject;

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-package-'));
  const tarball = await packCrmkit(workdir);
  // msw is the project's own (crmkit's is an optional peer): the handlers must come from the same msw as setupServer.
  installed = await newProject(join(workdir, 'project'), [tarball, 'msw@^3', '@types/node@^24']);
  project = installed.dir;
}, 300_000);

afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

/** Runs a module of the project with this test's Node, and parses the JSON line it prints. */
async function runInProject(file: string, source: string): Promise<any> {
  await writeFile(join(project, file), source);
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

describe('the packed package, installed in a new project', () => {
  it('installs on Node 24 without a warning (a prepare script in its package.json would make npm 11 warn)', () => {
    expect(npmWarnings(installed.installLog)).toEqual([]);
  });

  it('ships a package.json without the development scripts and dependencies', async () => {
    const keys = Object.keys(JSON.parse(await readFile(join(project, 'node_modules/crmkit/package.json'), 'utf8')));
    expect(keys).toEqual(expect.arrayContaining(['name', 'version', 'exports', 'bin', 'dependencies', 'peerDependencies']));
    for (const developmentOnly of ['scripts', 'devDependencies', 'allowScripts']) expect(keys).not.toContain(developmentOnly);
  });

  it('ships the build and no TypeScript sources', async () => {
    const shipped = await readdir(join(project, 'node_modules/crmkit'));
    expect(shipped.sort()).toEqual(['README.md', 'bin', 'dist', 'package.json']);
  });

  it("ships no second copy of what its bundle holds: vendored packages, runtime documents, seed 1's tape", () => {
    const dist = join(project, 'node_modules/crmkit/dist');
    const copies = globSync(['vendor/*.js', '**/*.runtime.json', 'src/seed/generated/*', 'src/resources/leads/*.js'], { cwd: dist });
    expect(copies).toEqual([]);
    // The licences of what is bundled stay, and so do the full documents the package exports.
    expect(globSync('vendor/*.LICENSE', { cwd: dist }).length).toBeGreaterThan(3);
    expect(globSync('openapi/dist/*.json', { cwd: dist }).sort()).toEqual(['openapi/dist/crm.json', 'openapi/dist/mock-control.json']);
  });

  it('crmkit mock from node_modules/.bin answers whoami with the key it prints, and serves the inspector page and its files', async () => {
    await withCrmkitMock(
      [],
      async (url, key) => {
        const response = await fetch(`${url}/v1/api-keys/whoami`, { headers: { Authorization: `Bearer ${key}` } });
        expect(response.status).toBe(200);
        const pageFiles = await readdir(join(REPO, 'src/inspector/page'));
        for (const path of ['/_mock/ui', ...pageFiles.filter((name) => name !== 'index.html').map((name) => `/_mock/ui/${name}`)]) {
          expect((await fetch(`${url}${path}`)).status, path).toBe(200);
        }
      },
      join(project, 'node_modules/crmkit/bin/crmkit.js'),
    );
  });

  it("crmkit/msw serves the project's setupServer", async () => {
    const answer = await runInProject(
      'msw-user.js',
      `
      import { setupServer } from 'msw/node';
      import { createCrmHandlers } from 'crmkit/msw';
      const crm = createCrmHandlers();
      const server = setupServer(...crm.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const { apiKey, tables } = await crm.createWorkspace({ seed: 1, seedSize: 3 });
      const response = await fetch('http://127.0.0.1:4010/v1/leads', { headers: { Authorization: 'Bearer ' + apiKey } });
      const body = await response.json();
      server.close();
      console.log(JSON.stringify({ status: response.status, listed: body.data.length, stored: tables.leads.size }));
    `,
    );
    expect(answer).toEqual({ status: 200, listed: 3, stored: 3 });
  });

  it('crmkit/msw starts without loading its own modules, es-toolkit, Ajv or @msw/data module by module (dist/bundle and dist/vendor join them) or a fault, and still validates', async () => {
    const answer = await runInProject(
      'start-modules.js',
      `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      const { createCrmHandlers } = await import('crmkit/msw');
      const crm = createCrmHandlers();
      const { apiKey } = await crm.createWorkspace();
      const response = await crm.mock.handle(new Request('http://127.0.0.1:4010/v1/leads', {
        method: 'POST', headers: { Authorization: 'Bearer ' + apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Lead', amount: 'many' }),
      }));
      const within = (name) => loaded.filter((url) => url.includes('/node_modules/' + name + '/')).length;
      console.log(JSON.stringify({
        status: response.status, fields: (await response.json()).error.fields,
        esToolkit: within('es-toolkit'), ajv: within('ajv'), ajvFormats: within('ajv-formats'), mswData: within('@msw/data'),
        own: loaded.filter((url) => url.includes('/node_modules/crmkit/dist/')).length,
        // A fault module under dist/src/faults/, or its chunk under dist/bundle/ (scripts/bundle-entries.ts).
        faults: loaded
          .filter((url) => /\\/src\\/faults\\/(areas\\/)?(${FAULT_FILES})\\.js$/.test(url) || /\\/bundle\\/(${FAULT_CHUNKS})-[\\w-]{8}\\.js$/.test(url))
          .map((url) => url.replace(/.*\\/dist\\//, '')),
      }));
    `,
    );
    // A value of the wrong type is a 400 bad_json naming the field (spec 2.1).
    const { own, ...rest } = answer;
    expect(rest).toEqual({
      status: 400,
      fields: { amount: 'must be integer' },
      esToolkit: 0,
      ajv: 0,
      ajvFormats: 0,
      mswData: 0,
      faults: [],
    });
    // The entry, its bundle, the chunks it shares with the other entries, and those of the Leads
    // handlers this request loads (http/api.ts): 40 when this was written, against 300 and more module by module.
    expect(own).toBeGreaterThan(1);
    expect(own).toBeLessThan(60);
  });

  it("crmkit/msw sends a webhook: the sender loads by its path from load-sender's own module, which the bundle keeps", async () => {
    const answer = await runInProject(
      'webhook-user.js',
      `
      import { createServer } from 'node:http';
      import { createCrmHandlers } from 'crmkit/msw';
      const received = [];
      const receiver = createServer((request, response) => { received.push(request.headers['content-type']); response.end(); });
      await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const crm = createCrmHandlers({ allowPrivateWebhooks: true });
      const { apiKey } = await crm.createWorkspace();
      const post = (path, body) => crm.mock.handle(new Request('http://127.0.0.1:4010' + path, {
        method: 'POST', headers: { Authorization: 'Bearer ' + apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      }));
      const url = 'http://127.0.0.1:' + receiver.address().port + '/hook';
      const statuses = [(await post('/v1/webhooks', { name: 'Hook', url, events: ['lead.created'] })).status, (await post('/v1/leads', { name: 'Lead' })).status];
      // Waits for the delivery (a loaded machine may take seconds); the test's own limit stops a hang.
      while (!received.length) await new Promise((resolve) => setTimeout(resolve, 50));
      receiver.close();
      console.log(JSON.stringify({ statuses, received }));
      process.exit(0);
    `,
    );
    expect(answer).toEqual({ statuses: [201, 201], received: ['application/json'] });
  });

  it('crmkit, crmkit/conformance, crmkit/scenarios and crmkit/openapi.json load and run', async () => {
    const answer = await runInProject(
      'library-user.js',
      `
      import { createMock, startServer } from 'crmkit';
      import { runConformance } from 'crmkit/conformance';
      import { loadScenario, runScenarios } from 'crmkit/scenarios';
      import document from 'crmkit/openapi.json' with { type: 'json' };
      const mock = createMock({ allowPrivateWebhooks: true });
      const server = await startServer(mock, { port: 0 });
      const report = await runConformance({ baseUrl: server.url, only: ['errors'] });
      const story = loadScenario('node_modules/crmkit/dist/scenarios/lead-won-with-stage-moves.yaml');
      const stories = await runScenarios([story], { baseUrl: server.url });
      await server.close();
      console.log(JSON.stringify({
        openapi: document.openapi,
        checks: report.results.length,
        failed: report.results.filter((result) => result.outcome === 'failed').map((result) => result.id + ': ' + result.message),
        story: stories.scenarios[0].outcome,
      }));
    `,
    );
    expect(answer).toMatchObject({ openapi: '3.1.0', failed: [], story: 'passed' });
    expect(answer.checks).toBeGreaterThan(0);
  });

  it("its declarations type-check an integrator's code, and catch a wrong field", async () => {
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] } }),
    );
    const consumer = (leadLine: string) => `
      import { createCrmHandlers, type CrmWorkspace } from 'crmkit/msw';
      import type { CrmSchemas } from 'crmkit';
      const crm = createCrmHandlers();
      export const ready: Promise<CrmWorkspace> = crm.createWorkspace();
      ${leadLine}
    `;
    await writeFile(join(project, 'consumer.ts'), consumer(`export const amount: CrmSchemas['schemas']['Lead']['amount'] = 1000;`));
    await run(process.execPath, [TSC, '-p', '.'], { cwd: project });
    await writeFile(join(project, 'consumer.ts'), consumer(`export const amount: CrmSchemas['schemas']['Lead']['amount'] = 'a thousand';`));
    await expect(run(process.execPath, [TSC, '-p', '.'], { cwd: project })).rejects.toMatchObject({
      stdout: expect.stringContaining('consumer.ts'),
    });
  }, 90_000); // two runs of tsc over the package's declarations: 6 s alone, over 20 s beside other test files
});
