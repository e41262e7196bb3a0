// Issue 15: every answer of the node:http face, to requests of every shape, is one the document
// describes. 10,000 cases generated from the document (fuzz-run.ts; every operation under every
// mutator at least three times) against a mock started here, judged answer by answer (judge.ts).
// A longer run: `npm run fuzz -- --cases 200000 --seed 7`.
import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz-run.ts';

const CASES = 10_000;
/**
 * An answer that has not come after this long is a hang (a request the mock never answers). It is
 * a bound on a hang, not a speed limit: answers take far less even on a loaded machine, and speed
 * is measured by `npm run bench`, not here (a loaded machine made 2 s too short once).
 */
const HANG_MS = 30_000;

describe('the node:http face under fuzzing', () => {
  it(`answers ${CASES.toLocaleString('en')} generated hostile requests within the envelope, without a 5xx or a hang`, async () => {
    const report = await runFuzz({ cases: CASES, seed: 15, timeoutMs: HANG_MS });
    const { findings, ...figures } = report;
    // The figures go into the test's output, for the record and for a failure's first clue.
    console.info(`fuzz: ${JSON.stringify(figures)}`);
    expect(findings).toEqual([]);
    expect(report.answers).toBeGreaterThanOrEqual(CASES);
    expect(report.fiveXx + report.outsideEnvelope + report.noRequestId + report.missingAnswers + report.slow).toBe(0);
    // Every kind of answer shows up, so that the judge saw the envelope, successes and the node face's own refusals.
    for (const status of ['200', '201', '400', '401', '404', '405', '413', '422']) expect(report.statuses[status] ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
