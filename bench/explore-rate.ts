// The explorer's pace (issue 26: calls a second against the mock and against the stand-in), as
// `npm run bench` prints it: one seeded run of `crmkit explore` without a pace against a clean
// mock served over HTTP and against the deployment stand-in, each in this process with its
// oracle (every call goes to both), and their ratio, measured together at the load average shown
// (figures of a shared machine mean something only beside each other). Each run must find 0
// divergences: a figure of a run that diverged is not a figure of the explorer at work.
import { loadavg } from 'node:os';
import { runExplore, type ExploreReport } from '../conformance/explore/explore.ts';
import { targetOptionsOf } from '../harness/inputs.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { startStandIn } from '../test/support/stand-in.ts';

const RUN = { seed: 1, calls: Number(process.env.BENCH_EXPLORE_CALLS ?? 400), rate: 0 };

function checked(name: string, report: ExploreReport): ExploreReport {
  if (report.divergences.length) throw new Error(`explore against ${name}: ${report.divergences.length} divergences (a false one)`);
  return report;
}

const load = loadavg()[0]!.toFixed(1);
const server = await startServer(createMock(), { port: 0, host: '127.0.0.1' });
const onMock = checked('the mock', await runExplore({ baseUrl: server.url, ...RUN }));
await server.close();
const standIn = await startStandIn();
const onStandIn = checked('the stand-in', await runExplore({ ...targetOptionsOf(standIn.inputs), ...RUN }));
await standIn.server.close();
const figure = (report: ExploreReport) =>
  `${report.callsPerSecond.toFixed(0)} calls/s (${report.stepsRun} calls in ${report.seconds.toFixed(1)} s)`;
console.log(
  `crmkit explore, seed ${RUN.seed}, no pace, 0 divergences, at load ${load}: against a mock ${figure(onMock)}, against the stand-in ${figure(onStandIn)}; stand-in / mock ${(onStandIn.callsPerSecond / onMock.callsPerSecond).toFixed(2)}`,
);
