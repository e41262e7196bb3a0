// Named faults load when switched on (issue 14): the catalog that lists and checks their names is
// generated from the fault modules and must match them; a mock without faults loads no fault
// module; one switched on (createMock's `faults`, or the control API) loads its own module only,
// and breaks its rule from the first request.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FAULT_CATALOG_FILE, renderFaultCatalog } from '../../scripts/render-fault-catalog.ts';
import { FAULT_CATALOG } from '../../src/faults/index.ts';
import { createMock } from '../../src/mock.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The fault modules a fresh process loads while it makes a mock with `faults` and has it answer one request. */
async function faultModulesLoaded(faults: string[]): Promise<{ modules: string[]; requestId: string | null }> {
  const script = `
    import { registerHooks } from 'node:module';
    const modules = [];
    registerHooks({ load(url, context, next) { if (/\\/src\\/faults\\/[\\w-]+-faults\\.ts$/.test(url)) modules.push(url.replace(/.*\\//, '')); return next(url, context); } });
    const { createMock } = await import('./src/mock.ts');
    const mock = createMock({ faults: ${JSON.stringify(faults)} });
    const response = await mock.handle(new Request('http://127.0.0.1:4010/v1/leads'));
    console.log(JSON.stringify({ modules, requestId: response.headers.get('x-request-id') }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return JSON.parse(stdout);
}

describe('named faults', () => {
  it('are listed by a catalog generated from their modules (npm run fault-catalog)', async () => {
    expect(readFileSync(FAULT_CATALOG_FILE, 'utf8')).toBe(await renderFaultCatalog());
    expect(new Set(FAULT_CATALOG.map((fault) => fault.name)).size).toBe(FAULT_CATALOG.length);
  });

  it('are not loaded by a mock that has none on', async () => {
    const { modules, requestId } = await faultModulesLoaded([]);
    expect(modules).toEqual([]);
    expect(requestId).toMatch(/\S/);
  });

  it('load their own module only when named in createMock, and apply from the first request', async () => {
    const { modules, requestId } = await faultModulesLoaded(['no-request-id']);
    expect(modules).toEqual(['response-faults.ts']);
    expect(requestId).toBeNull();
  });

  it('switched on through the control API apply to the next request', async () => {
    const mock = createMock();
    const before = await mock.handle(new Request('http://127.0.0.1:4010/v1/leads'));
    expect(before.headers.get('x-request-id')).toMatch(/\S/);
    const set = await mock.handle(new Request('http://127.0.0.1:4010/_mock/faults', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ on: ['no-request-id'] }) }));
    expect(set.status).toBe(200);
    const listed = (await set.json()).data.find((fault: { name: string }) => fault.name === 'no-request-id');
    expect(listed).toMatchObject({ family: 'responses', on: true });
    const after = await mock.handle(new Request('http://127.0.0.1:4010/v1/leads'));
    expect(after.status).toBe(401);
    expect(after.headers.get('x-request-id')).toBeNull();
  });
});
