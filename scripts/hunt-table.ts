// The blind hunt's table (issue 26 item 4): the whole conformance suite against the mock with each
// hunt fault on, as the mutation test runs it (test/conformance/mutation/mutation-suite.ts), and
// against the clean mock. A fault is caught when at least one check fails that passes on the clean
// mock. With `--explore before|round-two|after|round-four`, `crmkit explore --budget 120` instead (hunt-explore.ts), kept
// under that label with the explorer's commit. Each run goes in a child process of its own, `--jobs`
// at a time (default 2); results are kept in docs/hunt-2026-12-02.json so that `--only a,b` measures
// again just those, and the table (Markdown) is printed from every result kept.
//
//   node scripts/hunt-table.ts [--explore before|round-two|after|round-four] [--jobs 2] [--only name,name] [--print]
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runConformance } from '../conformance/run.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { HUNT, huntFaults, type HuntFault } from '../src/faults/hunt-faults.ts';
import { createMock } from '../src/mock.ts';
import { EXPLORE_COMMAND, exploreAgainst, explorerCommit, type ExploreMeasure, type ExploreRun } from './hunt-explore.ts';

const RESULTS = new URL(`../docs/${HUNT}.json`, import.meta.url);
const CLEAN = '(clean)';

/** One run: the ids of the checks that failed, and how long it took. */
type Run = { failed: string[]; seconds: number };
/** What the file keeps: the checks' runs, and the explorer's measures by label (before, after). */
type Results = { checks: Record<string, Run>; explore: Record<string, ExploreMeasure> };
/**
 * The explorer when the hunt was written, after its second round of coverage work (as merged), after
 * the third, and after the fourth (the events delivered and the former misses closed).
 */
type Label = 'before' | 'round-two' | 'after' | 'round-four';

/** The suite against a mock with these faults on (none: the clean mock), with deliveries to 127.0.0.1 allowed for the receiver. */
async function measure(faults: string[]): Promise<Run> {
  const started = performance.now();
  const mock = createMock({ faults, allowPrivateWebhooks: true });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  try {
    const report = await runConformance({ baseUrl: server.url });
    const failed = report.results.filter((result) => result.outcome === 'failed').map((result) => result.id);
    return { failed, seconds: Math.round((performance.now() - started) / 1000) };
  } finally {
    await server.close();
  }
}

/** Runs `name` (or the clean mock) in a child process, so that runs share no state and use two cores. */
async function measureApart<T>(mode: '--measure' | '--measure-explore', name: string): Promise<T> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, [script, mode, name], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

/** Measures each name `jobs` at a time into `into`, saving the file after each. */
async function measureAll<T>(
  names: string[],
  jobs: number,
  measureOne: (name: string) => Promise<T>,
  into: Record<string, T>,
  save: () => void,
): Promise<void> {
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      into[name] = await measureOne(name);
      save();
      console.error(`${name}: ${JSON.stringify(into[name]).slice(0, 160)}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

/**
 * Checks that fail under a fault for how fault wrappers work, not for the fault's bug: a wrapper
 * that reads a POST /v1/query body waits for it before the mock admits the request, so a request
 * whose body the check holds back is never counted in flight (the existing query-not-ignored,
 * which rewrites the body the same way, fails this check too). Shown, not counted as a catch.
 */
const WRAPPER_ARTIFACTS = new Set(['limits.concurrency-limited']);

/** The checks that fail with the fault on and pass on the clean mock (artifacts of wrapping apart, or only them). */
function failedBeyondClean(results: Record<string, Run>, fault: HuntFault, artifacts: boolean): string[] | undefined {
  const clean = new Set(results[CLEAN]?.failed ?? []);
  return results[fault.name]?.failed.filter((id) => !clean.has(id) && WRAPPER_ARTIFACTS.has(id) === artifacts);
}

const catchers = (results: Record<string, Run>, fault: HuntFault) => failedBeyondClean(results, fault, false);

function table(results: Record<string, Run>): string {
  const rows = huntFaults.map((fault) => {
    const caught = catchers(results, fault);
    const verdict = caught === undefined ? 'not measured' : caught.length ? 'yes' : 'no';
    const artifacts = (failedBeyondClean(results, fault, true) ?? []).map((id) => `\`${id}\``).join(', ');
    return `| ${fault.name} | ${fault.huntArea} | ${fault.spec} | ${verdict} | ${(caught ?? []).map((id) => `\`${id}\``).join(', ')} | ${artifacts} |`;
  });
  const measured = huntFaults.filter((fault) => catchers(results, fault) !== undefined);
  const caught = measured.filter((fault) => catchers(results, fault)!.length > 0);
  const areas = [...new Set(huntFaults.map((fault) => fault.huntArea))].map((area) => {
    const of = measured.filter((fault) => fault.huntArea === area);
    return `| ${area} | ${of.length} | ${of.filter((fault) => caught.includes(fault)).length} | ${of.filter((fault) => !caught.includes(fault)).length} |`;
  });
  return [
    `# The blind hunt of ${HUNT} (issue 26 item 4): what the checks catch`,
    '',
    `${huntFaults.length} faults (src/faults/hunt-faults.ts), written from the spec, the document and the mock before reading any check.`,
    'Each row: the whole conformance suite against `createMock({faults: [name], allowPrivateWebhooks: true})` (as the mutation test runs it);',
    'caught = at least one check failed that passes on the clean mock. Measured before any fix, by `node scripts/hunt-table.ts` (raw results in',
    `docs/${HUNT}.json). Each fault is shown real by test/hunt/hunt-faults.test.ts.`,
    '',
    'An artifact of wrapping is a check that fails for how the fault wraps the mock, not for its bug: `limits.concurrency-limited` fails under any',
    'fault that reads a POST /v1/query body before the mock admits the request (the existing query-not-ignored too); it is shown, not counted.',
    '',
    `Caught by the checks: ${caught.length} of ${measured.length} measured (${huntFaults.length} faults); missed: ${measured.length - caught.length}. Clean mock: ${results[CLEAN]?.failed.length ?? '?'} checks failed.`,
    '',
    '| fault | area | spec § | caught by checks | checks that failed (and pass on the clean mock) | also failed, an artifact of wrapping (not counted) |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '| area | faults | caught | missed |',
    '|---|---|---|---|',
    ...areas,
  ].join('\n');
}

const LABELS: Label[] = ['before', 'round-two', 'after', 'round-four'];
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** Whether the explorer found the fault (a divergence) in a measure: undefined when not measured. */
function explorerFound(measure: ExploreMeasure | undefined, fault: HuntFault): boolean | undefined {
  const run = measure?.results[fault.name];
  return run && run.divergences.length > 0;
}

/** The summary of one measure: by the checks only, by explore alone, by both, by neither; the shrink medians. */
function exploreSummary(results: Results, label: Label): string {
  const measure = results.explore[label];
  if (!measure) return `- ${label}: not measured`;
  const rows = huntFaults.map((fault) => ({
    checks: (catchers(results.checks, fault) ?? []).length > 0,
    explore: explorerFound(measure, fault),
  }));
  const measured = rows.filter((row) => row.explore !== undefined);
  const count = (checks: boolean, explore: boolean) => measured.filter((row) => row.checks === checks && row.explore === explore).length;
  const missedByChecks = measured.filter((row) => !row.checks).length;
  const firsts = Object.entries(measure.results)
    .filter(([name]) => name !== CLEAN)
    .flatMap(([, run]) => (run.first ? [run.first] : []));
  const clean = measure.results[CLEAN];
  return [
    `- ${label} (\`${measure.command}\`, explorer at ${measure.commit}; ${measured.length} of ${huntFaults.length} measured): checks only ${count(true, false)}, explore alone ${count(false, true)}, ` +
      `both ${count(true, true)}, neither ${count(false, false)}; of the ${missedByChecks} the checks missed, explore catches ${count(false, true)} ` +
      `(${missedByChecks ? Math.round((100 * count(false, true)) / missedByChecks) : 0} %)`,
    `  clean mock: ${clean ? `${clean.divergences.length} divergences in ${clean.stepsRun} calls` : 'not measured'}; ` +
      `first divergence's length, median: ${median(firsts.map((first) => first.originalLength)) ?? '-'} steps before shrinking, ${median(firsts.map((first) => first.shrunkLength)) ?? '-'} after`,
  ].join('\n');
}

function exploreTable(results: Results): string {
  const yes = (found: boolean | undefined) => (found === undefined ? 'not measured' : found ? 'yes' : 'no');
  const rows = huntFaults.map((fault) => {
    const checks = (catchers(results.checks, fault) ?? []).length > 0;
    const cells = LABELS.map((label) => {
      const run = results.explore[label]?.results[fault.name];
      return [
        yes(explorerFound(results.explore[label], fault)),
        run?.first ? `\`${run.first.signature}\` (${run.first.originalLength} → ${run.first.shrunkLength})` : '',
      ];
    });
    return `| ${fault.name} | ${fault.huntArea} | ${checks ? 'yes' : 'no'} | ${cells.map((cell) => cell.join(' | ')).join(' | ')} |`;
  });
  return [
    "## The explorer's column: `crmkit explore --budget 120` against a mock with each fault on (each measure's command below)",
    '',
    'Caught by explore = the run reported a divergence (the oracle a clean crmkit workspace in process). Before: the explorer as it was',
    'when the hunt was written, measured before any change to it; round-two: after the second round of coverage work, as merged; after:',
    'after the third; round-four: after the fourth (the events each side delivered, and the misses of the third closed). A measure may',
    'cover only the faults the checks missed. The first divergence is shown with its length before and after shrinking (at most 20',
    'replays). Raw results: `explore` in the JSON file.',
    '',
    ...LABELS.map((label) => exploreSummary(results, label)),
    '',
    `| fault | area | caught by checks | ${LABELS.map((label) => `explore ${label} | first divergence ${label}`).join(' | ')} |`,
    `|---|---|---|${LABELS.map(() => '---|---|').join('')}`,
    ...rows,
  ].join('\n');
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const one = option('--measure');
const explored = option('--measure-explore');
if (one !== undefined) {
  console.log(JSON.stringify(await measure(one === CLEAN ? [] : [one])));
} else if (explored !== undefined) {
  console.log(JSON.stringify(await exploreAgainst(explored === CLEAN ? [] : [explored])));
} else {
  const results: Results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : { checks: {}, explore: {} };
  const save = () => writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  const label = option('--explore') as Label | undefined;
  if (label !== undefined && !LABELS.includes(label)) throw new Error(`--explore takes ${LABELS.join(', ')}`);
  if (!process.argv.includes('--print')) {
    const only = option('--only')?.split(',');
    const names = [CLEAN, ...huntFaults.map((fault) => fault.name)].filter((name) => !only || only.includes(name));
    const jobs = Number(option('--jobs') ?? 2);
    if (label) {
      const measure = (results.explore[label] = {
        ...results.explore[label],
        commit: explorerCommit(),
        command: EXPLORE_COMMAND,
        results: results.explore[label]?.results ?? {},
      });
      await measureAll(names, jobs, (name) => measureApart<ExploreRun>('--measure-explore', name), measure.results, save);
    } else await measureAll(names, jobs, (name) => measureApart<Run>('--measure', name), results.checks, save);
  }
  console.log(table(results.checks));
  console.log(`\n${exploreTable(results)}`);
}
