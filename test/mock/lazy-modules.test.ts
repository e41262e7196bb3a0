// Code loads when it is needed (issue 14). Named faults: the catalog that lists and checks their
// names is generated from the fault modules and must match them; a mock without faults loads no
// fault module; one switched on (createMock's `faults`, or the control API) loads its own module
// only, and breaks its rule from the first request. Handlers: each tag's module loads on the first
// call of one of its operations, the control API's on the first control request.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FAULT_CATALOG_FILES, renderFaultCatalog } from '../../scripts/render-fault-catalog.ts';
import { FAULT_CATALOG } from '../../src/faults/index.ts';
import { FAULT_MODULES } from '../../src/faults/fault-modules.ts';
import { createApi } from '../../src/http/api.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { createMock } from '../../src/mock.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
/** The fault modules, by their path under src/faults/ (`areas/<area>-<topic>`, `hunt-faults`). */
const FAULT_FILES = Object.keys(FAULT_MODULES)
  .map((module) => module.replaceAll('/', String.raw`\/`))
  .join('|');
/** The modules loaded on demand: fault bodies, each tag's handlers, the control API's handlers. */
const ON_DEMAND = String.raw`/\/src\/(faults\/(${FAULT_FILES})|resources\/\w+\/handlers|oauth\/handlers|control\/index)\.ts$/`;

type Loaded = { modules: string[]; answers: { status: number; requestId: string | null; modules: string[] }[] };

/**
 * In a fresh process: makes a mock with \`faults\` and a workspace, sends \`paths\` in turn (with the
 * owner's key), and says which on-demand modules were loaded before the first request and after each answer.
 */
async function modulesLoaded(faults: string[], paths: string[]): Promise<Loaded> {
  const script = `
    import { registerHooks } from 'node:module';
    const modules = [];
    registerHooks({ load(url, context, next) { if (${ON_DEMAND}.test(url)) modules.push(url.replace(/.*\\/src\\//, '')); return next(url, context); } });
    const { createMock } = await import('./src/mock.ts');
    const { createWorkspace } = await import('./src/workspaces/create-workspace.ts');
    const mock = createMock({ faults: ${JSON.stringify(faults)} });
    const { ownerKey } = await createWorkspace(mock.state, {});
    const before = [...modules];
    const answers = [];
    for (const path of ${JSON.stringify(paths)}) {
      const response = await mock.handle(new Request('http://127.0.0.1:4010' + path, { headers: { Authorization: 'Bearer ' + ownerKey.key } }));
      answers.push({ status: response.status, requestId: response.headers.get('x-request-id'), modules: [...modules] });
    }
    console.log(JSON.stringify({ modules: before, answers }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return JSON.parse(stdout);
}

describe('handlers', () => {
  it('of a tag load on the first call of one of its operations, the control API on the first control request', async () => {
    const { modules, answers } = await modulesLoaded([], ['/v1/api-keys/whoami', '/v1/leads', '/v1/leads?limit=1', '/_mock/workspaces']);
    expect(modules).toEqual([]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.modules)).toEqual([
      ['resources/identity/handlers.ts'],
      ['resources/identity/handlers.ts', 'resources/leads/handlers.ts'],
      ['resources/identity/handlers.ts', 'resources/leads/handlers.ts'],
      ['resources/identity/handlers.ts', 'resources/leads/handlers.ts', 'control/index.ts'],
    ]);
  });

  it('of a tag that failed to load load again on the next call', async () => {
    let calls = 0;
    const api = createApi(loadDocument('crm'), async () => {
      calls += 1;
      if (calls === 1) throw new Error('the chunk was lost on the way');
      return { getWhoami: () => ({ body: {} }) };
    });
    const whoAmI = api.operations.get('getWhoami')!;
    await expect(api.handlerOf(whoAmI)).rejects.toThrow('lost on the way');
    expect(await api.handlerOf(whoAmI)).toBeTypeOf('function');
    expect(await api.handlerOf(whoAmI)).toBeTypeOf('function');
    expect(calls).toBe(2);
  });

  it('without an operation in the document are refused when their module loads', async () => {
    const api = createApi(loadDocument('crm'), async () => ({ renamedOperation: () => ({}) }));
    await expect(api.handlerOf(api.operations.get('getWhoami')!)).rejects.toThrow('renamedOperation');
  });
});

describe('named faults', () => {
  it('are listed by a catalog generated from their modules (npm run fault-catalog)', async () => {
    const fresh = await renderFaultCatalog();
    expect(readFileSync(FAULT_CATALOG_FILES.catalog, 'utf8')).toBe(fresh.catalog);
    expect(readFileSync(FAULT_CATALOG_FILES.descriptions, 'utf8')).toBe(fresh.descriptions);
    expect(new Set(FAULT_CATALOG.map((fault) => fault.name)).size).toBe(FAULT_CATALOG.length);
  });

  it('are not loaded by a mock that has none on', async () => {
    const { modules, answers } = await modulesLoaded([], ['/v1/api-keys/whoami']);
    expect(modules).toEqual([]);
    expect(answers[0]!.modules.filter((module) => module.startsWith('faults/'))).toEqual([]);
    expect(answers[0]!.requestId).toMatch(/\S/);
  });

  it('load their own module only when named in createMock, and apply from the first request', async () => {
    const { answers } = await modulesLoaded(['no-request-id'], ['/v1/api-keys/whoami']);
    expect(answers[0]!.modules.filter((module) => module.startsWith('faults/'))).toEqual(['faults/areas/errors-answers.ts']);
    expect(answers[0]!.requestId).toBeNull();
  });

  it('switched on through the control API apply to the next request', async () => {
    const mock = createMock();
    const before = await mock.handle(new Request('http://127.0.0.1:4010/v1/leads'));
    expect(before.headers.get('x-request-id')).toMatch(/\S/);
    const set = await mock.handle(
      new Request('http://127.0.0.1:4010/_mock/faults', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ on: ['no-request-id'] }),
      }),
    );
    expect(set.status).toBe(200);
    const listed = (await set.json()).data.find((fault: { name: string }) => fault.name === 'no-request-id');
    expect(listed).toMatchObject({ area: 'errors', on: true });
    const after = await mock.handle(new Request('http://127.0.0.1:4010/v1/leads'));
    expect(after.status).toBe(401);
    expect(after.headers.get('x-request-id')).toBeNull();
  });
});
