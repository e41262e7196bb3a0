// The README's counts (issue 23, item 3): what the tree holds (rules, readings, checks, faults),
// written between markers `<!-- count:NAME -->1,121<!-- /count -->`, so that no count is typed
// by hand. `--check` only compares, and fails when one is stale (npm test). The figures a run
// measures (rules judged on a target) are written by scripts/measure-deployment-figures.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { ALL_CHECKS } from '../conformance/areas/index.ts';
import { loadCatalog } from '../conformance/rules/catalog.ts';
import { FAULT_CATALOG } from '../src/faults/index.ts';

const README = new URL('../README.md', import.meta.url);
const rules = loadCatalog();

export const COUNTS: Record<string, number> = {
  rules: rules.length,
  'shape-rules': rules.filter((rule) => rule.id.startsWith('responses.shape.')).length,
  observable: rules.filter((rule) => !rule.unobservable).length,
  readings: rules.filter((rule) => rule.reading !== undefined).length,
  checks: ALL_CHECKS.length,
  areas: new Set(ALL_CHECKS.map((check) => check.area)).size,
  faults: FAULT_CATALOG.filter((fault) => !fault.hunt).length,
  'hunt-faults': FAULT_CATALOG.filter((fault) => fault.hunt).length,
};

/** The text with every count marker holding its count; throws on a marker of no known count. */
export function withCounts(text: string, counts: Record<string, number> = COUNTS): string {
  return text.replace(/<!-- count:([a-z-]+) -->[^<]*<!-- \/count -->/g, (_, name: string) => {
    const count = counts[name];
    if (count === undefined) throw new Error(`README.md: no count named ${name}; known: ${Object.keys(counts).join(', ')}`);
    return `<!-- count:${name} -->${count.toLocaleString('en-US')}<!-- /count -->`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = readFileSync(README, 'utf8');
  const fresh = withCounts(text);
  if (process.argv.includes('--check')) {
    if (fresh !== text) {
      console.error('README.md: a count is stale: run `node scripts/readme-counts.ts`');
      process.exit(1);
    }
    console.log('README counts are up to date');
  } else {
    writeFileSync(README, fresh);
    console.log(
      `README.md: ${Object.entries(COUNTS)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}`,
    );
  }
}
