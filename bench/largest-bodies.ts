// `node bench/largest-bodies.ts`: the cost of the largest bodies the limits allow (issue 15),
// through the whole pipeline in process. Every write operation gets every shape of
// test/support/largest-bodies.ts at its body limit (1 MB); each is timed as the fastest of a
// few runs, beside `JSON.parse` of the same text alone, which any server taking the body pays
// (about 20 ms for 1 MB of small keys or deep nesting on this machine). The shapes costing the
// most beyond that parse are printed, in ms and as a multiple of the parse. Issue 15 hoped for a
// few ms of validation whatever the shape; at 1 MB the parse alone costs more than that. And each
// shape's growth: its full size against SCALE times the cost at 1/SCALE of it, JSON.parse of the
// full body aside (V8's parser is itself slower than linear on values nested 500,000 deep);
// linear work gives 1x or less, the quadratic paths issue 15 found gave SCALE (16x).
import { MAX_BODY_BYTES } from '../src/http/read-body.ts';
import { createMock } from '../src/mock.ts';
import { loadDocument } from '../src/spec/document.ts';
import { indexOperations } from '../src/spec/operation-index.ts';
import { fastest } from '../test/support/fastest.ts';
import { largestBodies, type LargestBody } from '../test/support/largest-bodies.ts';

const RUNS = 3;
const SCALE = 16;
const SHOWN = 5;
const BASE = 'http://127.0.0.1:4010';

const mock = createMock();
const created = await json(await post('/_mock/workspaces', '{}'));
const owner = created.members.find((member: { role: string }) => member.role === 'owner');
const session: string = (
  await json(await post(`/_mock/workspaces/${created.workspace.id}/sessions`, JSON.stringify({ member_id: owner.id })))
).cookie;
// No rate limit: the runs below are many requests of one key.
await post(
  `/_mock/workspaces/${created.workspace.id}/settings`,
  JSON.stringify({ limits: { requests_per_minute: null, requests_per_second: null, concurrent_requests: null } }),
  'PATCH',
);

const small = await fastest(
  () => post('/v1/leads', '{"name":"Bench lead","amount":1000}', 'POST', { Authorization: `Bearer ${created.api_key}` }),
  50,
  { warmUp: true },
);
const document = loadDocument('crm');
const operations = indexOperations(document);
const timed: { shape: string; ms: number; parseMs: number; status: number; bytes: number; growth: number }[] = [];
for (const body of largestBodies(document, operations.values())) {
  const limit = operations.get(body.operationId)!.maxBodyBytes ?? MAX_BODY_BYTES;
  const text = body.text(limit);
  const smallText = body.text(Math.floor(limit / SCALE));
  let status = 0;
  const ms = await fastest(async () => (status = (await send(body, text)).status), RUNS, { warmUp: true });
  const parseMs = await fastest(async () => parseAlone(text), RUNS, { warmUp: true });
  const smallMs = await fastest(() => send(body, smallText), RUNS, { warmUp: true });
  timed.push({ shape: body.shape, ms, parseMs, status, bytes: text.length, growth: Math.max(0, ms - parseMs) / (SCALE * smallMs) });
}
const beyond = ({ ms, parseMs }: { ms: number; parseMs: number }) => Math.max(0, ms - parseMs);
timed.sort((a, b) => beyond(b) - beyond(a));
const worst = timed[0]!;
const slowest = timed.reduce((a, b) => (b.ms > a.ms ? b : a));
console.log(
  `largest bodies (${timed.length} shapes of ${operations.size} operations' bodies at their limit), small POST /v1/leads ${small.toFixed(2)} ms:`,
);
console.log(
  `  most work beyond JSON.parse: ${beyond(worst).toFixed(1)} ms = ${(beyond(worst) / worst.parseMs).toFixed(1)}x its parse (${worst.shape}); issue 15 hoped for a few ms`,
);
const steepest = timed.reduce((a, b) => (b.growth > a.growth ? b : a));
console.log(
  `  steepest growth: ${steepest.growth.toFixed(2)}x linear from 1/${SCALE} of the size to the full (${steepest.shape}); linear is 1x or less, quadratic ${SCALE}x`,
);
console.log(`  slowest in all: ${slowest.ms.toFixed(1)} ms, of which JSON.parse alone ${slowest.parseMs.toFixed(1)} ms (${slowest.shape})`);
for (const entry of timed.slice(0, SHOWN)) {
  const { shape, ms, parseMs, status, bytes } = entry;
  console.log(
    `  ${ms.toFixed(1).padStart(7)} ms  parse ${parseMs.toFixed(1).padStart(5)} ms  beyond ${beyond(entry).toFixed(1).padStart(5)} ms  ${status}  ${(bytes / 1024).toFixed(0)} KB  ${shape}`,
  );
}

function parseAlone(text: string): void {
  try {
    JSON.parse(text);
  } catch {
    // A body the shape makes invalid JSON is refused after the same parse.
  }
}

function send(body: LargestBody, text: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body.credential === 'key') headers.Authorization = `Bearer ${created.api_key}`;
  if (body.credential === 'session') headers.Cookie = session;
  return post(body.path, text, body.method, headers);
}

async function post(path: string, body: string, method = 'POST', headers: Record<string, string> = {}): Promise<Response> {
  const response = await mock.handle(
    new Request(`${BASE}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body }),
    { clientAddress: '127.0.0.1' },
  );
  await response.clone().arrayBuffer();
  return response;
}

async function json(response: Response): Promise<any> {
  return JSON.parse(await response.text());
}
