// The suite's list of checks (issue 23, item 3: adding a rule touches its area's rules.yaml, a check
// file and a mutant, nothing else): conformance/areas/index.ts is written from the area folders.
// Active checks run by area (src/spec/areas.ts, AREAS order), file by file; those that leave
// something behind (`leaves`, conformance/check.ts) after the rest: a moved clock first, then what is
// used up. Observers judge every exchange at the end whatever their place. `--check` only compares
// (npm test), and fails when the list is stale.
//
//   node scripts/checks-index.ts [--check]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS } from '../src/spec/areas.ts';

const AREAS_DIR = fileURLToPath(new URL('../conformance/areas/', import.meta.url));
const INDEX = join(AREAS_DIR, 'index.ts');
const PHASES = [undefined, 'moved-clock', 'used-up'];

type Entry = { area: string; file: string; name: string; phase: number };

/** Every check an area folder's files export (`export const name: ActiveCheck | Observer`). */
function entriesOf(area: string): Entry[] {
  const folder = join(AREAS_DIR, area);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .flatMap((file) => {
      const source = readFileSync(join(folder, file), 'utf8');
      const leaves = /\n {2}leaves: '([a-z-]+)',/.exec(source)?.[1];
      // One taxonomy (issue 23): a check's file is in the folder of its area, and its id starts with it.
      for (const [, id, declared] of source.matchAll(/\n {2}id: '([^']+)',\n {2}area: '([a-z]+)',/g))
        if (declared !== area || !id!.startsWith(`${area}.`))
          throw new Error(`${area}/${file}: check ${id} of area ${declared} is not in its area's folder`);
      return [...source.matchAll(/^export const (\w+): (?:ActiveCheck|Observer) = \{/gm)].map((match) => ({
        area,
        file,
        name: match[1]!,
        phase: PHASES.indexOf(leaves),
      }));
    });
}

function indexSource(): string {
  const entries = AREAS.flatMap(entriesOf);
  const bad = entries.filter((entry) => entry.phase < 0);
  if (bad.length) throw new Error(`unknown leaves in ${bad.map((entry) => `${entry.area}/${entry.file}`).join(', ')}`);
  const ordered = PHASES.flatMap((_, phase) => entries.filter((entry) => entry.phase === phase));
  // A name two areas both use (forms' and oauth's `consent`) is imported under its area's prefix.
  const taken = (name: string) => entries.filter((entry) => entry.name === name).length > 1;
  const local = ({ area, name }: Entry) => (taken(name) ? `${area}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  const imports = entries.map((entry) => {
    const as = local(entry) === entry.name ? entry.name : `${entry.name} as ${local(entry)}`;
    return `import { ${as} } from './${entry.area}/${entry.file}';`;
  });
  return [
    '// Written by scripts/checks-index.ts from the area folders: do not edit (npm test fails when it is stale).',
    '// Active checks run in this order; observers judge every exchange at the end.',
    "import type { Check } from '../check.ts';",
    ...imports,
    '',
    'export const ALL_CHECKS: Check[] = [',
    ...ordered.map((entry) => `  ${local(entry)},`),
    '];',
    '',
  ].join('\n');
}

const source = indexSource();
if (process.argv.includes('--check')) {
  if (readFileSync(INDEX, 'utf8') !== source) {
    console.error('conformance/areas/index.ts is stale: run node scripts/checks-index.ts');
    process.exit(1);
  }
} else writeFileSync(INDEX, source);
