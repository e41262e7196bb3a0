// `npm run fuzz -- --cases 200000 --seed 7 [--from N] [--concurrency 12] [--timeout-ms 2000]`: the fuzz run
// of test/fuzz (cases generated from the document, sent over raw sockets to a mock started here),
// longer than the 10,000 cases `npm test` runs. Prints the figures and the first findings, each
// with its case number (the same seed and case number make the same case); exits 1 on a finding.
import { parseArgs } from 'node:util';
import { runFuzz } from '../test/fuzz/fuzz-run.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    from: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '12' },
    'timeout-ms': { type: 'string', default: '2000' },
  },
});
const report = await runFuzz({
  cases: Number(values.cases),
  seed: Number(values.seed),
  from: Number(values.from),
  concurrency: Number(values.concurrency),
  timeoutMs: Number(values['timeout-ms']),
});
const { findings, statuses, ...figures } = report;
console.log(
  `cases ${figures.cases}, requests ${figures.requests}, answers ${figures.answers} in ${(figures.ms / 1000).toFixed(1)} s (${Math.round(figures.cases / (figures.ms / 1000))} cases/s)`,
);
console.log(
  `5xx ${figures.fiveXx}, outside the envelope or the document ${figures.outsideEnvelope}, without X-Request-Id ${figures.noRequestId}, missing answers ${figures.missingAnswers}, slow ${figures.slow}`,
);
console.log(
  `slowest answer ${figures.slowestMs} ms (${figures.slowestCase}); event loop blocked at most ${figures.loopBlockedMs} ms (cases ${figures.loopBlockedIn})`,
);
console.log(`slowest in the core: ${figures.slowestInCore.map(({ request, ms }) => `${request} ${ms} ms`).join(', ')}`);
console.log(
  `statuses ${Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')}`,
);
for (const finding of findings.slice(0, 50))
  console.log(`  #${finding.case} ${finding.mutator} ${finding.operationId}: ${finding.kind}: ${finding.detail}`);
process.exit(findings.length ? 1 : 0);
