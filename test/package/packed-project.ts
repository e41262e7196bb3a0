// What the tests of test/package/ share: crmkit packed as it is published (scripts/build-package.ts
// into a folder of the test's own, then `npm pack` of that folder, so that test files running at
// once never build into the same place), and new projects that install the tarball from the npm
// registry the way an integrator would.
import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
/** npm's flags for every install here: the machine's npm cache first, no audit or funding requests. */
export const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];

/** Builds and packs crmkit into `workdir`; returns the tarball's path. */
export async function packCrmkit(workdir: string): Promise<string> {
  const staged = join(workdir, 'build');
  await run(process.execPath, ['scripts/build-package.ts', '--out', staged], { cwd: REPO });
  await run('npm', ['pack', staged, '--pack-destination', workdir, '--silent'], { cwd: REPO });
  const tarball = (await readdir(workdir)).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${workdir}`);
  return join(workdir, tarball);
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
const UNRELATED_NPM_LINES = new Set(['user', 'env'].map((source) =>
  `npm warn Unknown ${source} config "nodedir". This will stop working in the next major version of npm. See \`npm help npmrc\` for supported config options.`));

/** The warning and error lines of an npm log, less the machine's unrelated ones. */
export function npmWarnings(log: string): string[] {
  return log.split('\n').filter((line) => /^npm (warn|error|ERR)/i.test(line) && !UNRELATED_NPM_LINES.has(line.trim()));
}
