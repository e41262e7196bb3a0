// `crmkit explore` on the command line: a usage error without a target, the JSON report and exit
// status 1 on a mock with a fault, the story written with --story, exit 0 on a clean mock, and
// --max-replays (its cap on the shrinking, and the values it refuses).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';

const BIN = fileURLToPath(new URL('../../bin/crmkit.js', import.meta.url));
const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
});

async function explore(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, 'explore', ...args], { timeout: 170_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function mockUrl(faults: string[] = []): Promise<string> {
  const server = await startServer(createMock({ faults }), { port: 0, host: '127.0.0.1' });
  running.push(server);
  return server.url;
}

it('needs a target', async () => {
  const { code, stderr } = await explore(['--seed', '1']);
  expect(code).toBe(2);
  expect(stderr).toContain('--base-url is required');
});

it('reports a divergence in JSON, writes its story, exits 1', async () => {
  const story = join(mkdtempSync(join(tmpdir(), 'explore-')), 'found.yaml');
  const { code, stdout, stderr } = await explore([
    '--base-url',
    await mockUrl(['not-found-as-409']),
    '--calls',
    '40',
    '--rate',
    '0',
    '--reporter',
    'json',
    '--story',
    story,
  ]);
  expect(code).toBe(1);
  const report = JSON.parse(stdout);
  expect(report.divergences[0].signature).toMatch(/ status$/);
  expect(stderr).toContain(`wrote the story of ${report.divergences[0].signature}`);
  expect(readFileSync(story, 'utf8')).toContain('title: "Found by crmkit explore');
});

it('exits 0 on a clean mock, with the summary line', async () => {
  const { code, stdout } = await explore(['--base-url', await mockUrl(), '--calls', '40', '--rate', '0']);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^crmkit explore, seed 1: 0 divergences in \d+ calls/);
});

// --max-replays caps the replays of the shrinking (explore.ts): 0 reports each divergence as found,
// N shrinks within N. `not-found-as-409` diverges in the first 40 calls of seed 1, 9 steps deep.
describe('--max-replays', () => {
  const run = async (baseUrl: string, maxReplays: string) => {
    const args = ['--base-url', baseUrl, '--calls', '40', '--rate', '0', '--reporter', 'json', '--max-replays', maxReplays];
    const { code, stdout } = await explore(args);
    expect(code).toBe(1);
    return JSON.parse(stdout).divergences as { originalLength: number; shrunkLength: number; replays: number; reproduced: boolean }[];
  };

  it('0: every divergence reported unshrunk, after 0 replays', async () => {
    const divergences = await run(await mockUrl(['not-found-as-409']), '0');
    expect(divergences.length).toBeGreaterThan(0);
    for (const divergence of divergences) {
      expect(divergence).toMatchObject({ replays: 0, shrunkLength: divergence.originalLength, reproduced: true });
      expect(divergence.originalLength).toBeGreaterThan(1);
    }
  });

  it('N: shrunk within N replays', async () => {
    const [first, ...rest] = await run(await mockUrl(['not-found-as-409']), '1');
    expect(first!.replays).toBe(1);
    expect(first!.shrunkLength).toBeLessThan(first!.originalLength);
    for (const divergence of rest) expect(divergence.replays).toBeLessThanOrEqual(1);
  });

  it.each(['9e12', '-1', '1001', '2.5'])('refuses %s with a usage error, exit 2', async (value) => {
    const { code, stderr } = await explore(['--base-url', 'http://127.0.0.1:9', '--max-replays', value]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--max-replays takes a whole number, 0 to 1000, not "${value}"`);
  });
});
