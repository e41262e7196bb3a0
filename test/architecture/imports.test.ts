// The shape of src/ (issue 23): no file reaches itself through its runtime imports, and the core
// imports nothing of the proof. The faults and the other readings fill seams the core owns
// (seams/), switched on by the assembly (mock.ts), the control API and the command line; no
// resource, pipeline or store module may name them, so a mock without faults loads none and a
// fault cannot be a second copy of the core's routing.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
/** Where the proof may be named: the folders of the proof themselves, and what switches it on. */
const MAY_NAME_THE_PROOF = ['faults/', 'other-readings/', 'control/fault-handlers.ts', 'cli/', 'adapters/msw.ts', 'mock.ts', 'index.ts'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A file's imports (static and dynamic), relative to src/; without `types`, only those that load code (not `import type`). */
function importsOf(file: string, { types = false } = {}): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = types
    ? /^\s*(import|export)[^'"]*?['"](\.[^'"]+\.ts)['"]/gm
    : /^\s*(import|export)(?!\s+type\b)[^'"]*?['"](\.[^'"]+\.ts)['"]/gm;
  for (const match of text.matchAll(statement)) found.push(match[2]!);
  for (const match of text.matchAll(/import\(\s*['"](\.[^'"]+\.ts)['"]\s*\)/g)) found.push(match[1]!);
  return found.map((target) => relative(SRC, normalize(join(dirname(file), target))));
}

const files = sourceFiles(SRC).map((file) => relative(SRC, file));
const graph = new Map(files.map((file) => [file, importsOf(join(SRC, file))]));

/**
 * The folders of src/ and what they import, for knots (issue 23: a lower layer never reaches up):
 * a file directly in src/ (the assembly, the package's entry) is a node of its own.
 */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);
const folderGraph = new Map<string, string[]>();
for (const [file, targets] of graph) {
  const from = folderOf(file);
  const reached = new Set([...(folderGraph.get(from) ?? []), ...targets.map(folderOf).filter((folder) => folder !== from)]);
  folderGraph.set(from, [...reached]);
}

/** One cycle in a graph of imports, if any (depth-first, white-grey-black). */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const nodes = [...graph.keys()];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const node of nodes) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the imports of src/', () => {
  it('hold no cycle', () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it('tie no knot of folders: no folder reaches, through others, one that imports it', () => {
    expect(findCycle(folderGraph)).toBeUndefined();
    // The test sees the layers: the pipeline imports the store, the store never the pipeline.
    expect(folderGraph.get('http')).toEqual(expect.arrayContaining(['errors', 'wire', 'auth']));
  });

  it('of the core name nothing of the faults or the other readings, not even a type', () => {
    const core = files.filter(
      (file) => !MAY_NAME_THE_PROOF.some((allowed) => file === allowed || (allowed.endsWith('/') && file.startsWith(allowed))),
    );
    const reachingUp = core.flatMap((file) =>
      importsOf(join(SRC, file), { types: true })
        .filter((target) => /^(faults|other-readings)\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(reachingUp).toEqual([]);
    // The test sees the core: the pipeline, the resources and the queue are in it.
    expect(core).toEqual(expect.arrayContaining(['http/handle.ts', 'resources/webhooks/webhook-attempt.ts', 'seams/delivery-seams.ts']));
  });
});
