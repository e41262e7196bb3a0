// The command line as a person meets it: every command has --help, and a mistake in the call (an
// unknown option, a missing value, a bad reporter, an unreachable target) answers one clear line
// and exit status 2, never a stack trace.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withCrmkitMock } from '../support/crmkit-process.ts';

const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;

async function crmkit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

describe('crmkit --help', () => {
  for (const command of ['mock', 'conformance', 'scenario', 'proxy']) {
    it(`crmkit ${command} --help prints its options and exits 0`, async () => {
      const { code, stdout } = await crmkit(command, '--help');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^crmkit ${command}: `));
      expect(stdout).toContain('--');
    });
  }
});

describe('a target that answers but is no crmkit mock, given without a key', () => {
  for (const command of [['conformance'], ['scenario', 'run', 'scenarios/']]) {
    it(`crmkit ${command.join(' ')} says to give --api-key, in one line with exit status 2`, async () => {
      const server = createServer((_request, response) => response.writeHead(404).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const { code, stderr } = await crmkit(...command, '--base-url', url);
        expect(code).toBe(2);
        expect(stderr).toContain(`${url} answers, but has no crmkit control API: give --api-key`);
        expect(stderr.trim().split('\n')).toHaveLength(2);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});

describe('a mock started with --control-token, called without its token', () => {
  const TOKEN = 'usage-test-control-token-0123';
  for (const command of [['conformance'], ['scenario', 'run', 'scenarios/members-and-teams.yaml']]) {
    it(`crmkit ${command.join(' ')} says to give --control-token (none given) or the right one (wrong given), in one line with exit status 2`, async () => {
      await withCrmkitMock(['--control-token', TOKEN], async (url, _key, banner) => {
        expect(banner).toContain(`  inspector      ${url}/_mock/ui (asks for the control token once)`);
        const none = await crmkit(...command, '--base-url', url);
        expect(none.code).toBe(2);
        expect(none.stderr).toContain(
          `the control API of ${url} needs a token (the mock was started with --control-token): give --control-token SECRET or set CRMKIT_CONTROL_TOKEN`,
        );
        expect(none.stderr.trim().split('\n')).toHaveLength(2);
        const wrong = await crmkit(...command, '--base-url', url, '--control-token', `${TOKEN}-not`);
        expect(wrong.code).toBe(2);
        expect(wrong.stderr).toContain(`the control API of ${url} refuses the control token given`);
        expect(wrong.stderr).not.toContain(TOKEN);
      });
    });
  }
});

describe('the options several commands share', () => {
  it('are described the same in the help of each command that takes them', async () => {
    const lines = async (...args: string[]) =>
      (await crmkit(...args)).stdout
        .split('\n')
        .filter((line) => /^  --(base-url|api-key|other-workspace-key|inputs|webhook-receiver-url|control-token|out|port) /.test(line));
    const conformance = await lines('conformance', '--help');
    expect(conformance.length).toBeGreaterThanOrEqual(7);
    for (const command of ['conformance', 'mock'])
      expect((await crmkit(command, '--help')).stdout.replace(/\s+/g, ' ')).toMatch(
        /--control-token SECRET .{0,160}?\(or set CRMKIT_CONTROL_TOKEN\) /,
      );
    const scenario = await lines('scenario', '--help');
    for (const line of conformance) expect(scenario).toContain(line);
    const proxy = await lines('proxy', '--help');
    expect(proxy.find((line) => line.startsWith('  --out '))).toBe(conformance.find((line) => line.startsWith('  --out ')));
    expect((await lines('mock', '--help')).find((line) => line.startsWith('  --port '))).toMatch(/0 picks a free one \(default 4010\)/);
  });
});

describe('crmkit itself', () => {
  it('--version and -v print the package version and exit 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-v']) expect(await crmkit(flag)).toMatchObject({ code: 0, stdout: `crmkit ${version}\n` });
  });

  it('without a command prints the commands to stderr and exits 2 (a usage error)', async () => {
    const { code, stdout, stderr } = await crmkit();
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain('crmkit mock [options]');
  });

  it('mock --coverage says every operation is implemented when none answers 501', async () => {
    const { code, stdout } = await crmkit('mock', '--coverage');
    expect(code).toBe(0);
    expect(stdout).toBe('Every operation of the CRM document is implemented: none answers 501 not_implemented.\n');
  });
});

describe('a mistake in the call', () => {
  const cases: [string, string[], RegExp][] = [
    ['an unknown command', ['frob'], /^crmkit: unknown command frob$/m],
    ['an unknown option', ['conformance', '--bogus'], /Unknown option '--bogus'$/m],
    ['an option typo, with the close option', ['mock', '--prot', '4010'], /^crmkit mock: Unknown option '--prot': did you mean --port\?$/m],
    [
      'an option typo with its value, with the close option',
      ['conformance', '--base-ulr=http://127.0.0.1:9'],
      /Unknown option '--base-ulr': did you mean --base-url\?$/m,
    ],
    ['a missing --base-url', ['conformance'], /--base-url is required/],
    ['an option without its value', ['conformance', '--base-url'], /--base-url <value>' argument missing/],
    [
      'an unknown reporter, before any request',
      ['conformance', '--base-url', 'http://127.0.0.1:9', '--reporter', 'junt'],
      /unknown reporter junt/,
    ],
    [
      'an unreachable target',
      ['conformance', '--base-url', 'http://127.0.0.1:9'],
      /^crmkit conformance: cannot reach http:\/\/127\.0\.0\.1:9: ECONNREFUSED$/m,
    ],
    [
      'an unreachable target of the stories',
      ['scenario', 'run', 'scenarios/', '--base-url', 'http://127.0.0.1:9', '--api-key', 'x'],
      /cannot reach http:\/\/127\.0\.0\.1:9/,
    ],
    ['a port that is not a number', ['mock', '--port', 'abc'], /--port takes a whole number, 0 to 65535, not "abc"/],
    ['an unknown fault', ['mock', '--fault', 'no-such-fault'], /unknown fault no-such-fault/],
    ['a failure rule it cannot read', ['mock', '--failure', 'error=explode'], /--failure error=explode: error=explode is not one of/],
    ['a failure rule out of bounds', ['mock', '--failure', 'share=2'], /share is above 0 and at most 1/],
    [
      'a failure rule naming no operation, with the close ids',
      ['mock', '--failure', 'operation=createLeed,error=unavailable'],
      /no operation createLeed in the CRM interface: did you mean createLead\b.*\?$/m,
    ],
  ];
  // The options several commands share are read and checked by one definition (src/cli/shared-options.ts).
  const unreachable = ['--base-url', 'http://127.0.0.1:9'];
  const shared: [string, string[], RegExp][] = [
    [
      'conformance: a base URL that is not http(s)',
      ['conformance', '--base-url', 'ftp://example.com'],
      /--base-url is an http\(s\) address, not "ftp:\/\/example.com"/,
    ],
    [
      'conformance: a receiver port that is not a number',
      ['conformance', ...unreachable, '--webhook-receiver-port', 'abc'],
      /--webhook-receiver-port takes a whole number, 0 to 65535, not "abc"/,
    ],
    [
      'conformance: a receiver port out of range',
      ['conformance', ...unreachable, '--webhook-receiver-port', '70000'],
      /--webhook-receiver-port takes a whole number, 0 to 65535, not "70000"/,
    ],
    [
      'conformance: an inputs file that is not there',
      ['conformance', '--inputs', '/no/such/inputs.json'],
      /the inputs file \/no\/such\/inputs.json cannot be read: ENOENT/,
    ],
    ['conformance: a hub URL without its value', ['conformance', ...unreachable, '--hub-url'], /--hub-url <value>' argument missing/],
    ['scenario run: an unknown option', ['scenario', 'run', 'scenarios/', '--bogus'], /Unknown option '--bogus'/],
    [
      'scenario run: an unknown reporter, before any request',
      ['scenario', 'run', 'scenarios/', ...unreachable, '--reporter', 'html'],
      /unknown reporter html: pretty, json, junit/,
    ],
    [
      'scenario run: a base URL that is not http(s)',
      ['scenario', 'run', 'scenarios/', '--base-url', 'localhost:4010'],
      /--base-url is an http\(s\) address/,
    ],
    ['scenario run: a base URL without its value', ['scenario', 'run', 'scenarios/', '--base-url'], /--base-url <value>' argument missing/],
    [
      'scenario run: a key without a name',
      ['scenario', 'run', 'scenarios/', ...unreachable, '--key', 'svc_live_x'],
      /--key takes NAME=VALUE, not "svc_live_x"/,
    ],
    [
      'scenario run: the older --receiver-port, checked as --webhook-receiver-port',
      ['scenario', 'run', 'scenarios/', ...unreachable, '--receiver-port', 'abc'],
      /--webhook-receiver-port takes a whole number, 0 to 65535, not "abc"/,
    ],
    [
      'scenario run: both spellings of the receiver URL',
      ['scenario', 'run', 'scenarios/', '--receiver-url', 'https://a.example', '--webhook-receiver-url', 'https://b.example'],
      /--receiver-url is the older name of --webhook-receiver-url/,
    ],
    [
      'scenario run: an inputs file that is not there',
      ['scenario', 'run', 'scenarios/', '--inputs', '/no/such/inputs.json'],
      /the inputs file \/no\/such\/inputs.json cannot be read: ENOENT/,
    ],
    [
      'proxy: an unknown reporter, before any request',
      ['proxy', '--target', 'http://127.0.0.1:9', '--reporter', 'junt'],
      /unknown reporter junt: pretty, json, junit, html/,
    ],
    ['proxy: no target', ['proxy'], /--target is required/],
    ['proxy: a target that is not http(s)', ['proxy', '--target', 'example.com'], /--target is an http\(s\) address/],
    [
      'proxy: a port out of range',
      ['proxy', '--target', 'http://127.0.0.1:9', '--port', '99999'],
      /--port takes a whole number, 0 to 65535, not "99999"/,
    ],
    ['proxy: an unknown option', ['proxy', '--target', 'http://127.0.0.1:9', '--base-url', 'http://x'], /Unknown option '--base-url'/],
    ['mock: a port out of range', ['mock', '--port', '70000'], /--port takes a whole number, 0 to 65535, not "70000"/],
    ['mock: a seed that is not a number', ['mock', '--seed', 'many'], /--seed takes a whole number, 0 or more, not "many"/],
    ['mock: a host without its value', ['mock', '--host'], /--host <value>' argument missing/],
    [
      'mock: a host name that does not resolve',
      ['mock', '--port', '0', '--host', 'no-such-host.invalid'],
      /cannot listen on no-such-host\.invalid:0: (ENOTFOUND|EAI_AGAIN)/,
    ],
  ];
  cases.push(...shared);
  for (const [what, args, message] of cases) {
    it(`${what} answers one line and exit status 2`, async () => {
      const { code, stderr } = await crmkit(...args);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stderr.trim().split('\n')).toHaveLength(2);
    });
  }
});

describe('crmkit conformance --only with a name that is no area or check', () => {
  it('is a usage error naming the unknown ones and the areas, exit status 2, before any request', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { code, stdout, stderr } = await crmkit('conformance', '--base-url', url, '--only', 'noarea,query', '--only', 'query.nocheck');
      expect(code).toBe(2);
      expect(stdout).toBe('');
      const [line] = stderr.trim().split('\n');
      // `query` is an area: only the two unknown names are named as unknown.
      expect(line).toContain('unknown areas or checks noarea, query.nocheck;');
      expect(line).toContain('the areas are conventions, auth, errors');
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe('crmkit conformance --only with a family of earlier versions', () => {
  it('is a usage error that names the areas its checks moved to', async () => {
    const { code, stderr } = await crmkit('conformance', '--base-url', 'http://127.0.0.1:9', '--only', 'state');
    expect(code).toBe(2);
    expect(stderr).toContain(
      'unknown area or check state (a family of earlier versions: its checks are now in tags, tasks, notes, leads and conventions)',
    );
  });
});

describe('crmkit conformance --out FILE with the pretty reporter', () => {
  it('writes the report to FILE and a one-line summary to stderr, nothing to stdout', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'crmkit-out-')), 'report.txt');
    await withCrmkitMock([], async (url) => {
      const { code, stdout, stderr } = await crmkit('conformance', '--base-url', url, '--only', 'query', '--out', out);
      expect(code).toBe(0);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n').at(-1)).toMatch(new RegExp(`; wrote ${out}$`));
      expect(readFileSync(out, 'utf8')).toContain('query');
    });
  });
});
