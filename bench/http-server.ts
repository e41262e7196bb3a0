// One server of the HTTP benchmark, in a process of its own so that the load generator (the
// parent, bench/run.ts) does not share its event loop: `node bench/http-server.ts mock|raw`.
// Both seed the same workspace of 10,000 leads; `raw` is this machine's plain node:http serving
// fixed JSON of one of those leads (`/lead`, `/lead?work=N` after N µs of busy work) and of the
// newest 50 (`/page`). The parent learns the
// address over IPC and asks for the process's CPU time around each load.
import { faker } from '@faker-js/faker/locale/en';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { presentLead } from '../src/resources/leads/present-lead.ts';
import { seedLeads } from '../src/seed/seed-leads.ts';
import { createWorkspace } from '../src/workspaces/create-workspace.ts';

export type ServerInfo = { url: string; key: string; leadId: string };

const LEADS_IN_WORKSPACE = 10_000;

const mock = createMock();
const { workspace, ownerKey } = await createWorkspace(mock.state, {});
// A benchmark sends far more than the default 10,000 requests a minute per key.
workspace.limits = { requestsPerSecond: null, requestsPerMinute: null, concurrentRequests: null };
faker.seed(7);
faker.setDefaultRefDate(new Date('2026-11-01T00:00:00Z'));
const leads = await seedLeads(workspace, { count: LEADS_IN_WORKSPACE, faker });
const sample = leads[leads.length >> 1]!;

const url = process.argv[2] === 'raw' ? await startRaw() : (await startServer(mock, { port: 0, host: '127.0.0.1' })).url;
process.send!({ url, key: ownerKey.key, leadId: sample.id } satisfies ServerInfo);
process.on('message', async (message: 'cpu' | 'stop' | InProcessRun) => {
  if (message === 'cpu') process.send!(process.cpuUsage());
  else if (message === 'stop') process.exit(0);
  else process.send!(await timeInProcess(message));
});

/** A request sent `count` times straight to the core, without HTTP: its CPU time per request in µs. */
export type InProcessRun = { method: 'GET' | 'POST'; path: string; body?: string; count: number };

async function timeInProcess({ method, path, body, count }: InProcessRun): Promise<number> {
  const headers = { Authorization: `Bearer ${ownerKey.key}`, 'Content-Type': 'application/json' };
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) await (await mock.handle(new Request(`http://127.0.0.1${path}`, { method, headers, body }))).text();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / count;
}

async function startRaw(): Promise<string> {
  const lead = JSON.stringify(presentLead(workspace, sample));
  const page = JSON.stringify({
    data: leads
      .slice(-50)
      .reverse()
      .map((one) => presentLead(workspace, one)),
    next_cursor: 'x',
    summary: { count: 1, sum: 1 },
  });
  const raw = createServer((request, response) => {
    // `/lead?work=N`: the lead after N µs of busy work, to show what a fixed cost per request does to the rate.
    const workMicros = Number(/[?&]work=(\d+)/.exec(request.url ?? '')?.[1] ?? 0);
    for (const until = performance.now() + workMicros / 1000; performance.now() < until;);
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'req_fixed' });
    response.end(request.url === '/page' ? page : lead);
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
}
