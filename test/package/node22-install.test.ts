// The packed package on Node 22, the older of the two Node lines crmkit supports (package.json's
// `engines`; msw 3 needs 22.12): npm, itself run on Node 22, installs it without a warning, and
// its bin, its node:http server and its MSW face run there. Node 22 is the npm registry's `node@22` package (a Node
// binary, as the repository's own `node` devDependency is Node 24), installed once into
// node_modules/.cache and reused by later runs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, npmWarnings, packCrmkit, REPO, run, type NewProject } from './packed-project.ts';

const NODE22_CACHE = join(REPO, 'node_modules/.cache/crmkit-node22');
const NODE22_BIN = join(NODE22_CACHE, 'node_modules/.bin');

let workdir: string;
let installed: NewProject;

/** The folder holding Node 22's `node`, installed on the first run (again if what is there is not a working Node 22). */
async function node22(): Promise<string> {
  const version = await run(join(NODE22_BIN, 'node'), ['--version']).then(
    ({ stdout }) => stdout,
    () => '',
  );
  if (!version.startsWith('v22.')) {
    await rm(NODE22_CACHE, { recursive: true, force: true });
    await newProject(NODE22_CACHE, ['node@22']);
  }
  return NODE22_BIN;
}

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-node22-'));
  const [tarball, nodeBin] = await Promise.all([packCrmkit(workdir), node22()]);
  installed = await newProject(join(workdir, 'project'), [tarball, 'msw@^3'], nodeBin);
}, 300_000);

afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

/** Runs `args` with Node 22 in the project; returns stdout. */
async function onNode22(args: string[]): Promise<string> {
  return (await run(join(NODE22_BIN, 'node'), args, { cwd: installed.dir })).stdout;
}

describe('the packed package on Node 22', () => {
  it('installs without a warning, npm itself running on Node 22', async () => {
    expect(await onNode22(['--version'])).toMatch(/^v22\./);
    expect(npmWarnings(installed.installLog)).toEqual([]);
  });

  it('its bin runs', async () => {
    expect(await onNode22(['node_modules/.bin/crmkit', 'mock', '--faults'])).toContain('lead-currency-hardcoded-usd');
  });

  it("crmkit's node:http server and crmkit/msw in the project's setupServer answer", async () => {
    await writeFile(
      join(installed.dir, 'on-node22.js'),
      `
      import { setupServer } from 'msw/node';
      import { createMock, startServer } from 'crmkit';
      import { createCrmHandlers } from 'crmkit/msw';
      const server = await startServer(createMock(), { port: 0 });
      const served = await fetch(server.url + '/v1/api-keys/whoami');
      await server.close();
      const crm = createCrmHandlers();
      const msw = setupServer(...crm.handlers);
      msw.listen();
      const { apiKey } = await crm.createWorkspace({ seed: 1, seedSize: 2 });
      const response = await fetch('http://127.0.0.1:4010/v1/leads', { headers: { Authorization: 'Bearer ' + apiKey } });
      const body = await response.json();
      msw.close();
      console.log(JSON.stringify({ node: process.versions.node.split('.')[0], served: served.status, status: response.status, listed: body.data.length }));
    `,
    );
    const stdout = await onNode22(['on-node22.js']);
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ node: '22', served: 401, status: 200, listed: 2 });
  });
});
