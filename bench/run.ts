// `npm run bench`: the mock server's speed as a ratio of this machine's raw node:http in the
// same run (machines here are shared and noisy: only ratios measured together mean anything),
// the time and peak memory to seed 100,000 leads, the query endpoint over them, what a write costs
// at 1,000 and at 100,000 leads (write-cost.ts), the worst
// cost of a body at the size limit (largest-bodies.ts), the explorer's calls a second against the mock and
// the stand-in (explore-rate.ts), start-up to the first answer of the MSW
// face with a seeded workspace (start-up.ts), the browser bundle's size (browser-size.ts) and the
// first answer in Chromium after navigation (browser-first-answer.ts). Each server
// and each measurement runs in a process of its own, and the load comes from wrk (http-load.ts).
// `npm run bench -- --only start-up` runs only the last three (start-up, bundle, Chromium), each
// printed with the load average it ran at.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { load, type LoadRequest, type LoadResult } from './http-load.ts';
import type { InProcessRun, ServerInfo } from './http-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RAW_WORK_MICROS = 20;

type Measured = LoadResult & { cpuMicrosPerRequest: number };

const { values: options } = parseArgs({ options: { only: { type: 'string' } } });
if (options.only !== undefined && options.only !== 'start-up') throw new Error(`--only takes start-up, not ${options.only}`);
if (!options.only) await serverAndStore();

async function serverAndStore(): Promise<void> {
  const raw = await startServer('raw');
  const rawLead = await measure(raw, { method: 'GET', url: `${raw.info.url}/lead` });
  const rawPage = await measure(raw, { method: 'GET', url: `${raw.info.url}/page` });
  const rawWorking = await measure(raw, { method: 'GET', url: `${raw.info.url}/lead?work=${RAW_WORK_MICROS}` });
  raw.stop();
  console.log(`raw node:http, fixed JSON lead:        ${format(rawLead)}`);
  console.log(`raw node:http, fixed page of 50 leads: ${format(rawPage)}`);
  // Any work per request costs more than itself: the server falls behind the load generator, which
  // then waits, and every answer has to wake it. This line shows how much, for reading the ratios.
  console.log(
    `raw node:http, the lead after ${RAW_WORK_MICROS} µs of busy work: ${format(rawWorking)}  = ${percent(rawWorking.requestsPerSecond / rawLead.requestsPerSecond)} of raw node:http`,
  );

  const mock = await startServer('mock');
  const auth = { Authorization: `Bearer ${mock.info.key}` };
  const scenarios: [string, LoadRequest, Measured][] = [
    ['GET /v1/leads/{id}', { method: 'GET', url: `${mock.info.url}/v1/leads/${mock.info.leadId}`, headers: auth }, rawLead],
    ['GET /v1/leads?limit=50', { method: 'GET', url: `${mock.info.url}/v1/leads?limit=50`, headers: auth }, rawPage],
    [
      'POST /v1/leads',
      {
        method: 'POST',
        url: `${mock.info.url}/v1/leads`,
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: '{"name":"Bench lead","amount":1000}',
      },
      rawLead,
    ],
  ];
  for (const [name, request, closestRaw] of scenarios) {
    const result = await measure(mock, request);
    const ofPage = closestRaw === rawPage ? `, ${percent(result.requestsPerSecond / rawPage.requestsPerSecond)} of the raw page` : '';
    const errors = result.errors ? `  (${result.errors} errors!)` : '';
    console.log(
      `${name.padEnd(24)} ${format(result)}  = ${percent(result.requestsPerSecond / rawLead.requestsPerSecond)} of raw node:http${ofPage}${errors}`,
    );
  }
  // The same three through `mock.handle` without HTTP, as the MSW face calls it (warmed up by the loads above).
  const inProcess = [
    ['GET /v1/leads/{id}', { method: 'GET', path: `/v1/leads/${mock.info.leadId}`, count: 5000 }],
    ['GET /v1/leads?limit=50', { method: 'GET', path: '/v1/leads?limit=50', count: 2000 }],
    ['POST /v1/leads', { method: 'POST', path: '/v1/leads', body: '{"name":"Bench lead","amount":1000}', count: 2000 }],
  ] as const;
  const coreTimes: string[] = [];
  for (const [name, run] of inProcess) {
    mock.child.send(run satisfies InProcessRun);
    coreTimes.push(`${name} ${(await nextMessage<number>(mock.child)).toFixed(0)} µs`);
  }
  console.log(`mock.handle in process, no HTTP (CPU per request): ${coreTimes.join(', ')}`);
  mock.stop();

  const seed = JSON.parse(
    execFileSync(process.execPath, [new URL('./seed-leads.ts', import.meta.url).pathname, '100000'], { encoding: 'utf8' }),
  );
  console.log(
    `seed 100,000 leads: ${seed.seconds.toFixed(2)} s, peak RSS ${seed.peakRssMb.toFixed(0)} MB (mock before seeding ${seed.baselineRssMb.toFixed(0)} MB); targets < 5 s and < 400 MB`,
  );

  process.stdout.write(execFileSync(process.execPath, [new URL('./query.ts', import.meta.url).pathname], { encoding: 'utf8' }));

  process.stdout.write(execFileSync(process.execPath, [new URL('./write-cost.ts', import.meta.url).pathname], { encoding: 'utf8' }));

  process.stdout.write(execFileSync(process.execPath, [new URL('./largest-bodies.ts', import.meta.url).pathname], { encoding: 'utf8' }));

  process.stdout.write(execFileSync(process.execPath, [new URL('./explore-rate.ts', import.meta.url).pathname], { encoding: 'utf8' }));
}

// Start-up (issue 14): a process per run, the median of each phase and the largest RSS. Each figure
// says the load it was measured at (issue 25: on a busy machine a user cannot tell from figures of a
// quiet one what to expect): the 1-minute load average before and after, and the machine's cores.
console.log(`start-up and browser figures on this machine, at a load average (1 minute) of ${loadNow()} to begin with`);
// The sources (through Node's type stripping), and the package as users run it when `npm run build`
// has built it in build/ (build/dist, whose imports of other packages resolve to this repository's node_modules).
const STARTS = 5;
for (const from of existsSync(new URL('../build/dist/src/adapters/msw.js', import.meta.url)) ? ['src', 'build/dist'] : ['src']) {
  const starts: StartUp[] = Array.from({ length: STARTS }, () =>
    JSON.parse(execFileSync(process.execPath, [new URL('./start-up.ts', import.meta.url).pathname, from], { encoding: 'utf8' })),
  );
  const median = (key: keyof StartUp) =>
    starts
      .map((run) => run[key])
      .sort((a, b) => a - b)
      [Math.floor(STARTS / 2)]!.toFixed(0);
  console.log(
    `start-up from ${from}/, median of ${STARTS} processes at load ${loadNow()}: import ${median('importMs')} ms, createCrmHandlers() ${median('handlersMs')} ms, createWorkspace({seed: 1}) ${median('seedMs')} ms, first answer ${median('firstAnswerMs')} ms, total ${median('totalMs')} ms (target < 250 ms), CPU ${median('cpuMs')} ms; RSS ${Math.max(...starts.map((run) => run.rssMb)).toFixed(0)} MB (target < 150 MB)`,
  );
}
const bundle = JSON.parse(execFileSync(process.execPath, [new URL('./browser-size.ts', import.meta.url).pathname], { encoding: 'utf8' }));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
console.log(
  `browser bundle (minified, split as an app's bundler splits it): ${kB(bundle.atNavigation.bytes)} at navigation, ${kB(bundle.atNavigation.gzipBytes)} gzip (target < 300 kB); loaded on the first call of a route (each tag's handlers, the control API) ${kB(bundle.onFirstCalls.gzipBytes)} gzip; faker, loaded only to seed, ${kB(bundle.whenSeeding.gzipBytes)} gzip (seed 1's tape instead ${kB(bundle.seedTape.gzipBytes)}); the named faults, loaded when one is switched on, ${kB(bundle.whenFaultsOn.gzipBytes)} gzip`,
);
const inChromium = JSON.parse(
  execFileSync(process.execPath, [new URL('./browser-first-answer.ts', import.meta.url).pathname], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
console.log(
  `first answer in Chromium (setupWorker, a workspace, whoami), at load ${loadNow()}: ${inChromium.firstAnswerMs.toFixed(0)} ms after navigation (target < 400 ms); the script running from ${inChromium.scriptStartMs.toFixed(0)} ms, handlers made at ${inChromium.handlersMs.toFixed(0)}, worker started at ${inChromium.workerMs.toFixed(0)}, workspace made at ${inChromium.workspaceMs.toFixed(0)} (the build above: ${kB(inChromium.scriptBytes)} of script at navigation, the rest as the page calls for it)`,
);

type Server = { info: ServerInfo; child: ChildProcess; stop(): void };
type StartUp = {
  importMs: number;
  handlersMs: number;
  seedMs: number;
  firstAnswerMs: number;
  totalMs: number;
  cpuMs: number;
  rssMb: number;
};

async function startServer(kind: 'mock' | 'raw'): Promise<Server> {
  const child = fork(new URL('./http-server.ts', import.meta.url).pathname, [kind]);
  const info = await nextMessage<ServerInfo>(child);
  return { info, child, stop: () => void child.send('stop') };
}

/** The load's rate and latency, and the server's CPU time per request while it ran. */
async function measure(server: Server, request: LoadRequest): Promise<Measured> {
  server.child.send('cpu');
  const before = await nextMessage<NodeJS.CpuUsage>(server.child);
  const result = await load(request, { seconds: SECONDS });
  server.child.send('cpu');
  const after = await nextMessage<NodeJS.CpuUsage>(server.child);
  const cpuMicros = after.user - before.user + after.system - before.system;
  return { ...result, cpuMicrosPerRequest: cpuMicros / (result.requestsPerSecond * SECONDS) };
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the benchmark server exited with ${code}`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The 1-minute load average now, with the cores it is shared by: "3.4 on 2 cores". */
function loadNow(): string {
  return `${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(0)}%`;
}

function format(result: Measured): string {
  return `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${result.p99Ms.toFixed(1).padStart(4)} ms, server CPU ${result.cpuMicrosPerRequest.toFixed(0).padStart(3)} µs/request`;
}
