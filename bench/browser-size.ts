// `node bench/browser-size.ts`: the browser bundle of bench/browser-entry.ts (msw's `setupWorker`
// and crmkit's handlers, as an app's page loads them), built as an app's bundler builds it
// (app-build.ts), gzipped: what loads at navigation, what loads on the first call of a route (each
// tag's handlers, the control API), what only when a workspace is seeded (faker, or seed 1's
// tape), and what only when a named fault is switched on. Prints JSON.
// Target (issue 14): under 300 kB gzip at navigation.
import { gzipSync } from 'node:zlib';
import { buildAsAnApp, type AppChunk } from './app-build.ts';

const { chunks, atNavigation } = await buildAsAnApp(new URL('./browser-entry.ts', import.meta.url));
const size = (list: AppChunk[]) => {
  const code = list.map((chunk) => chunk.code).join('\n');
  return { bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).byteLength };
};
const later = [...chunks.values()].filter((chunk) => !atNavigation.has(chunk.fileName));
const holds = (part: RegExp) => (chunk: AppChunk) => chunk.moduleIds.some((id) => part.test(id));
const [isFaker, isTape, isFaults] = [
  holds(/\/@faker-js\//),
  holds(/\/src\/seed\/generated\//),
  holds(/\/src\/faults\/(areas\/[\w-]+|hunt-faults)\.ts$/),
];
console.log(
  JSON.stringify({
    atNavigation: size([...atNavigation].map((name) => chunks.get(name)!)),
    onFirstCalls: size(later.filter((chunk) => !isFaker(chunk) && !isTape(chunk) && !isFaults(chunk))),
    whenSeeding: size(later.filter(isFaker)),
    seedTape: size(later.filter(isTape)),
    whenFaultsOn: size(later.filter(isFaults)),
  }),
);
