// Writes test/conformance/mutation/unproven-baseline.txt from the declarations: the judged rules
// (rules with checks) that no fault's `proves` names and whose catalog entry gives no `unproven`
// reason, by area. unproven-rules.test.ts holds the file to them; after merging branches that each
// took rules out, this writes what is left (review the diff: the list may only get shorter).
import { writeFileSync } from 'node:fs';
import { loadCatalog } from '../conformance/rules/catalog.ts';
import { FAULT_PROOFS } from '../src/faults/fault-proofs.ts';
import { areaOf } from '../test/support/fault-runs.ts';

const FILE = new URL('../test/conformance/mutation/unproven-baseline.txt', import.meta.url);
const HEADER = `# The judged rules (rules with checks) that no named fault proves and whose catalog entry says no
# \`unproven\` reason: unproven-rules.test.ts fails for one not listed here, and for one listed here
# that a fault now proves. The list can only get shorter: add a fault with \`proves\`, or the reason
# why no single fault can break the rule to its catalog entry (\`unproven:\`), and take the line out.
# Written by scripts/unproven-baseline.ts (the count is printed by the test).
`;

const proven = new Set(Object.values(FAULT_PROOFS).flat());
const unexplained = loadCatalog().filter((rule) => rule.checks.length > 0 && !proven.has(rule.id) && !rule.unproven);
const byArea = new Map<string, string[]>();
for (const rule of unexplained) byArea.set(areaOf(rule.id), [...(byArea.get(areaOf(rule.id)) ?? []), rule.id]);
const sections = [...byArea]
  .sort(([a], [b]) => (a === 'responses' ? 1 : b === 'responses' ? -1 : a.localeCompare(b)))
  .map(([area, ids]) => `\n# ${area}\n${ids.join('\n')}\n`);
writeFileSync(FILE, HEADER + sections.join(''));
console.log(`wrote ${unexplained.length} rules in ${byArea.size} areas`);
