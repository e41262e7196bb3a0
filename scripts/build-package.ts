// `npm run build [-- --out DIR]`: the package as it is published, in a folder of its own (build/ unless
// --out says otherwise), which `npm pack ./build` packs (`npm run package` does both, after `npm run bundle`).
// - DIR/dist: src/, harness/, conformance/ and scenarios/ compiled to JavaScript with declarations, so that
//   the package runs where Node will not strip types (anything under node_modules). tsc rewrites
//   the `.ts` in relative imports and copies the OpenAPI documents the code imports; this script
//   copies what the code reads at run time or only declares: the generated types, the rule
//   catalog, the scenario schema and the example stories; and @msw/data and Ajv bundled into DIST/vendor,
//   which the compiled core imports (vendor-dependencies.ts: as hundreds of modules they cost a test file's start 120 ms);
//   then the package's own modules joined per entry point into DIST/bundle (bundle-entries.ts: the same cost, 50 ms more),
//   which removes the copies the bundle holds (the compiled modules, DIST/vendor's code, the JSON it inlines).
// - DIR/bin and DIR/README.md as they are.
// - DIR/package.json: this repository's, less what only its development uses (published-manifest.ts):
//   a `prepare` script in an installed package makes npm 11 warn in every project that installs it.
// The repository root is not packed (package.json's `prepack` refuses): its package.json holds those scripts.
import { execFileSync } from 'node:child_process';
import { cpSync, globSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { publishedManifest } from './published-manifest.ts';
import { bundleEntries, type PackageExports } from './bundle-entries.ts';
import { vendorDependencies } from './vendor-dependencies.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'build' } } });
const OUT = resolve(values.out!);
const DIST = join(OUT, 'dist');
// The folder is emptied first: never the repository or a folder holding it (bench/run.ts once suggested `--out .`).
if (!relative(OUT, process.cwd()).startsWith('..'))
  throw new Error(`--out ${values.out} holds this repository: the build empties its folder first`);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', DIST], { stdio: 'inherit' });
const copied = [
  ...globSync('src/spec/generated/*.d.ts'),
  ...globSync('conformance/areas/*/rules.yaml'),
  'scenarios/scenario.schema.json',
  'scenarios/README.md',
  ...globSync('scenarios/*.yaml'),
  ...globSync('src/inspector/page/*'),
];
for (const file of copied) cpSync(file, join(DIST, file));
const manifest = publishedManifest(JSON.parse(readFileSync('package.json', 'utf8')));
await vendorDependencies(DIST);
await bundleEntries(DIST, manifest.exports as PackageExports);
cpSync('bin', join(OUT, 'bin'), { recursive: true });
cpSync('README.md', join(OUT, 'README.md'));
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`built ${values.out}/: dist/ (and ${copied.length} copied files), bin/, README.md, package.json`);
