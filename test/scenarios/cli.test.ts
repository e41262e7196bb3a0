// `crmkit scenario run` and `check` from the command line, and `crmkit mock --scenario`'s setup.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { scenarioSetupLines } from '../../scenarios/runner/mock-setup.ts';
import { withCrmkitMock } from '../support/crmkit-process.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;
const story = (name: string) => new URL(`../../scenarios/${name}`, import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'crmkit-scenarios-'));

const BROKEN = `title: Broken
description: Expects the wrong name.
steps:
  - name: Create
    request: {method: POST, path: /v1/leads, body: {name: Desk}}
    expect: {status: 201, body: {name: Chair}}
`;

describe('crmkit scenario run', () => {
  it('runs stories against a mock it starts itself and writes JUnit, one suite per story', async () => {
    const out = join(scratch, 'report.xml');
    const { stdout, stderr } = await run(process.execPath, [
      bin,
      'scenario',
      'run',
      story('tags-renamed-and-merged.yaml'),
      story('bulk-tagging-skips-full-record.yaml'),
      '--reporter',
      'junit',
      '--out',
      out,
    ]);
    expect(stdout).toBe('');
    expect(stderr).toBe(`2 scenarios: 2 passed; steps: ${stderr.match(/steps: (\d+ passed)/)?.[1]}; wrote ${out}\n`);
    expect(stderr).toMatch(/steps: \d+ passed;/);
    const xml = readFileSync(out, 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('name="Tags renamed and merged across leads and contacts"');
    expect(xml).toContain(
      '<testcase classname="scenarios.bulk-tagging-skips-full-record" name="4. Tag both leads &#34;spring sale&#34; in one bulk action"',
    );
    expect(xml).not.toContain('<failure');
  });

  it('prints each step as it runs and exits 1 when a story fails, with expected against actual', async () => {
    const file = join(scratch, 'broken.yaml');
    writeFileSync(file, BROKEN);
    const failure = await run(process.execPath, [bin, 'scenario', 'run', file]).catch((error) => error);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('✗ 1. Create  POST /v1/leads → 201');
    expect(failure.stdout).toContain(
      `step 1 "Create" at ${file}:4 failed (POST /v1/leads → 201):\n  body.name: expected "Chair", got "Desk"`,
    );
    expect(failure.stdout).toContain('1 scenario: 1 failed; steps: 1 failed');
  });
});

describe('crmkit scenario run of a story that cannot be loaded', () => {
  it('says each problem once, in one line naming the file and line, with the counts in the singular', async () => {
    const file = join(scratch, 'unloadable.yaml');
    writeFileSync(file, 'title: x\nsteps: 5\nfoo: 1\n');
    const failure = await run(process.execPath, [bin, 'scenario', 'run', file]).catch((error) => error);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toContain('1 scenario: 1 failed; steps: none run');
    expect(failure.stdout).toContain(`✗ ${file}:3:1: unknown key foo\n`);
    expect(failure.stdout.split(`${file}:3:1: unknown key foo`)).toHaveLength(2);
    expect(failure.stdout).not.toContain(`(${file})`);
    expect(failure.stderr).not.toContain('unknown key foo');
  });
});

describe('crmkit scenario run against `crmkit mock --control-token`', () => {
  it('passes a story that moves the clock, the token read from CRMKIT_CONTROL_TOKEN', async () => {
    const token = 'scenario-cli-control-token';
    await withCrmkitMock(['--control-token', token], async (url) => {
      const env = { ...process.env, CRMKIT_CONTROL_TOKEN: token };
      const { stdout } = await run(
        process.execPath,
        [bin, 'scenario', 'run', story('lead-lost-trashed-restored.yaml'), '--base-url', url, '--reporter', 'junit'],
        { env },
      );
      expect(stdout).toContain('<testsuite ');
      expect(stdout).not.toMatch(/<failure|<skipped/);
    });
  });
});

describe('crmkit scenario check', () => {
  it('names the file and the line of a problem and exits 1', async () => {
    const file = join(scratch, 'bad.yaml');
    writeFileSync(file, BROKEN.replace('expect:', 'expcet:'));
    const failure = await run(process.execPath, [bin, 'scenario', 'check', file, story('task-overdue-then-done.yaml')]).catch(
      (error) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stdout).toContain(`${file}:6:5: steps[0]: unknown key expcet`);
    expect(failure.stdout).toContain('✓ ');
  });
});

describe('crmkit mock --scenario as a process', () => {
  it("shows the story's workspace alone, and the try line uses its owner key", async () => {
    await withCrmkitMock(['--scenario', story('bulk-tagging-skips-full-record.yaml')], async (url, key, banner) => {
      expect(banner).toMatch(/workspace +ws_\w+ \(.*the story's\)/);
      expect(banner.match(/svc_live_/g)).toHaveLength(2);
      expect(banner).toContain(`try: curl -H "Authorization: Bearer ${key}" ${url}/v1/api-keys/whoami`);
      const workspaces = await (await fetch(`${url}/_mock/workspaces`)).json();
      expect(workspaces.data).toHaveLength(1);
      const whoami = await (await fetch(`${url}/v1/api-keys/whoami`, { headers: { authorization: `Bearer ${key}` } })).json();
      expect(banner).toContain(`a new workspace ${whoami.workspace.id} `);
    });
  });
});

describe('crmkit mock --scenario', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const mock = createMock({ allowPrivateWebhooks: true });
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => server.close());

  it("makes the story's setup in the running mock and says what it made", async () => {
    const lines = await scenarioSetupLines(story('returning-client-by-phone-then-email.yaml'), { origin: server.url });
    expect(lines[0]).toContain('returning-client-by-phone-then-email.yaml: The same client returns through the form');
    expect(lines.join('\n')).toMatch(
      /a new workspace ws_\w+ .*\n.*clock 2026-11-20T09:00:00.000Z \(frozen\)\n.*forms: fm_\w+\n.*owner key +svc_live_/,
    );
  });
});
