// `crmkit mock --faults --reporter json`: the named faults for tools (issue 23), each with its
// area, what it breaks in words and the catalog rules it proves; a reporter it does not have is a
// mistake in the call (exit status 2, one line).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FAULT_DESCRIPTIONS } from '../../src/faults/fault-descriptions.ts';
import { FAULT_CATALOG } from '../../src/faults/index.ts';

const bin = new URL('../../bin/crmkit.js', import.meta.url).pathname;

async function crmkit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

describe('crmkit mock --faults --reporter json', () => {
  it('lists every fault with its name, area, description and the rules it proves', async () => {
    const { code, stdout } = await crmkit('mock', '--faults', '--reporter', 'json');
    expect(code).toBe(0);
    const { faults } = JSON.parse(stdout);
    expect(faults.map((fault: { name: string }) => fault.name)).toEqual(FAULT_CATALOG.map((fault) => fault.name));
    for (const fault of faults) expect(Object.keys(fault)).toEqual(['name', 'area', 'description', 'proves']);
    const missingKey = faults.find((fault: { name: string }) => fault.name === 'missing-key-as-403');
    // Spec 5.1 and 7.2: a request without credentials answers 401 invalid_token.
    expect(missingKey).toEqual({
      name: 'missing-key-as-403',
      area: 'errors',
      description: FAULT_DESCRIPTIONS['missing-key-as-403'],
      proves: expect.arrayContaining(['errors.status-401']),
    });
    // A blind hunt's faults measure the suite and name no rule; every other fault names at least one.
    expect(
      faults
        .filter(
          (fault: { name: string; proves: string[] }) =>
            fault.proves.length === 0 && !FAULT_CATALOG.find((known) => known.name === fault.name)?.hunt,
        )
        .map((fault: { name: string }) => fault.name),
    ).toEqual([]);
  });

  it('the pretty list is still the default, and another reporter is refused', async () => {
    const pretty = await crmkit('mock', '--faults');
    expect(pretty.stdout).toMatch(/^ {2}missing-key-as-403 +\[errors\] /m);
    const refused = await crmkit('mock', '--faults', '--reporter', 'junit');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('unknown reporter junit');
  });
});
