// The command line as a person meets it: every command has --help, and a mistake in the call (an
// unknown option, a missing value, a bad reporter, an unreachable target) answers one clear line
// and exit status 2, never a stack trace.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;

async function crmkit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

describe('crmkit --help', () => {
  for (const command of ['mock', 'conformance', 'scenario']) {
    it(`crmkit ${command} --help prints its options and exits 0`, async () => {
      const { code, stdout } = await crmkit(command, '--help');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^crmkit ${command}: `));
      expect(stdout).toContain('--');
    });
  }
});

describe('a mistake in the call', () => {
  const cases: [string, string[], RegExp][] = [
    ['an unknown command', ['frob'], /^crmkit: unknown command frob$/m],
    ['an unknown option', ['conformance', '--bogus'], /Unknown option '--bogus'/],
    ['a missing --base-url', ['conformance'], /--base-url is required/],
    ['an option without its value', ['conformance', '--base-url'], /--base-url <value>' argument missing/],
    ['an unknown reporter, before any request', ['conformance', '--base-url', 'http://127.0.0.1:9', '--reporter', 'junt'], /unknown reporter junt/],
    ['an unreachable target', ['conformance', '--base-url', 'http://127.0.0.1:9'], /^crmkit conformance: cannot reach http:\/\/127\.0\.0\.1:9: ECONNREFUSED$/m],
    ['an unreachable target of the stories', ['scenario', 'run', 'scenarios/', '--base-url', 'http://127.0.0.1:9', '--api-key', 'x'], /cannot reach http:\/\/127\.0\.0\.1:9/],
    ['a port that is not a number', ['mock', '--port', 'abc'], /--port takes a number, not "abc"/],
    ['an unknown fault', ['mock', '--fault', 'no-such-fault'], /unknown fault no-such-fault/],
    ['a failure rule it cannot read', ['mock', '--failure', 'error=explode'], /--failure error=explode: error=explode is not one of/],
    ['a failure rule out of bounds', ['mock', '--failure', 'share=2'], /share is above 0 and at most 1/],
  ];
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
