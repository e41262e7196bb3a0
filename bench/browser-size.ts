// `node bench/browser-size.ts`: the browser bundle of bench/browser-entry.ts (msw's `setupWorker`
// and crmkit's handlers, as an app's page loads them), built the way an app's bundler builds it
// (vite, ES modules, a dynamic import split into a chunk of its own, minified), gzipped: what loads
// at navigation, what loads only when a workspace is seeded (faker, or seed 1's tape), and what only when a named fault
// is switched on. Prints JSON.
// Target (issue 14): under 300 kB gzip at navigation.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

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
    lib: { entry: fileURLToPath(new URL('./browser-entry.ts', import.meta.url)), formats: ['es'], fileName: () => 'entry.js' },
  },
});
const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
// What navigation loads: the entry and everything it imports statically.
const initial = new Set<string>();
const visit = (name: string) => {
  if (initial.has(name) || !byName.has(name)) return;
  initial.add(name);
  byName.get(name)!.imports.forEach(visit);
};
visit(chunks.find((chunk) => chunk.isEntry)!.fileName);
const size = (names: string[]) => {
  const code = names.map((name) => byName.get(name)!.code).join('\n');
  return { bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).byteLength };
};
// What loads later: faker's chunks when a workspace is seeded (but seed 1 at its default size,
// played back from its tape), the rest (the named faults) when a fault is switched on.
const later = [...byName.keys()].filter((name) => !initial.has(name));
const holds = (part: string) => (name: string) => byName.get(name)!.moduleIds.some((id) => id.includes(part));
const [isFaker, isTape] = [holds('/@faker-js/'), holds('/src/seed/generated/')];
console.log(JSON.stringify({
  atNavigation: size([...initial]),
  whenSeeding: size(later.filter(isFaker)),
  seedTape: size(later.filter(isTape)),
  whenFaultsOn: size(later.filter((name) => !isFaker(name) && !isTape(name))),
}));
