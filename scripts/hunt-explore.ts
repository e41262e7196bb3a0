// The blind hunt's explorer column (issue 26 item 4: "caught by `crmkit explore --budget 120`
// alone"): for one hunt fault, `crmkit explore` against a mock with that fault on (the oracle a
// clean workspace in process, as always), as the command runs it with `--budget 120 --rate 0
// --calls 2000` (seed 1, its default; no pace, the mock is on this machine; 2000 calls take about
// 50 s at the load these runs meet, so the budget is not what ends them). Caught = the
// run reported a divergence; the first is shrunk (as the command does) for the shrink figures.
// scripts/hunt-table.ts runs it in a child process per fault and keeps the results.
import { execFileSync } from 'node:child_process';
import { runExplore } from '../conformance/explore/explore.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';

export const EXPLORE_COMMAND = 'crmkit explore --base-url MOCK --budget 120 --rate 0 --calls 2000 (seed 1)';
const RUN = { seed: 1, calls: 2000, budgetSeconds: 120, rate: 0, shrinkAtMost: 1, maxReplays: 20 };

/** One explorer run against a mock with a fault on: what it found first, and its size before and after shrinking. */
export type ExploreRun = {
  divergences: string[];
  first?: { signature: string; at: string; originalLength: number; shrunkLength: number; reproduced: boolean };
  stepsRun: number;
  seconds: number;
};

/** The results of one measure (before or after a change of the explorer), with the explorer's commit. */
export type ExploreMeasure = { commit: string; command: string; results: Record<string, ExploreRun> };

export async function exploreAgainst(faults: string[]): Promise<ExploreRun> {
  const started = performance.now();
  const mock = createMock({ faults, allowPrivateWebhooks: true });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  try {
    const report = await runExplore({ baseUrl: server.url, ...RUN });
    const [first] = report.divergences;
    const seconds = Math.round((performance.now() - started) / 1000);
    const divergences = report.divergences.map((divergence) => divergence.signature);
    if (!first) return { divergences, stepsRun: report.stepsRun, seconds };
    const at = first.differences[0]?.at ?? '';
    const { signature, originalLength, shrunkLength, reproduced } = first;
    return { divergences, first: { signature, at, originalLength, shrunkLength, reproduced }, stepsRun: report.stepsRun, seconds };
  } finally {
    await server.close();
  }
}

/** The explorer's commit: the last that changed its code, and whether the work tree differs from it there. */
export function explorerCommit(): string {
  const paths = ['conformance/explore', 'src/cli/explore-command.ts'];
  const commit = execFileSync('git', ['log', '-1', '--format=%h', '--', ...paths], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--', ...paths], { encoding: 'utf8' }).trim();
  return dirty ? `${commit} + uncommitted changes` : commit;
}
