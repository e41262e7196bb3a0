// The regression gate (`crmkit conformance --compare previous.json`, issue 25 item 6) on two real
// reports: the input family run against a clean mock and against one with the named fault
// `unknown-field-as-422`, each written as the JSON reporter writes it. Compared one way the
// fault's rules are newly failed, with their requests, and the gate exits 1; the other way they
// are newly passed and it exits 0; equal runs show no change.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareReports, gateLine, gateStatus } from '../../conformance/report/compare.ts';
import { jsonReport, readPreviousReport, REPORT_FORMAT_VERSION } from '../../conformance/report/json-report.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;
const FAULT = 'unknown-field-as-422';
/** The rules `unknown-field-as-422` breaks: an unknown body field answers 400 unknown_field (spec 2.1, 7.2, 7.3). */
const FAULT_RULES = ['conventions.unknown-field-named', 'errors.status-400', 'errors.unknown-field'];

const dir = mkdtempSync(join(tmpdir(), 'crmkit-compare-'));
const cleanFile = join(dir, 'clean.json');
const faultyFile = join(dir, 'faulty.json');
let clean: RunningServer;
let faulty: RunningServer;
let cleanReport: Report;
let faultyReport: Report;

beforeAll(async () => {
  clean = await startServer(createMock(), { port: 0, host: '127.0.0.1' });
  faulty = await startServer(createMock({ faults: [FAULT] }), { port: 0, host: '127.0.0.1' });
  cleanReport = await runConformance({ baseUrl: clean.url, only: ['conventions'] });
  faultyReport = await runConformance({ baseUrl: faulty.url, only: ['conventions'] });
  writeFileSync(cleanFile, jsonReport(cleanReport));
  writeFileSync(faultyFile, jsonReport(faultyReport));
}, 120_000);
afterAll(async () => {
  await clean?.close();
  await faulty?.close();
});

/** `crmkit conformance ARGS` through the real bin: its exit status and output, whatever the status. */
async function crmkit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, 'conformance', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

describe('a run compared with an earlier one', () => {
  it("lists the fault's rules as newly failed, passed before, with their requests, and the gate fails", () => {
    const comparison = compareReports(readPreviousReport(cleanFile), faultyReport);
    expect(comparison.regressions.map((change) => change.id).sort()).toEqual(FAULT_RULES);
    for (const change of comparison.regressions) {
      expect(change.before).toBe('passed');
      expect(change.check).toMatch(/^conventions\.unknown-field/);
      expect(change.requests).toContainEqual({ method: 'POST', path: '/v1/leads', status: 422 });
    }
    expect(
      [comparison.newlyFailed, comparison.newlyPassed, comparison.newlyNotJudged, comparison.added, comparison.removed].flat(),
    ).toEqual([]);
    expect(comparison.unchanged).toBe(faultyReport.rules.length - FAULT_RULES.length);
    expect(gateStatus(comparison)).toBe(1);
  });

  it('the other way, lists them as newly passed and the gate passes', () => {
    const comparison = compareReports(readPreviousReport(faultyFile), cleanReport);
    expect(comparison.newlyPassed.map((change) => [change.id, change.before])).toEqual(FAULT_RULES.map((id) => [id, 'failed']));
    expect(comparison.regressions).toEqual([]);
    expect(gateStatus(comparison)).toBe(0);
  });

  it('lets a rule failing in both runs by, saying so', () => {
    const comparison = compareReports(readPreviousReport(faultyFile), faultyReport);
    expect(comparison.stillFailing).toBe(FAULT_RULES.length);
    expect(gateStatus(comparison)).toBe(0);
    expect(gateLine(comparison)).toBe(
      'regression gate: passed (exit status 0): no rule that passed before fails now; 3 rules failed in both runs (not a regression)',
    );
  });

  it('lets failing rules new to the catalog by, unless strict', () => {
    // As if the earlier run's catalog had not had the fault's rules yet.
    const earlier = readPreviousReport(cleanFile);
    const older = { ...earlier, rules: earlier.rules.filter((rule) => !FAULT_RULES.includes(rule.id)) };
    const comparison = compareReports(older, faultyReport);
    expect(comparison.added.map((change) => [change.id, change.before, change.after])).toEqual(
      FAULT_RULES.map((id) => [id, 'absent', 'failed']),
    );
    expect(comparison.regressions).toEqual([]);
    expect(gateStatus(comparison)).toBe(0);
    expect(gateStatus(compareReports(older, faultyReport, true))).toBe(1);
  });

  it('lets a rule by that fails now and was skipped before, unless strict', () => {
    // As if the earlier run had skipped the fault's rules (a missing input, say).
    const earlier = readPreviousReport(cleanFile);
    const skipped = {
      ...earlier,
      rules: earlier.rules.map((rule) => (FAULT_RULES.includes(rule.id) ? { ...rule, outcome: 'skipped' as const } : rule)),
    };
    const comparison = compareReports(skipped, faultyReport);
    expect(comparison.newlyFailed.map((change) => [change.id, change.before])).toEqual(FAULT_RULES.map((id) => [id, 'skipped']));
    expect(gateStatus(comparison)).toBe(0);
    const strict = compareReports(skipped, faultyReport, true);
    expect(gateStatus(strict)).toBe(1);
    expect(gateLine(strict)).toBe('regression gate: failed (exit status 1): 3 other changes that --compare-strict refuses');
  });

  it('strict, fails on a rule that passed before and is not judged now', async () => {
    // One check of the family: the rules of the others are not judged in this run.
    const narrower = await runConformance({ baseUrl: clean.url, only: ['conventions.unknown-field'] });
    const comparison = compareReports(readPreviousReport(cleanFile), narrower);
    const lost = comparison.newlyNotJudged.filter((change) => change.before === 'passed');
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((change) => change.after === 'skipped')).toBe(true);
    expect(gateStatus(comparison)).toBe(0);
    expect(gateStatus(compareReports(readPreviousReport(cleanFile), narrower, true))).toBe(1);
  }, 60_000);
});

describe('crmkit conformance --compare', () => {
  it('exits 1 on a regression and prints each new failure with its requests', async () => {
    const { code, stdout } = await crmkit('--base-url', faulty.url, '--only', 'conventions', '--compare', cleanFile);
    expect(code).toBe(1);
    const comparison = stdout.slice(stdout.indexOf('\nCompared with run '));
    expect(comparison).toContain(`✗ 3 newly failed, passed before (fails the gate):`);
    for (const id of FAULT_RULES)
      expect(comparison).toMatch(
        new RegExp(
          `\\n    ${id.replace('.', '\\.')} \\(spec [\\d.]+, judged by conventions\\.unknown-field[a-z-]*; passed before\\)\\n.*\\n        POST /v1/leads → 422\\n`,
        ),
      );
    expect(comparison).toMatch(/regression gate: failed \(exit status 1\): 3 rules passed before and failed now\n$/);
  }, 60_000);

  it('exits 0 with "newly passed" the other way, the comparison in the JSON report and on stderr', async () => {
    const out = join(dir, 'again.json');
    const { code, stderr } = await crmkit(
      '--base-url',
      clean.url,
      '--only',
      'conventions',
      '--reporter',
      'json',
      '--out',
      out,
      '--compare',
      faultyFile,
    );
    expect(code).toBe(0);
    expect(stderr).toContain(`  3 newly passed: ${FAULT_RULES.map((id) => `${id} (failed before)`).join(', ')}\n`);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.comparison.gate).toBe('passed');
    expect(written.comparison.newlyPassed.map((change: { id: string }) => change.id)).toEqual(FAULT_RULES);
    // The report written beside the comparison is itself one a later run can compare with.
    expect(readPreviousReport(out).rules.length).toBe(written.rules.length);
  }, 60_000);

  it('says "no change" for equal runs, and exits 0 though rules fail in both', async () => {
    const { code, stdout } = await crmkit('--base-url', faulty.url, '--only', 'conventions', '--compare', faultyFile);
    expect(code).toBe(0);
    expect(stdout).toContain(`  no change: all ${faultyReport.rules.length.toLocaleString('en')} rules have the result they had before\n`);
    // The run's own verdict stands in the header, with the exit status the gate gives.
    expect(stdout).toContain(": failed (exit status 0, the regression gate's)\n");
  }, 60_000);

  it('says in its help what the gate fails on and what it lets by', async () => {
    const { stdout } = await run(process.execPath, [bin, 'conformance', '--help']);
    expect(stdout).toMatch(/--compare FILE +compare the run rule by rule/);
    expect(stdout).toContain('--compare-strict');
    expect(stdout.replace(/\s+/g, ' ')).toContain(
      "With --compare FILE, the regression gate's instead: 1 only when a rule that passed in FILE fails now; 0 otherwise, even when rules fail in both runs or a rule new to the catalog fails",
    );
  });

  it('refuses a file that is not a crmkit JSON report in one line, exit 2, before any request', async () => {
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ rules: [] }));
    // Nothing listens on the discard port: had the run started, its line would be the unreachable target's.
    const { code, stderr } = await crmkit('--base-url', 'http://127.0.0.1:9', '--compare', other);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(
      `crmkit conformance: ${other} is not a crmkit JSON report (it has no "format": "crmkit-conformance-report"): write one with crmkit conformance --reporter json --out FILE`,
    );
  });
});

describe('reading an earlier report', () => {
  const written = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('refuses what is not JSON, another format version, and a rule without an outcome, each naming the file', () => {
    const report = JSON.parse(readFileSync(cleanFile, 'utf8'));
    const cases: [string, string, RegExp][] = [
      ['junit.xml', '<testsuites/>', /junit\.xml is not a crmkit JSON report \(it is not JSON\)/],
      [
        'v2.json',
        JSON.stringify({ ...report, formatVersion: REPORT_FORMAT_VERSION + 1 }),
        /v2\.json is a crmkit JSON report of format 2, .* compares with format 1 only/,
      ],
      [
        'broken.json',
        JSON.stringify({ ...report, rules: [{ id: 'a.b', section: '2', rule: 'x' }] }),
        /broken\.json is not a crmkit JSON report \(rules\[0\] is not a rule/,
      ],
    ];
    for (const [name, text, message] of cases) expect(() => readPreviousReport(written(name, text))).toThrow(message);
  });

  it('reads back the stamp the JSON reporter writes: format, crmkit, catalog', () => {
    const report = JSON.parse(readFileSync(cleanFile, 'utf8'));
    expect(report).toMatchObject({ format: 'crmkit-conformance-report', formatVersion: 1, catalog: { rules: cleanReport.rules.length } });
    expect(readPreviousReport(cleanFile).catalog.hash).toMatch(/^sha256:[0-9a-f]{16}$/);
  });
});
