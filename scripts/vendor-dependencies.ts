// A build step of `npm run build` (build-package.ts): the dependencies that a test file's start
// loads as hundreds of modules, bundled into the package as one module each under dist/vendor,
// which the compiled core (dist/src) imports instead of the packages (issue 14), and which
// bundle-entries.ts then joins into the entries' bundles. Node neither
// tree-shakes nor joins modules, and each module costs a resolution, a read and a parse:
// - @msw/data 1.1.7 imports `get`, `set`, `unset`, `isEqual` and `isPlainObject` from the barrels
//   `es-toolkit/compat` and `es-toolkit`: 555 modules and 710 kB, 100 ms CPU (upstream: importing
//   `es-toolkit/compat/get` and the like loads about 20 files).
// - Ajv 2020 with ajv-formats: 92 modules, 35 ms CPU to import, 14 ms as one (together, as
//   ajv-formats' code generation must share Ajv's classes).
// An app's bundler already does the same to the sources, so a browser bundle does not change. The
// packages stay dependencies, for the declarations, which name their types, and for the rest of
// the package (the scenario runner). Their licences are copied beside the bundles.
import { copyFileSync, existsSync, globSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build, type Rolldown } from 'vite';

type Vendored = {
  /** The bundle's file under dist/vendor. */
  file: string;
  /** What it exports, as an ES module over the packages. */
  entry: string;
  /** The import specifiers in dist/src that now name the bundle. */
  replaces: string[];
};

const VENDORED: Vendored[] = [
  {
    file: 'msw-data.js',
    entry: "export * from '@msw/data';\n",
    replaces: ['@msw/data'],
  },
  {
    file: 'ajv.js',
    // The default export is ajv-formats' plugin, as `import addFormats from 'ajv-formats'` reads it.
    entry: "export { Ajv2020 } from 'ajv/dist/2020.js';\nexport { default } from 'ajv-formats';\n",
    replaces: ['ajv/dist/2020.js', 'ajv-formats'],
  },
];

export async function vendorDependencies(dist: string): Promise<void> {
  const vendor = join(dist, 'vendor');
  mkdirSync(vendor, { recursive: true });
  for (const vendored of VENDORED) {
    const { code, packages } = await bundle(vendored);
    writeFileSync(
      join(vendor, vendored.file),
      `// ${packages.join(', ')} (see the LICENSE files beside this file), bundled by crmkit's scripts/vendor-dependencies.ts.\n${code}`,
    );
    for (const name of packages) copyFileSync(licenseOf(name), join(vendor, `${name.replace('@', '').replace('/', '-')}.LICENSE`));
    importFromBundle(dist, vendored);
  }
}

async function bundle({ file, entry }: Vendored): Promise<{ code: string; packages: string[] }> {
  // The entry sits in the repository, so that its imports resolve to the repository's node_modules.
  const entryFile = join(process.cwd(), `.vendor-entry-${file}`);
  writeFileSync(entryFile, entry);
  try {
    const result = await build({
      configFile: false,
      envDir: false,
      publicDir: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        sourcemap: false,
        target: 'es2023',
        lib: { entry: entryFile, formats: ['es'], fileName: () => file },
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
    if (chunks.length !== 1) throw new Error(`${file} bundled into ${chunks.length} chunks, not one`);
    if (/^import /m.test(chunks[0]!.code)) throw new Error(`${file} still imports other modules`);
    return { code: chunks[0]!.code, packages: packagesOf(chunks[0]!.moduleIds) };
  } finally {
    rmSync(entryFile, { force: true });
  }
}

/** The packages whose modules a bundle carries (for their licences). */
function packagesOf(moduleIds: readonly string[]): string[] {
  const names = moduleIds.map((id) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1]).filter((name) => name !== undefined);
  if (!names.length) throw new Error('the bundle carries no package');
  return [...new Set(names)].sort();
}

/** Points the compiled core's imports of the packages at the bundle. */
function importFromBundle(dist: string, { file, replaces }: Vendored): void {
  for (const compiled of globSync(join(dist, 'src/**/*.js'))) {
    const code = readFileSync(compiled, 'utf8');
    const path = relative(dirname(compiled), join(dist, 'vendor', file));
    const rewritten = replaces.reduce(
      (text, specifier) => text.replaceAll(`from '${specifier}'`, `from '${path.startsWith('.') ? path : `./${path}`}'`),
      code,
    );
    if (rewritten !== code) writeFileSync(compiled, rewritten);
  }
}

/** Where a package is installed (some do not export their package.json to `require.resolve`). */
function packageFolder(name: string): string {
  const paths = createRequire(join(process.cwd(), 'package.json')).resolve.paths(name) ?? [];
  const folder = paths.map((path) => join(path, name)).find((path) => existsSync(join(path, 'package.json')));
  if (!folder) throw new Error(`${name} is not installed`);
  return folder;
}

function licenseOf(name: string): string {
  const folder = packageFolder(name);
  const [license] = globSync('LICEN[CS]E*', { cwd: folder });
  if (!license) throw new Error(`${name} has no LICENSE file`);
  return join(folder, license);
}
