// What the tests of test/package/ share: crmkit packed as it is published (scripts/build-package.ts
// into a folder of the test's own, then `npm pack` of that folder, so that test files running at
// once never build into the same place; the tarball is kept for the next test file while the
// sources stay the same), and new projects that install the tarball from the npm registry the way
// an integrator would.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { globSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
/** npm's flags for every install here: the machine's npm cache first, no audit or funding requests. */
export const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];

/** Built tarballs by a digest of the repository's files: test files run one after another share one build. */
const PACK_CACHE = join(REPO, 'node_modules/.cache/crmkit-pack');

/** Builds and packs crmkit into `workdir` (unless a tarball of the same sources is cached); returns the tarball's path. */
export async function packCrmkit(workdir: string): Promise<string> {
  const digest = await sourcesDigest().catch(() => undefined);
  const cached = digest && join(PACK_CACHE, `crmkit-${digest}.tgz`);
  if (cached && (await stat(cached).catch(() => undefined))) return cached;
  const staged = join(workdir, 'build');
  await run(process.execPath, ['scripts/build-package.ts', '--out', staged], { cwd: REPO });
  await run('npm', ['pack', staged, '--pack-destination', workdir, '--silent'], { cwd: REPO });
  const tarball = (await readdir(workdir)).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${workdir}`);
  if (cached) await keep(join(workdir, tarball), cached);
  return join(workdir, tarball);
}

/**
 * A digest of every file of the repository that git does not ignore (what the build reads is among
 * them, and so is package-lock.json, which fixes the compiler) and of the bundled documents, which
 * it ignores. Without git there is no digest, and every test file builds its own package.
 */
async function sourcesDigest(): Promise<string> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, maxBuffer: 64 << 20 });
  const files = [...stdout.split('\0').filter(Boolean), ...globSync('openapi/dist/*.json', { cwd: REPO })].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await readFile(join(REPO, file)).catch(() => undefined); // tracked, but deleted in the working tree
    hash.update(`${file}\0${content?.length ?? -1}\0`);
    if (content) hash.update(content);
  }
  return hash.digest('hex').slice(0, 20);
}

/** Copies `tarball` into the cache as `cached` (whole or not at all), keeping the three newest there. */
async function keep(tarball: string, cached: string): Promise<void> {
  await mkdir(PACK_CACHE, { recursive: true });
  await copyFile(tarball, `${cached}.${process.pid}`);
  await rename(`${cached}.${process.pid}`, cached);
  const entries = await Promise.all(
    (await readdir(PACK_CACHE))
      .filter((name) => name.endsWith('.tgz'))
      .map(async (name) => ({ name, time: (await stat(join(PACK_CACHE, name))).mtimeMs })),
  );
  for (const { name } of entries.sort((a, b) => b.time - a.time).slice(3)) await rm(join(PACK_CACHE, name), { force: true });
}

export interface NewProject {
  dir: string;
  /** What `npm install` wrote to stderr (its warnings). */
  installLog: string;
}

/**
 * A new ES-module project in `dir` that installs `packages` (a tarball's path or `name@range`) as
 * dev dependencies. `nodeBin`, a folder holding a `node`, runs npm on that Node instead of this test's.
 */
export async function newProject(dir: string, packages: string[], nodeBin?: string): Promise<NewProject> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'integrator-project', private: true, type: 'module' }));
  const env = { ...process.env, PATH: `${nodeBin ?? join(process.execPath, '..')}:${process.env.PATH}` };
  const { stderr } = await run('npm', ['install', '--save-dev', ...INSTALL_FLAGS, ...packages], { cwd: dir, env, maxBuffer: 16 << 20 });
  return { dir, installLog: stderr };
}

/**
 * Lines npm prints on this kind of machine whatever it installs, which say nothing about crmkit:
 * the machines' ~/.npmrc sets `nodedir`, which npm 11 no longer knows (a "user config"; under
 * `npm test` or `npx` the outer npm hands it on as `npm_config_nodedir`, an "env config"). Exact
 * text only, so that any other warning still counts.
 */
const UNRELATED_NPM_LINES = new Set(
  ['user', 'env'].map(
    (source) =>
      `npm warn Unknown ${source} config "nodedir". This will stop working in the next major version of npm. See \`npm help npmrc\` for supported config options.`,
  ),
);

/** The warning and error lines of an npm log, less the machine's unrelated ones. */
export function npmWarnings(log: string): string[] {
  return log.split('\n').filter((line) => /^npm (warn|error|ERR)/i.test(line) && !UNRELATED_NPM_LINES.has(line.trim()));
}
