// The blind hunt's table (issue 26 item 4): the whole conformance suite against the mock with each
// hunt fault on, as the mutation test runs it (test/conformance/mutation/mutation-suite.ts), and
// against the clean mock. A fault is caught when at least one check fails that passes on the clean
// mock. Each run goes in a child process of its own, `--jobs` at a time (default 2); results are
// kept in docs/hunt-2026-12-02.json so that `--only a,b` measures again just those, and the table
// (Markdown) is printed from every result kept.
//
//   node scripts/hunt-table.ts [--jobs 2] [--only name,name] [--print]
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runConformance } from '../conformance/run.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { HUNT, huntFaults, type HuntFault } from '../src/faults/hunt-faults.ts';
import { createMock } from '../src/mock.ts';

const RESULTS = new URL(`../docs/${HUNT}.json`, import.meta.url);
const CLEAN = '(clean)';

/** One run: the ids of the checks that failed, and how long it took. */
type Run = { failed: string[]; seconds: number };

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
async function measureApart(name: string): Promise<Run> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--measure', name], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

async function measureAll(names: string[], jobs: number, results: Record<string, Run>): Promise<void> {
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      results[name] = await measureApart(name);
      writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
      console.error(`${name}: ${results[name]!.failed.length} failed, ${results[name]!.seconds} s`);
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
    return `| ${fault.name} | ${fault.area} | ${fault.spec} | ${verdict} | ${(caught ?? []).map((id) => `\`${id}\``).join(', ')} | ${artifacts} |`;
  });
  const measured = huntFaults.filter((fault) => catchers(results, fault) !== undefined);
  const caught = measured.filter((fault) => catchers(results, fault)!.length > 0);
  const areas = [...new Set(huntFaults.map((fault) => fault.area))].map((area) => {
    const of = measured.filter((fault) => fault.area === area);
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

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const one = option('--measure');
if (one !== undefined) {
  console.log(JSON.stringify(await measure(one === CLEAN ? [] : [one])));
} else {
  const results: Record<string, Run> = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  if (!process.argv.includes('--print')) {
    const only = option('--only')?.split(',');
    const names = [CLEAN, ...huntFaults.map((fault) => fault.name)].filter((name) => !only || only.includes(name));
    await measureAll(names, Number(option('--jobs') ?? 2), results);
  }
  console.log(table(results));
}
