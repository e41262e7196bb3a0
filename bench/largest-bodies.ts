// `node bench/largest-bodies.ts`: the cost of the largest bodies the limits allow (issue 15),
// through the whole pipeline in process. Every write operation gets every shape of
// test/support/largest-bodies.ts at its body limit (1 MB); each is timed as the fastest of a
// few runs, and the slowest shapes are printed in ms and as a ratio to a small request
// (`POST /v1/leads` with a name and an amount). Target: a few ms, whatever the shape.
import { MAX_BODY_BYTES } from '../src/http/read-body.ts';
import { createMock } from '../src/mock.ts';
import { loadDocument } from '../src/spec/document.ts';
import { indexOperations } from '../src/spec/operation-index.ts';
import { fastest } from '../test/support/fastest.ts';
import { largestBodies, type LargestBody } from '../test/support/largest-bodies.ts';

const RUNS = 3;
const SHOWN = 5;
const BASE = 'http://127.0.0.1:4010';

const mock = createMock();
const created = await json(await post('/_mock/workspaces', '{}'));
const owner = created.members.find((member: { role: string }) => member.role === 'owner');
const session: string = (await json(await post(`/_mock/workspaces/${created.workspace.id}/sessions`, JSON.stringify({ member_id: owner.id })))).cookie;
// No rate limit: the runs below are many requests of one key.
await post(`/_mock/workspaces/${created.workspace.id}/settings`, JSON.stringify({ limits: { requests_per_minute: null, requests_per_second: null, concurrent_requests: null } }), 'PATCH');

const small = await fastest(() => post('/v1/leads', '{"name":"Bench lead","amount":1000}', 'POST', { Authorization: `Bearer ${created.api_key}` }), 50, { warmUp: true });
const document = loadDocument('crm');
const operations = indexOperations(document);
const timed: { shape: string; ms: number; status: number; bytes: number }[] = [];
for (const body of largestBodies(document, operations.values())) {
  const text = body.text(operations.get(body.operationId)!.maxBodyBytes ?? MAX_BODY_BYTES);
  let status = 0;
  const ms = await fastest(async () => (status = (await send(body, text)).status), RUNS, { warmUp: true });
  timed.push({ shape: body.shape, ms, status, bytes: text.length });
}
timed.sort((a, b) => b.ms - a.ms);
const worst = timed[0]!;
console.log(`largest bodies (${timed.length} shapes of ${operations.size} operations' bodies at their limit): worst ${worst.ms.toFixed(1)} ms = ${(worst.ms / small).toFixed(0)}x a small POST /v1/leads (${small.toFixed(2)} ms); target a few ms`);
for (const { shape, ms, status, bytes } of timed.slice(0, SHOWN)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${status}  ${(bytes / 1024).toFixed(0)} KB  ${shape}`);

function send(body: LargestBody, text: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body.credential === 'key') headers.Authorization = `Bearer ${created.api_key}`;
  if (body.credential === 'session') headers.Cookie = session;
  return post(body.path, text, body.method, headers);
}

async function post(path: string, body: string, method = 'POST', headers: Record<string, string> = {}): Promise<Response> {
  const response = await mock.handle(new Request(`${BASE}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body }), { clientAddress: '127.0.0.1' });
  await response.clone().arrayBuffer();
  return response;
}

async function json(response: Response): Promise<any> {
  return JSON.parse(await response.text());
}
