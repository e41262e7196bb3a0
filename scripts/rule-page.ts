// The rules page (issue 23, item 3: moto's generated coverage page): docs/rules.md lists, area by
// area, every rule of the catalog with its section, its checks, the mutants that prove it, the
// operations its checks judged it on, and the tests that name it. Everything but the operations is
// read from the tree; the operations come from docs/rule-operations.json, which `--measure` writes
// from one run of the suite against a clean mock (each verdict's exchange names its operation;
// observers judge every answer, so their rules say so instead). The same run writes
// docs/check-operations.json: per check, the operations it was answered 2xx by, from which the
// mutation test picks the checks whose requests reach what a fault breaks (test/support/fault-runs.ts).
// `--check` only compares, and fails when the page is stale (npm test); run `--measure` when checks
// change what they send.
//
//   node scripts/rule-page.ts [--measure] [--check]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CHECKS } from '../conformance/areas/index.ts';
import { loadCatalog, SECTIONS, type Rule } from '../conformance/rules/catalog.ts';
import { SHAPE_FILE } from '../conformance/rules/shape-rules.ts';
import { runConformance } from '../conformance/run.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { FAULT_PROOFS } from '../src/faults/fault-proofs.ts';
import { createMock } from '../src/mock.ts';
import { faultArea } from '../test/support/fault-runs.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGE = join(ROOT, 'docs/rules.md');
const OPERATIONS = join(ROOT, 'docs/rule-operations.json');
const CHECK_OPERATIONS = join(ROOT, 'docs/check-operations.json');

type Measured = { byRule: Record<string, string[]>; byCheck: Record<string, string[]> };

/** One run of the whole suite against a clean mock: per rule, the operations its verdicts were judged on; per check, those it was answered 2xx by. */
async function measureOperations(): Promise<Measured> {
  const byRule = new Map<string, Set<string>>();
  const byCheck = new Map<string, Set<string>>();
  const server = await startServer(createMock({ allowPrivateWebhooks: true }), { port: 0, host: '127.0.0.1' });
  try {
    await runConformance({
      baseUrl: server.url,
      onVerdicts: (check, verdicts, exchanges) => {
        for (const { rule, exchange } of verdicts) {
          const operation = exchange?.operation?.id;
          if (operation) byRule.set(rule, (byRule.get(rule) ?? new Set()).add(operation));
        }
        const answered = exchanges.filter((exchange) => exchange.status >= 200 && exchange.status < 300 && exchange.operation);
        byCheck.set(check.id, new Set(answered.map((exchange) => exchange.operation!.id)));
      },
    });
  } finally {
    await server.close();
  }
  return { byRule: sortedRecord(byRule), byCheck: sortedRecord(byCheck) };
}

const sortedRecord = (map: Map<string, Set<string>>) =>
  Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([key, ids]) => [key, [...ids].sort()]));

function testFiles(folder = join(ROOT, 'test')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? testFiles(path) : entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The tests that name a rule: those whose text holds its id, and the mutation test file of each area whose mutants prove it. */
function testsByRule(rules: Rule[]): Map<string, string[]> {
  const texts = testFiles().map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
  return new Map(
    rules.map((rule) => {
      const naming = texts.filter(({ text }) => text.includes(`'${rule.id}'`) || text.includes(`"${rule.id}"`)).map(({ path }) => path);
      const mutation = mutantsOf(rule.id).map((fault) => `test/conformance/mutation/${faultArea({ name: fault })}.test.ts`);
      return [rule.id, [...new Set([...naming, ...mutation])].sort()];
    }),
  );
}

const provers = new Map<string, string[]>();
for (const [fault, rules] of Object.entries(FAULT_PROOFS))
  for (const rule of rules) provers.set(rule, [...(provers.get(rule) ?? []), fault]);
const mutantsOf = (rule: string) => provers.get(rule) ?? [];

const OBSERVERS = new Set(ALL_CHECKS.filter((check) => check.kind === 'observer').map((check) => check.id));

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const codes = (items: string[]) => items.map((item) => `\`${item}\``).join(' ');

function row(rule: Rule, operations: Record<string, string[]>, tests: Map<string, string[]>): string {
  const judgedBy = rule.checks.length ? codes(rule.checks) : `not observable: ${cell(rule.unobservable ?? '')}`;
  const mutants = mutantsOf(rule.id).length
    ? codes(mutantsOf(rule.id))
    : rule.unproven
      ? `none: ${cell(rule.unproven)}`
      : rule.checks.length
        ? '**none yet**'
        : '';
  const observed = rule.checks.some((check) => OBSERVERS.has(check)) ? ['every answer it bears on (an observer)'] : [];
  const reached = [codes(operations[rule.id] ?? []), ...observed].filter(Boolean).join(' ');
  const kind = rule.reading ? ' (reading)' : '';
  return `| \`${rule.id}\`${kind} | ${rule.section} | ${cell(rule.rule)} | ${judgedBy} | ${mutants} | ${reached} | ${tests
    .get(rule.id)!
    .map((path) => `\`${path}\``)
    .join(' ')} |`;
}

function render(operations: Record<string, string[]>): string {
  const rules = loadCatalog();
  const tests = testsByRule(rules);
  const areas = new Map<string, Rule[]>();
  for (const rule of rules) {
    const area = rule.file === SHAPE_FILE ? 'answer shapes (one rule per operation)' : rule.area;
    areas.set(area, [...(areas.get(area) ?? []), rule]);
  }
  const judged = rules.filter((rule) => rule.checks.length);
  const proven = judged.filter((rule) => mutantsOf(rule.id).length);
  const lines = [
    '<!-- Generated by `node scripts/rule-page.ts` from the catalog, the checks, the mutants and the tests. Do not edit. -->',
    '# The rules, with what judges and proves them',
    '',
    `${rules.length} rules in ${areas.size} areas; ${judged.length} judged by a check; ${proven.length} of those proven by a mutant (a named fault under which the rule fails).`,
    'Per rule: the spec section, the rule, the checks that judge it, the mutants that prove it, the operations its checks judged it on (one run against a clean mock), and the tests that name it.',
    `Sections: ${Object.entries(SECTIONS)
      .map(([number, title]) => `${number} ${title}`)
      .join('; ')}.`,
    '',
  ];
  for (const [area, of] of areas) {
    const unproven = of.filter((rule) => rule.checks.length && !mutantsOf(rule.id).length && !rule.unproven).length;
    lines.push(`## ${area}`, '', `${of.length} rules; judged and not proven by a mutant yet: ${unproven}.`, '');
    lines.push('| rule | § | what the spec asks | checks | mutants | operations | tests |', '|---|---|---|---|---|---|---|');
    lines.push(...of.map((rule) => row(rule, operations, tests)), '');
  }
  return lines.join('\n');
}

const measure = process.argv.includes('--measure');
const measured = measure ? await measureOperations() : undefined;
const operations: Record<string, string[]> = measured?.byRule ?? JSON.parse(readFileSync(OPERATIONS, 'utf8'));
if (measured) {
  writeFileSync(OPERATIONS, `${JSON.stringify(measured.byRule, null, 1)}\n`);
  writeFileSync(CHECK_OPERATIONS, `${JSON.stringify(measured.byCheck, null, 1)}\n`);
}
const page = render(operations);
if (process.argv.includes('--check')) {
  if (readFileSync(PAGE, 'utf8') !== page) {
    console.error(`${relative(ROOT, PAGE)} is stale: run \`node scripts/rule-page.ts\``);
    process.exit(1);
  }
  console.log(`${relative(ROOT, PAGE)} is up to date`);
} else {
  writeFileSync(PAGE, page);
  console.log(`wrote ${relative(ROOT, PAGE)}${measure ? `, ${relative(ROOT, OPERATIONS)} and ${relative(ROOT, CHECK_OPERATIONS)}` : ''}`);
}
