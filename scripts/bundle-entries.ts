// A build step of `npm run build` (build-package.ts), after vendor-dependencies.ts: the package's
// own compiled modules joined per entry point into dist/bundle/ (issue 14). Node neither joins
// nor tree-shakes modules, and each of the hundreds under dist/src costs a resolution, a read and
// a parse: `crmkit/msw`'s import went from 137 to 86 ms (round one's trial).
// - The entries (the package's exports and the command line) keep their files, which now
//   re-export their bundle, so that package.json's exports, bin/crmkit.js and the declarations
//   beside them (still one per source file) stay as they are. The chunks the entries share, and
//   those loaded later (faults, by name), sit beside them; packages stay imports of their own.
// - Each bundled module's `import.meta.url` is its own file's URL still, for what is read or
//   loaded by its path from there (the inspector's page, the rule catalog, the scenario schema,
//   the webhook sender, which load-sender.ts keeps from bundlers). What the bundle holds is then
//   removed (removeBundled), but for the sender and what it imports and the files the package exports.
import { existsSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/** The entries, by their file under dist/ (without `.js`). */
const ENTRIES = ['src/index', 'src/adapters/msw', 'conformance/index', 'scenarios/index', 'src/cli/main'];
const BUNDLE = 'bundle';
/** Compiled modules loaded by their path, not bundled (src/resources/webhooks/load-sender.ts). */
const LOADED_BY_PATH = ['src/resources/webhooks/webhook-sender.js'];

/** What package.json's `exports` map: a path under the package, or one per condition. */
export type PackageExports = Record<string, string | Record<string, string>>;

export async function bundleEntries(dist: string, exports: PackageExports): Promise<void> {
  const outDir = join(dist, BUNDLE);
  const result = await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'silent',
    plugins: [ownModuleUrls(outDir)],
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      sourcemap: false,
      target: 'es2023',
      lib: { entry: Object.fromEntries(ENTRIES.map((entry) => [entryName(entry), join(dist, `${entry}.js`)])), formats: ['es'] },
      rolldownOptions: {
        // Packages and Node's modules stay imports: only this package's files are joined.
        external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  for (const entry of ENTRIES) {
    const file = join(dist, `${entry}.js`);
    const chunk = chunks.find((item) => item.isEntry && item.name === entryName(entry));
    if (!chunk) throw new Error(`no bundle for ${entry}`);
    // The entries sit in folders beside dist/bundle: the path starts with `../`.
    const target = relative(dirname(file), join(outDir, chunk.fileName));
    // `export *` leaves out a default export: the entries have none.
    if (chunk.exports.includes('default')) throw new Error(`${entry} has a default export`);
    writeFileSync(file, `// Bundled with the modules it imports (scripts/bundle-entries.ts).\nexport * from '${target}';\n`);
  }
  removeBundled(
    dist,
    chunks.flatMap((chunk) => chunk.moduleIds),
    exports,
  );
}

/**
 * Removes what the bundle holds or needs no more: the compiled modules (their declarations stay),
 * the vendored packages (vendor-dependencies.ts; their licences stay) and the JSON it inlines (the
 * runtime documents, seed 1's tape), all but the entries and LOADED_BY_PATH with what they import,
 * and the files the package exports by path (the full documents). Files read by their path (the
 * inspector page's scripts) are in no bundle and stay.
 */
function removeBundled(dist: string, bundledIds: string[], exports: PackageExports): void {
  const kept = new Set([...ENTRIES.map((entry) => `${entry}.js`), ...importedBy(dist, LOADED_BY_PATH), ...exportedFiles(dist, exports)]);
  const compiled = globSync('**/*.js', { cwd: dist }).filter((file) => existsSync(join(dist, file.replace(/\.js$/, '.d.ts'))));
  const bundled = bundledIds.map((id) => relative(dist, id)).filter((file) => !file.startsWith('..') && existsSync(join(dist, file)));
  for (const file of new Set([...compiled, ...bundled])) if (!kept.has(file)) rmSync(join(dist, file));
}

/** The files under dist/ that package.json's exports name. */
function exportedFiles(dist: string, exports: PackageExports): string[] {
  return Object.values(exports)
    .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
    .map((path) => relative(dist, join(dist, '..', path)));
}

/** `files` and the compiled modules they import, transitively (relative specifiers only). */
function importedBy(dist: string, files: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const [, specifier] of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      visit(relative(dist, join(dist, dirname(file), specifier!)));
    }
  };
  files.forEach(visit);
  return found;
}

function entryName(entry: string): string {
  return entry.replaceAll('/', '-');
}

/**
 * Each module's `import.meta.url`, in the bundle, as the URL of its file under dist/ (which
 * stays), written relative to the bundle's folder so that the package still moves as a whole.
 */
function ownModuleUrls(outDir: string): Plugin {
  return {
    name: 'crmkit-own-module-urls',
    enforce: 'pre',
    transform(code, id) {
      if (!code.includes('import.meta.url')) return null;
      const path = relative(outDir, id);
      return code.replaceAll('import.meta.url', `new URL(${JSON.stringify(path)}, import.meta.url).href`);
    },
  };
}
