// `npm run bench`: the mock server's speed as a ratio of this machine's raw node:http in the
// same run (machines here are shared and noisy: only ratios measured together mean anything),
// the time and peak memory to seed 100,000 leads, and the query endpoint over them (each in a
// child process of its own).
import { faker } from '@faker-js/faker/locale/en';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { presentLead } from '../src/resources/leads/present-lead.ts';
import { seedLeads } from '../src/seed/seed-leads.ts';
import { createWorkspace } from '../src/workspaces/create-workspace.ts';
import { load, type LoadRequest, type LoadResult } from './http-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LEADS_IN_WORKSPACE = 10_000;

const mock = createMock();
const { workspace, ownerKey } = await createWorkspace(mock.state, {});
// A benchmark sends far more than the default 10,000 requests a minute per key.
workspace.limits = { requestsPerSecond: null, requestsPerMinute: null, concurrentRequests: null };
faker.seed(7);
faker.setDefaultRefDate(new Date('2026-11-01T00:00:00Z'));
const leads = await seedLeads(mock.state, workspace, { count: LEADS_IN_WORKSPACE, faker });
const sample = leads[leads.length >> 1]!;
const mockServer = await startServer(mock, { port: 0, host: '127.0.0.1' });

// The baseline the issue names (one fixed lead), and a fixed page of 50 leads: a list's cost is
// mostly writing 50 leads of JSON, which the one-lead baseline does not pay.
const fixedLead = JSON.stringify(presentLead(workspace, sample));
const fixedPage = JSON.stringify({ data: leads.slice(-50).reverse().map((lead) => presentLead(workspace, lead)), next_cursor: 'x', summary: { count: 1, sum: 1 } });
const raw = createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'req_fixed' });
  response.end(request.url === '/page' ? fixedPage : fixedLead);
});
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;

const auth = { Authorization: `Bearer ${ownerKey.key}` };
const scenarios: [string, () => LoadRequest][] = [
  ['GET /v1/leads/{id}', () => ({ method: 'GET', url: `${mockServer.url}/v1/leads/${sample.id}`, headers: auth })],
  ['GET /v1/leads?limit=50', () => ({ method: 'GET', url: `${mockServer.url}/v1/leads?limit=50`, headers: auth })],
  ['POST /v1/leads', () => ({ method: 'POST', url: `${mockServer.url}/v1/leads`, headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"name":"Bench lead","amount":1000}' })],
];

const rawResult = await load(() => ({ method: 'GET', url: `${rawUrl}/lead` }), { seconds: SECONDS });
const rawPage = await load(() => ({ method: 'GET', url: `${rawUrl}/page` }), { seconds: SECONDS });
console.log(`raw node:http, fixed JSON lead:        ${format(rawResult)}`);
console.log(`raw node:http, fixed page of 50 leads: ${format(rawPage)}`);
for (const [name, next] of scenarios) {
  const result = await load(next, { seconds: SECONDS });
  const ratio = result.requestsPerSecond / rawResult.requestsPerSecond;
  const pageRatio = name.includes('limit=50') ? `, ${percent(result.requestsPerSecond / rawPage.requestsPerSecond)} of the raw page` : '';
  console.log(`${name.padEnd(24)} ${format(result)}  = ${percent(ratio)} of raw node:http${pageRatio}${result.errors ? `  (${result.errors} errors!)` : ''}`);
}
await mockServer.close();
raw.close();

const seed = JSON.parse(execFileSync(process.execPath, [new URL('./seed-leads.ts', import.meta.url).pathname, '100000'], { encoding: 'utf8' }));
console.log(`seed 100,000 leads: ${seed.seconds.toFixed(2)} s, peak RSS ${seed.peakRssMb.toFixed(0)} MB (mock before seeding ${seed.baselineRssMb.toFixed(0)} MB); targets < 5 s and < 400 MB`);

// The query endpoint over 100,000 leads, in a process of its own.
process.stdout.write(execFileSync(process.execPath, [new URL('./query.ts', import.meta.url).pathname], { encoding: 'utf8' }));

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(0)}%`;
}

function format(result: LoadResult): string {
  return `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${result.p99Ms.toFixed(1)} ms`;
}
