// `npm run explore-soak -- [--minutes 30] [--calls 500] [--seed 1]`: the explorer against the
// three targets that are right (a clean mock, the deployment stand-in, the other-readings
// stand-in), seed after seed, until the time is up; every divergence there is a false one (issue
// 26, item 4). Prints each run's line and the divergences with their replay line; exits 1 on one.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runExplore, type ExploreReport } from '../conformance/explore/explore.ts';
import { renderExploreReport } from '../conformance/explore/report.ts';
import { targetOptionsOf } from '../harness/inputs.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { OTHER_READINGS } from '../src/other-readings/index.ts';
import { startStandIn } from '../test/support/stand-in.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    calls: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
  },
});
const until = Date.now() + Number(values.minutes) * 60_000;
// The clean mock delivers to 127.0.0.1, so the run's webhooks, pings and deliveries are soaked too.
const mock = await startServer(createMock({ allowPrivateWebhooks: true }), { port: 0, host: '127.0.0.1' });
const plain = await startStandIn();
const other = await startStandIn({ otherReadings: OTHER_READINGS });
const targets = [
  ['clean mock', { baseUrl: mock.url }],
  ['stand-in', targetOptionsOf(plain.inputs)],
  ['other-readings stand-in', targetOptionsOf(other.inputs)],
] as const;
// The heap after each run, so that a soak shows growth long before it runs out of memory (it once did, at minute 29).
const heapMegabytes = () => (process.memoryUsage().heapUsed / 1e6).toFixed(0);
// The longest the event loop was held during each run: a slow run with a long hold was work in this process (a GC, a big answer), not the target waiting.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let found = 0;
let calls = 0;
for (let seed = Number(values.seed); Date.now() < until; seed++) {
  for (const [name, target] of targets) {
    loop.reset();
    const report: ExploreReport = await runExplore({ ...target, seed, calls: Number(values.calls), rate: 0, maxReplays: 20 });
    calls += report.stepsRun;
    found += report.divergences.length;
    console.log(
      `${name}, seed ${seed}: ${report.divergences.length} divergences in ${report.stepsRun} calls (${report.callsPerSecond.toFixed(0)} calls/s, heap ${heapMegabytes()} MB, event loop held at most ${(loop.max / 1e6).toFixed(0)} ms)`,
    );
    if (report.divergences.length) console.log(renderExploreReport(report, 'pretty'));
  }
}
console.log(`soak: ${found} divergences in ${calls} calls; heap at the end ${heapMegabytes()} MB`);
for (const server of [mock, plain.server, other.server]) await server.close();
process.exit(found ? 1 : 0);
