// Bundles a browser entry (TypeScript, importing crmkit's sources and npm packages) into one
// classic script, in memory, with vite's build API. A Node built-in reached from the entry fails
// the build: in a browser it would only be an empty stub.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE_BUILTINS = new Set(builtinModules);

const refuseNodeBuiltins: Plugin = {
  name: 'crmkit:refuse-node-builtins',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.startsWith('node:') || NODE_BUILTINS.has(source)) {
      this.error(`${importer ?? 'the entry'} imports the Node built-in "${source}", which a browser does not have`);
    }
    return null;
  },
};

/** The code of `entry` and everything it imports, as one IIFE script. */
export async function bundleForBrowser(entry: URL): Promise<string> {
  const result = await build({
    configFile: false,
    envDir: false,
    root: REPO_ROOT,
    publicDir: false,
    logLevel: 'warn',
    plugins: [refuseNodeBuiltins],
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      target: 'es2023',
      lib: { entry: fileURLToPath(entry), formats: ['iife'], name: 'crmkitBrowserEntry', fileName: () => 'entry.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`expected one chunk, got ${chunks.map((chunk) => chunk.fileName).join(', ')}`);
  return chunks[0]!.code;
}
