// Issue 15: every answer of the node:http face, to requests of every shape, is one the document
// describes. 10,000 cases generated from the document (fuzz-run.ts; every operation under every
// mutator at least three times) against a mock started here, judged answer by answer (judge.ts).
// A longer run: `npm run fuzz -- --cases 200000 --seed 7`.
import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz-run.ts';

const CASES = 10_000;

describe('the node:http face under fuzzing', () => {
  it(`answers ${CASES.toLocaleString('en')} generated hostile requests within the envelope, without a 5xx or a slow answer`, async () => {
    const report = await runFuzz({ cases: CASES, seed: 15 });
    const { findings, ...figures } = report;
    // The figures go into the test's output, for the record and for a failure's first clue.
    console.info(`fuzz: ${JSON.stringify(figures)}`);
    expect(findings).toEqual([]);
    expect(report.answers).toBeGreaterThanOrEqual(CASES);
    expect(report.fiveXx + report.outsideEnvelope + report.noRequestId + report.missingAnswers + report.slow).toBe(0);
    expect(report.slowestMs).toBeLessThan(2_000);
    // Every kind of answer shows up, so that the judge saw the envelope, successes and the node face's own refusals.
    for (const status of ['200', '201', '400', '401', '404', '405', '413', '422']) expect(report.statuses[status] ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
