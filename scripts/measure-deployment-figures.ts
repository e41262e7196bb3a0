// The README's figures (issue 22): the suite against crmkit's own mock and against a deployment
// stand-in (`crmkit mock --stand-in`) with only its inputs file, with a receiver it reaches, and
// with a receiver and --wait-for-retries; for each, the rules judged on that target and those it
// could let the suite judge (conformance/rules/figures.ts). The four runs go at once (a stand-in
// run mostly waits). `node scripts/measure-deployment-figures.ts [DIR]` also writes each report
// as JSON into DIR.
import { writeFileSync } from 'node:fs';
import { targetOptionsOf } from '../harness/inputs.ts';
import { figuresLine } from '../conformance/rules/figures.ts';
import { runConformance, type Report } from '../conformance/run.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { freePort, startStandIn } from '../test/support/stand-in.ts';

async function mockRun(): Promise<Report> {
  const server = await startServer(createMock({ allowPrivateWebhooks: true }), { port: 0, host: '127.0.0.1' });
  try {
    return await runConformance({ baseUrl: server.url });
  } finally {
    await server.close();
  }
}

async function standInRun(receiver: boolean, waitForRetries: boolean): Promise<Report> {
  const standIn = await startStandIn();
  try {
    const port = await freePort();
    const reached = receiver ? { webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port } : {};
    return await runConformance({ ...targetOptionsOf(standIn.inputs), ...reached, waitForRetries });
  } finally {
    await standIn.server.close();
  }
}

const RUNS: [name: string, run: () => Promise<Report>][] = [
  ['mock', mockRun],
  ['stand-in, inputs only', () => standInRun(false, false)],
  ['stand-in, with a receiver', () => standInRun(true, false)],
  ['stand-in, with a receiver and waiting', () => standInRun(true, true)],
];

const dir = process.argv[2];
const reports = await Promise.all(RUNS.map(([, run]) => run()));
RUNS.forEach(([name], index) => {
  const report = reports[index]!;
  if (dir) writeFileSync(`${dir}/${name.replace(/\W+/g, '-')}.json`, JSON.stringify(report, null, 1));
  console.log(`${name}: ${figuresLine(report.summary)}`);
});
