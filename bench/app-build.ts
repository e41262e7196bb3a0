// A browser entry built the way an app's bundler builds it (vite, ES modules, each dynamic import
// split into a chunk of its own, minified, production): what bench/browser-size.ts weighs and
// bench/browser-first-answer.ts serves to Chromium, so that both measure the same files.
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

export type AppChunk = Rolldown.OutputChunk;

/** The chunks of `entry`'s build by file name, and the names of those navigation loads (the entry and its static imports). */
export async function buildAsAnApp(entry: URL): Promise<{ chunks: Map<string, AppChunk>; entryFile: string; atNavigation: Set<string> }> {
  const result = await build({
    configFile: false,
    envDir: false,
    root: fileURLToPath(new URL('../', import.meta.url)),
    publicDir: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      target: 'es2023',
      lib: { entry: fileURLToPath(entry), formats: ['es'], fileName: () => 'entry.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const list = outputs.flatMap((output) => output.output).filter((item): item is AppChunk => item.type === 'chunk');
  const chunks = new Map(list.map((chunk) => [chunk.fileName, chunk]));
  const entryFile = list.find((chunk) => chunk.isEntry)!.fileName;
  const atNavigation = new Set<string>();
  const visit = (name: string) => {
    if (atNavigation.has(name) || !chunks.has(name)) return;
    atNavigation.add(name);
    chunks.get(name)!.imports.forEach(visit);
  };
  visit(entryFile);
  return { chunks, entryFile, atNavigation };
}
