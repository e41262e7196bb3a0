// Every option honoured or refused (issue 25, item 4), through the real bin: --list-rules reads
// --only (as a run selects its checks) and --out; a mistyped fault, area, check, story, command
// or subcommand gets the close names, as a mistyped option does; a number is checked the same in
// every spelling (`--seed-size -5`, `--seed-size=-5`, `2.5`); `crmkit help COMMAND` is that command's help.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../conformance/rules/catalog.ts';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';

const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;

async function crmkit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

/** The rules judged by the checks of `area`, as the catalog gives them. */
function rulesOfArea(area: string): string[] {
  const checks = new Set(ALL_CHECKS.filter((check) => check.area === area).map((check) => check.id));
  return loadCatalog()
    .filter((rule) => rule.checks.some((check) => checks.has(check)))
    .map((rule) => rule.id)
    .sort();
}

describe('crmkit conformance --list-rules', () => {
  it('with --only webhooks lists the rules of the webhook checks and no other, and says so in its count', async () => {
    const { code, stdout } = await crmkit('conformance', '--list-rules', '--only', 'webhooks');
    expect(code).toBe(0);
    const listed = [...stdout.matchAll(/^\S+\s+(\S+)$/gm)].map((match) => match[1]!).sort();
    const expected = rulesOfArea('webhooks');
    expect(expected.length).toBeGreaterThan(10);
    expect(listed).toEqual(expected);
    expect(stdout.trim().split('\n').at(-1)).toBe(
      `${expected.length} rules (the checks of --only webhooks; the catalog has ${loadCatalog().length}); ${expected.length} observable through the interface, ${expected.length} of them with a check`,
    );
  });

  it('with --only a check id and --reporter json lists exactly the rules that check judges', async () => {
    const check = ALL_CHECKS.find((candidate) => candidate.area === 'query')!;
    const { stdout } = await crmkit('conformance', '--list-rules', '--only', check.id, '--reporter', 'json');
    const ids = (JSON.parse(stdout) as { rules: { id: string; checks: string[] }[] }).rules.map((rule) => rule.id).sort();
    expect(ids).toEqual(
      loadCatalog()
        .filter((rule) => rule.checks.includes(check.id))
        .map((rule) => rule.id)
        .sort(),
    );
  });

  it('with --out FILE writes the list to FILE, nothing to stdout, and its count line to stderr', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'crmkit-list-rules-')), 'rules.txt');
    const { code, stdout, stderr } = await crmkit('conformance', '--list-rules', '--only', 'webhooks', '--out', out);
    expect([code, stdout]).toEqual([0, '']);
    const count = readFileSync(out, 'utf8').trim().split('\n').at(-1);
    expect(count).toMatch(/^\d+ rules \(the checks of --only webhooks/);
    expect(stderr).toBe(`${count}; wrote ${out}\n`);
  });

  it('with a mistyped --only names the close area, exit 2', async () => {
    const { code, stderr } = await crmkit('conformance', '--list-rules', '--only', 'webhoks');
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toMatch(
      /^crmkit conformance: --only: unknown area or check webhoks \(did you mean webhooks\?\); the areas are /,
    );
  });
});

describe('a mistyped name gets the close names', () => {
  const cases: [string, string[], string][] = [
    [
      'a fault',
      ['mock', '--fault', 'no-request-ids'],
      'crmkit mock: unknown fault no-request-ids: did you mean no-request-id? (crmkit mock --faults lists them)',
    ],
    [
      'a check',
      ['conformance', '--base-url', 'http://127.0.0.1:9', '--only', 'conventions.unknown-feild'],
      'crmkit conformance: --only: unknown area or check conventions.unknown-feild (did you mean conventions.unknown-field?); the areas are',
    ],
    [
      'a story',
      ['scenario', 'check', 'scenarios/members-and-team.yaml'],
      'crmkit scenario: no such file or directory: scenarios/members-and-team.yaml; did you mean scenarios/members-and-teams.yaml?',
    ],
    ['a command', ['moke', '--seed', '1'], 'crmkit: unknown command moke: did you mean mock?'],
    ['a command to help with', ['help', 'conformence'], 'crmkit: unknown command conformence: did you mean conformance?'],
    ['a subcommand', ['scenario', 'rnu', 'scenarios/'], 'crmkit scenario: unknown subcommand rnu: did you mean run?'],
  ];
  for (const [what, args, line] of cases) {
    it(`${what}: one line with the close name, exit 2`, async () => {
      const { code, stderr } = await crmkit(...args);
      expect(code).toBe(2);
      expect(stderr.split('\n')[0]!.startsWith(line)).toBe(true);
      expect(stderr.trim().split('\n')).toHaveLength(2);
    });
  }

  it('a name close to nothing gets no guess', async () => {
    expect((await crmkit('frobnicate')).stderr.split('\n')[0]).toBe('crmkit: unknown command frobnicate');
  });
});

describe('a number, in every spelling', () => {
  for (const [option, bad, range] of [
    ['--seed-size', '-5', '0 or more'],
    ['--seed-size', '2.5', '0 or more'],
    ['--seed', '-1', '0 or more'],
    ['--port', '-80', '0 to 65535'],
    ['--port', '1e3', '0 to 65535'],
  ] as const) {
    it(`${option} ${bad} and ${option}=${bad} are refused with the same line, exit 2`, async () => {
      // --coverage exits at once once the options are read: a value let through would show as exit 0, not a running mock.
      const spaced = await crmkit('mock', option, bad, '--coverage');
      const joined = await crmkit('mock', `${option}=${bad}`, '--coverage');
      expect(spaced.code).toBe(2);
      expect(spaced.stderr.split('\n')[0]).toBe(`crmkit mock: ${option} takes a whole number, ${range}, not "${bad}"`);
      expect(joined).toEqual(spaced);
    });
  }

  it('a value that is an option is still a missing value, not a number', async () => {
    const { code, stderr } = await crmkit('mock', '--seed-size', '--coverage');
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe("crmkit mock: Option '--seed-size' argument is ambiguous.");
  });
});

describe('crmkit help COMMAND', () => {
  for (const command of ['mock', 'conformance', 'scenario', 'proxy']) {
    it(`crmkit help ${command} prints what crmkit ${command} --help prints, exit 0`, async () => {
      const help = await crmkit('help', command);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^crmkit ${command}: `));
      expect(help.stdout).toBe((await crmkit(command, '--help')).stdout);
    });
  }

  it('crmkit help alone prints the commands, naming help COMMAND', async () => {
    const { code, stdout } = await crmkit('help');
    expect(code).toBe(0);
    expect(stdout).toContain('  crmkit help [COMMAND]');
  });
});
