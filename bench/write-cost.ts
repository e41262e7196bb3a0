// `node bench/write-cost.ts`: what a write costs at 1,000 and at 100,000 leads, side by side in
// one run (issue 24: a write's cost must not grow with the workspace). Through the whole request
// pipeline in process: a PATCH of the newest lead, a bulk add_tag of 1,000 leads, a tag merge over
// 1,000 leads, and a snapshot of the workspace (which is the workspace's size by nature). Beside
// each, the longest the event loop was held meanwhile: what every other request waited.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seededWorkspace, type SeededWorkspace } from './seeded-leads.ts';

const SIZES = [1_000, 100_000];
const RUNS = 7;

type Row = { name: string; medianMs: number[]; heldMs: number[] };

async function call(seeded: SeededWorkspace, method: string, path: string, body?: unknown): Promise<any> {
  const control = path.startsWith('/_mock/');
  const headers: Record<string, string> = control ? {} : { Authorization: `Bearer ${seeded.key}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await seeded.mock.handle(
    new Request(`http://127.0.0.1:4010${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The median time of `runs` runs of `step` (given the run's number), and the longest the event loop was held. */
async function measured(
  runs: number,
  step: (run: number) => Promise<void>,
  prepare?: (run: number) => Promise<void>,
): Promise<{ ms: number; heldMs: number }> {
  const times: number[] = [];
  let heldMs = 0;
  for (let run = 0; run < runs; run++) {
    await prepare?.(run);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    await step(run);
    times.push(performance.now() - started);
    // The timer a block held up fires only now: let it record.
    await new Promise((resolve) => setTimeout(resolve, 5));
    delay.disable();
    heldMs = Math.max(heldMs, delay.max / 1e6);
  }
  return { ms: times.sort((a, b) => a - b)[runs >> 1]!, heldMs };
}

async function measureAt(size: number): Promise<Record<string, { ms: number; heldMs: number }>> {
  const seeded = await seededWorkspace(size);
  const leads = seeded.workspace.tables.leads.records();
  const newest = leads.at(-1)!;
  const thousand = leads.slice(-1_000).map((lead) => lead.id);
  const results: Record<string, { ms: number; heldMs: number }> = {};
  results['PATCH the newest lead'] = await measured(RUNS, (run) =>
    call(seeded, 'PATCH', `/v1/leads/${newest.id}`, { amount: run * 1_000_000 }),
  );
  results['bulk add_tag on 1,000 leads'] = await measured(RUNS, (run) =>
    call(seeded, 'POST', '/v1/bulk/leads/run', { type: 'add_tag', tags: [`bulk-${run}`], ids: thousand }),
  );
  let from = '';
  let into = '';
  results['merge a tag of 1,000 leads'] = await measured(
    RUNS,
    () => call(seeded, 'POST', `/v1/tags/${from}/merge`, { into }),
    async (run) => {
      // The tag to merge away is on the 1,000 newest leads (not timed).
      await call(seeded, 'POST', '/v1/bulk/leads/run', { type: 'add_tag', tags: [`merge-from-${run}`], ids: thousand });
      const tags = (await call(seeded, 'GET', '/v1/tags')).data as { id: string; name: string }[];
      from = tags.find((tag) => tag.name === `merge-from-${run}`)!.id;
      into = (await call(seeded, 'POST', '/v1/tags', { name: `merge-into-${run}` })).id;
    },
  );
  results['snapshot of the workspace'] = await measured(3, () => call(seeded, 'GET', `/_mock/workspaces/${seeded.workspace.id}/snapshot`));
  return results;
}

// A first round at the small size warms the code up (its figures are not shown).
await measureAt(SIZES[0]!);
const rows = new Map<string, Row>();
for (const size of SIZES) {
  for (const [name, { ms, heldMs }] of Object.entries(await measureAt(size))) {
    const row = rows.get(name) ?? { name, medianMs: [], heldMs: [] };
    row.medianMs.push(ms);
    row.heldMs.push(heldMs);
    rows.set(name, row);
  }
}
const [small, large] = SIZES.map((size) => size.toLocaleString('en'));
console.log(`write cost (median of ${RUNS}; held: the longest the event loop was blocked meanwhile)`);
console.log(`${'operation'.padEnd(30)} ${`at ${small} leads`.padStart(16)} ${`at ${large} leads`.padStart(18)}   ratio   held at ${large}`);
for (const row of rows.values()) {
  const [a, b] = row.medianMs as [number, number];
  console.log(
    `${row.name.padEnd(30)} ${`${a.toFixed(1)} ms`.padStart(16)} ${`${b.toFixed(1)} ms`.padStart(18)}   ${`${(b / a).toFixed(1)}x`.padStart(5)}   ${row.heldMs[1]!.toFixed(0)} ms`,
  );
}
