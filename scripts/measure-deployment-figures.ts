// temporary: runs the suite in four setups and writes each report as JSON to /tmp/h4
import { writeFileSync } from 'node:fs';
import { freePort, startStandIn } from '../test/support/stand-in.ts';
import { targetOptionsOf } from '../harness/inputs.ts';
import { runConformance } from '../conformance/run.ts';
import { createMock } from '../src/mock.ts';
import { startServer } from '../src/adapters/node-server.ts';

const which = process.argv[2] ?? 'all';
async function mockRun() {
  const server = await startServer(createMock({ allowPrivateWebhooks: true }), { port: 0, host: '127.0.0.1' });
  const report = await runConformance({ baseUrl: server.url });
  await server.close();
  return report;
}
async function standInRun(receiver: boolean, wait: boolean) {
  const standIn = await startStandIn();
  const port = await freePort();
  const rx = receiver ? { webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port } : {};
  const report = await runConformance({ ...targetOptionsOf(standIn.inputs), ...rx, waitForRetries: wait });
  await standIn.server.close();
  return report;
}
const runs: Record<string, () => Promise<unknown>> = {
  mock: mockRun, inputs: () => standInRun(false, false), receiver: () => standInRun(true, false), waiting: () => standInRun(true, true),
};
const names = which === 'all' ? Object.keys(runs) : which.split(',');
await Promise.all(names.map(async (name) => {
  const started = Date.now();
  const report = await runs[name]!();
  writeFileSync(`/tmp/h4/${process.argv[3] ?? 'before'}-${name}.json`, JSON.stringify(report, null, 1));
  console.log(name, 'done in', Math.round((Date.now() - started) / 1000), 's');
}));
process.exit(0);
