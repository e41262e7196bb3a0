// One measurement of start-up (issue 14), in a process of its own (bench/run.ts starts several):
// what a test file pays before its first answer, as `crmkit/msw`'s README shows it: the import,
// `createCrmHandlers()`, `createWorkspace({ seed: 1 })`, and the first answer through msw's
// `getResponse` (a page of 50 leads). Prints the phases in ms and the process's RSS, as JSON;
// `cpuMs` is the CPU time of the whole (on a shared machine it varies less than the time).
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const startedCpu = cpuMs();
const started = performance.now();
const { getResponse } = await import('msw');
const { createCrmHandlers } = await import(
  process.argv[2] === 'build/dist' ? '../build/dist/src/adapters/msw.js' : '../src/adapters/msw.ts'
);
const imported = performance.now();
const crm = createCrmHandlers();
const handlersMade = performance.now();
const { apiKey } = await crm.createWorkspace({ seed: 1 });
const seeded = performance.now();
const request = new Request('http://127.0.0.1:4010/v1/leads?limit=50', { headers: { Authorization: `Bearer ${apiKey}` } });
const response = await getResponse(crm.handlers, request);
const page = await response?.json();
const answered = performance.now();
if (response?.status !== 200 || page.data.length !== 50) throw new Error(`the first answer was ${response?.status}`);
console.log(
  JSON.stringify({
    importMs: imported - started,
    handlersMs: handlersMade - imported,
    seedMs: seeded - handlersMade,
    firstAnswerMs: answered - seeded,
    totalMs: answered - started,
    cpuMs: cpuMs() - startedCpu,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
