// `crmkit conformance` from the command line, and the faults switch of the control API.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { loadCatalog } from '../../conformance/rules/catalog.ts';
import { call } from '../support/mock-client.ts';
import { withCrmkitMock } from '../support/crmkit-process.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;

let mock: Mock;
let server: RunningServer;
beforeAll(async () => {
  mock = createMock();
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe('crmkit conformance', () => {
  it('against a clean mock exits 0 and writes JUnit with every area it ran', async () => {
    const { stdout } = await run(process.execPath, [
      bin,
      'conformance',
      '--base-url',
      server.url,
      '--reporter',
      'junit',
      '--only',
      'auth,errors',
    ]);
    expect(stdout).toContain('<testsuite name="auth"');
    expect(stdout).toContain('<testsuite name="errors"');
    expect(stdout).not.toContain('<failure');
  });

  it('against a mock with a fault exits 1 and names the failing check', async () => {
    await call(mock, 'PUT', '/_mock/faults', { body: { on: ['unknown-field-as-422'] } });
    try {
      await run(process.execPath, [bin, 'conformance', '--base-url', server.url, '--only', 'conventions']);
      expect.unreachable('the run should have failed');
    } catch (error: any) {
      expect(error.code).toBe(1);
      expect(error.stdout).toContain('conventions.unknown-field');
    } finally {
      await call(mock, 'PUT', '/_mock/faults', { body: { on: [] } });
    }
  });
});

describe('crmkit conformance against `crmkit mock --control-token`', () => {
  it('passes an area with --control-token, every control call sending the token', async () => {
    const token = 'conformance-cli-control-token';
    await withCrmkitMock(['--control-token', token], async (url) => {
      const { stdout } = await run(process.execPath, [
        bin,
        'conformance',
        '--base-url',
        url,
        '--control-token',
        token,
        '--reporter',
        'junit',
        '--only',
        'auth',
      ]);
      expect(stdout).toContain('<testsuite name="auth"');
      // The area provisions its keys and workspaces through the control API: skipped checks would mean the token was not sent.
      expect(stdout).not.toMatch(/<failure|needs the control API/);
    });
  });
});

describe('crmkit conformance --list-rules', () => {
  it('prints the catalog as JSON: each rule with its id, section, sentence and checks', async () => {
    const { stdout } = await run(process.execPath, [bin, 'conformance', '--list-rules', '--reporter', 'json']);
    const { rules } = JSON.parse(stdout);
    expect(rules.length).toBe(loadCatalog().length);
    for (const rule of rules) expect(Object.keys(rule)).toEqual(expect.arrayContaining(['id', 'section', 'rule', 'checks']));
  });

  it('prints the catalog for a person, with the share of observable rules that have a check', async () => {
    const { stdout } = await run(process.execPath, [bin, 'conformance', '--list-rules']);
    expect(stdout).toMatch(/\d+ rules; \d+ observable through the interface, \d+ of them with a check\n$/);
  });
});

describe('a report written to a file', () => {
  it('leaves a one-line summary of the rules on stderr', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'crmkit-')), 'report.xml');
    const { stderr } = await run(process.execPath, [
      bin,
      'conformance',
      '--base-url',
      server.url,
      '--reporter',
      'junit',
      '--out',
      out,
      '--only',
      'query',
    ]);
    expect(stderr).toMatch(new RegExp(`\\d+ rules: \\d+ passed, 0 failed, .*; wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`));
    expect(readFileSync(out, 'utf8')).toContain('<testsuite name="spec ');
  });
});

describe('the faults switch', () => {
  it('turns a named fault on for the CRM API only, and refuses unknown names', async () => {
    const on = await call(mock, 'PUT', '/_mock/faults', { body: { on: ['no-request-id'] } });
    expect(on.body.data.find((fault: any) => fault.name === 'no-request-id').on).toBe(true);
    const api = await mock.handle(new Request('http://127.0.0.1/v1/api-keys/whoami'));
    expect(api.headers.get('x-request-id')).toBeNull();
    const control = await mock.handle(new Request('http://127.0.0.1/_mock/faults'));
    expect(control.headers.get('x-request-id')).not.toBeNull();
    const unknown = await call(mock, 'PUT', '/_mock/faults', { body: { on: ['no-such-fault'] } });
    expect(unknown.status).toBe(422);
    await call(mock, 'PUT', '/_mock/faults', { body: { on: [] } });
  });
});
