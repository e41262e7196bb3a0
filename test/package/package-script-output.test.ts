// `npm run package` is quiet (issue 25, item 5): npm pack lists every file of the package as an
// `npm notice` line (828 of them for crmkit's build), which buried the one line that matters. The
// script's own pack command, read from package.json and run on a folder of 50 files, prints the
// tarball's name alone; a warning would still show (the flag drops notices, not warnings).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO, run } from './packed-project.ts';

let workdir: string;
beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'crmkit-package-script-'));
});
afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

it("the package script's npm pack prints the tarball's name and no notice per file", async () => {
  const scripts = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const pack = /npm pack \.\/build( [^&]*)?$/.exec(scripts.package!)?.[0];
  expect(pack, 'the package script ends with npm pack ./build').toBeDefined();
  const folder = join(workdir, 'build');
  await run('mkdir', ['-p', folder]);
  await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'quiet-pack', version: '1.0.0' }));
  for (let i = 0; i < 50; i++) await writeFile(join(folder, `file-${i}.js`), `export const n = ${i};\n`);
  const { stdout, stderr } = await run('sh', ['-c', pack!], { cwd: workdir });
  expect(stdout).toBe('quiet-pack-1.0.0.tgz\n');
  expect(stderr.split('\n').filter((line) => line.startsWith('npm notice'))).toEqual([]);
});
