// crmkit's command line on a Node older than package.json's `engines` (issue 25, item 1): every
// entry point (each command, --version, --help, no command) prints one line naming the Node it
// needs and how to get it, exit status 2, before anything that breaks there is imported. Run with
// the machine's own Node 20 (the `node` on PATH outside node_modules, the "equivalent" of
// the registry's node@20), in this repository and in a new project that installed the packed
// package with npm running on that Node. Node 18 and the edges of 22.19 through the same function.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oldNodeLine } from '../../bin/node-version.js';
import { newProject, npmWarnings, packCrmkit, REPO, type NewProject } from './packed-project.ts';
import { readmeFiles } from './readme-files.ts';

const ENTRY_POINTS = [
  ['--version'],
  ['--help'],
  ['help', 'mock'],
  [],
  ['mock', '--seed', '1'],
  ['conformance', '--list-rules'],
  ['scenario', 'check', 'scenarios/'],
  ['proxy', '--target', 'http://127.0.0.1:9'],
];

/** The folder of the first `node` on PATH outside node_modules (the machine's own), and its version. */
async function machineNode(): Promise<{ bin: string; version: string }> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir.includes('node_modules') || !existsSync(join(dir, 'node'))) continue;
    const { stdout } = await promisify(execFile)(join(dir, 'node'), ['--version']);
    return { bin: dir, version: stdout.trim().slice(1) };
  }
  throw new Error('no node on PATH outside node_modules');
}

async function onOldNode(
  bin: string,
  args: string[],
  cwd: string,
  env = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(bin, args, { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

let old: { bin: string; version: string };
let workdir: string;
let installed: NewProject;
let tarball: string;

beforeAll(async () => {
  old = await machineNode();
  // This file is about a Node older than crmkit's minimum: on a machine whose own Node is new enough it cannot say anything.
  if (!oldNodeLine(old.version))
    throw new Error(`the machine's own Node is ${old.version}, not older than crmkit's minimum: this test needs Node 20 (or 18) on PATH`);
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-old-node-'));
  tarball = await packCrmkit(workdir);
  installed = await newProject(join(workdir, 'project'), [tarball], old.bin);
}, 300_000);

afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

const expected = () =>
  `crmkit needs Node 22.19 or later (or Node 24); this is Node ${old.version}. In a project: npm i -D node@24 (npx crmkit then runs on it); or nvm install 24.\n`;

describe("crmkit's bin on the machine's own Node 20", () => {
  for (const args of ENTRY_POINTS) {
    it(`crmkit ${args.join(' ') || '(no command)'} in this repository: one line on the Node it needs, exit 2`, async () => {
      const result = await onOldNode(join(old.bin, 'node'), ['bin/crmkit.js', ...args], REPO);
      expect(result).toEqual({ code: 2, stdout: '', stderr: expected() });
    });
  }

  for (const args of ENTRY_POINTS) {
    it(`npx crmkit ${args.join(' ') || '(no command)'} in a new project: the same line, exit 2`, async () => {
      // npx finds the project's bin; its `#!/usr/bin/env node` finds the machine's Node 20 first on PATH.
      const env = { ...process.env, PATH: `${old.bin}${delimiter}${process.env.PATH}` };
      const result = await onOldNode(join(old.bin, 'npx'), ['--no-install', 'crmkit', ...args], installed.dir, env);
      expect(result).toMatchObject({ code: 2, stderr: expected() });
    });
  }
});

describe('which Node is too old', () => {
  it('below 22.19 is (18, 20, 22.18), 22.19 and later is not', () => {
    expect(oldNodeLine('18.20.4')).toBe(
      'crmkit needs Node 22.19 or later (or Node 24); this is Node 18.20.4. In a project: npm i -D node@24 (npx crmkit then runs on it); or nvm install 24.',
    );
    expect(oldNodeLine('22.18.0')).toContain('this is Node 22.18.0');
    for (const version of ['22.19.0', '22.20.1', '23.0.0', '24.21.0']) expect(oldNodeLine(version)).toBeUndefined();
  });
});

/** The README's lines for a project that stays on Node 20 (the sh block after its bold title), the tarball's path for `./crmkit-0.1.0.tgz`. */
async function stayOnNode20Lines(): Promise<string[]> {
  const readme = await readFile(join(REPO, 'README.md'), 'utf8');
  const block = /\*\*A project that stays on Node 20\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no sh block under "A project that stays on Node 20"');
  return block
    .trim()
    .split('\n')
    .map((line) => line.replace('./crmkit-0.1.0.tgz', tarball));
}

describe('a project that stays on Node 20, as the README says', () => {
  it("installs with npm on Node 20 without a warning, runs the README's vitest test on node@24, and npx crmkit works", async () => {
    const dir = join(workdir, 'stays-on-node20');
    await mkdir(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'node20-project', private: true }));
    for (const [name, code] of readmeFiles()) if (!name.startsWith('src/')) await writeFile(join(dir, name), code);
    const env = { ...process.env, PATH: `${old.bin}${delimiter}${process.env.PATH}` };
    const outputs: string[] = [];
    for (const line of await stayOnNode20Lines()) {
      const result = await onOldNode('/bin/sh', ['-c', line], dir, env);
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      if (line.startsWith('npm install')) expect(npmWarnings(result.stderr)).toEqual([]);
      // Without vitest's colours.
      outputs.push((result.stdout + result.stderr).replace(/\x1b\[[0-9;]*m/g, ''));
    }
    // The README's test ran and passed (vitest prints its counts), on Node 24 though npm ran on Node 20.
    expect(outputs.at(-1)).toMatch(/Tests\s+1 passed/);
    expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))).toMatchObject({
      type: 'module',
      devDependencies: { vitest: expect.stringMatching(/^\^5\./) },
    });
    expect(
      (await onOldNode('/bin/sh', ['-c', 'npx vitest --version && npx crmkit --version && npx node --version'], dir, env)).stdout,
    ).toMatch(/^vitest\/5\.\S+ .*\ncrmkit \d+\.\d+\.\d+\nv24\./);
  });
});

describe("the README's install on the machine's Node 20", () => {
  it('npm ci as the quick start gives it prints no EBADENGINE (nor any other warning), though the packages need Node 22 or later', async () => {
    const readme = await readFile(join(REPO, 'README.md'), 'utf8');
    const install = /^(npm ci[^&\n]*?) && npm start$/m.exec(readme)?.[1];
    expect(install).toBe('npm ci --loglevel=error');
    const dir = join(workdir, 'quick-start');
    await mkdir(dir);
    for (const file of ['package.json', 'package-lock.json']) await writeFile(join(dir, file), await readFile(join(REPO, file)));
    // The lock's packages only: the repository's own scripts (prepare bundles the documents) are not what npm warns about.
    const env = { ...process.env, PATH: `${old.bin}${delimiter}${process.env.PATH}` };
    const result = await onOldNode('/bin/sh', ['-c', `${install} --ignore-scripts --prefer-offline --no-audit --no-fund`], dir, env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('EBADENGINE');
    expect(npmWarnings(result.stderr)).toEqual([]);
  });
});
