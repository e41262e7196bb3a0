// A build step of `npm run build` (build-package.ts): @msw/data bundled into the package as one
// module, dist/vendor/msw-data.js, which the compiled store imports instead of '@msw/data'.
// @msw/data 1.1.7 imports `get`, `set`, `unset`, `isEqual` and `isPlainObject` from the barrels
// `es-toolkit/compat` and `es-toolkit`: Node, which does not tree-shake, loads 555 modules and
// 710 kB of es-toolkit for them, 110-160 ms CPU of a test file's start (issue 14; upstream, where
// importing `es-toolkit/compat/get` and the like would load about 20 files). A bundler keeps only
// what is used. An app's bundler already does the same to the sources, so the browser bundle does
// not change. The bundle carries @msw/data and its own dependencies (MIT, licences copied beside
// it); `@msw/data` stays a dependency for the declarations, which name its types.
import { copyFileSync, existsSync, globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build, type Rolldown } from 'vite';

const BUNDLED = ['@msw/data', 'es-toolkit', 'mutative', 'rettime', 'outvariant'];

export async function vendorMswData(dist: string): Promise<void> {
  const vendor = join(dist, 'vendor');
  const entry = join(packageFolder('@msw/data'), 'build/index.mjs');
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
      lib: { entry, formats: ['es'], fileName: () => 'msw-data.js' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const output = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = output.flatMap((each) => each.output).filter((item) => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`@msw/data bundled into ${chunks.length} chunks, not one`);
  mkdirSync(vendor, { recursive: true });
  const banner = `// @msw/data with the parts of its dependencies it uses (${BUNDLED.join(', ')}; MIT, see the LICENSE files beside this file), bundled by crmkit's scripts/vendor-msw-data.ts.\n`;
  writeFileSync(join(vendor, 'msw-data.js'), banner + chunks[0]!.code);
  for (const name of BUNDLED) copyFileSync(licenseOf(name), join(vendor, `${name.replace('/', '-').replace('@', '')}.LICENSE`));
  for (const file of globSync(join(dist, 'src/**/*.js'))) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes("from '@msw/data'")) continue;
    const path = relative(dirname(file), join(vendor, 'msw-data.js'));
    writeFileSync(file, code.replaceAll("from '@msw/data'", `from '${path.startsWith('.') ? path : `./${path}`}'`));
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
