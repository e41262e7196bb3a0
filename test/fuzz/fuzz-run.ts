// A fuzz run: `cases` cases generated from the document with a seed, sent over raw sockets by
// `concurrency` workers (each on a keep-alive connection, or a connection of its own for cases
// that break framing), every answer judged (judge.ts), with the figures a report needs.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';
import type { Answer } from './answer-parser.ts';
import type { FuzzCase } from './fuzz-case.ts';
import { startFuzzTarget, type FuzzTarget } from './fuzz-setup.ts';
import { createJudge, type FindingKind } from './judge.ts';
import { MUTATORS } from './mutators/index.ts';
import { Connection, type Exchange } from './raw-client.ts';
import { caseSeed, createRng } from './rng.ts';
import { sampleOperations, type OperationSample } from './samples.ts';

/** `from`: the first case's number (replaying a finding of a longer run: the same seed and number make the same case). */
export type FuzzOptions = { cases: number; seed: number; from?: number; concurrency?: number; timeoutMs?: number };

export type FuzzFinding = {
  case: number;
  mutator: string;
  operationId: string;
  kind: FindingKind | 'no-answer' | 'slow' | 'bad-answer';
  detail: string;
};

export type FuzzReport = {
  cases: number;
  requests: number;
  answers: number;
  statuses: Record<string, number>;
  fiveXx: number;
  outsideEnvelope: number;
  noRequestId: number;
  missingAnswers: number;
  slow: number;
  slowestMs: number;
  slowestCase: string;
  /** The longest the process's event loop was blocked (the mock and the fuzzer share it), and in which batch of cases. */
  loopBlockedMs: number;
  loopBlockedIn: string;
  slowestInCore: { request: string; ms: number }[];
  ms: number;
  findings: FuzzFinding[];
};

/**
 * Cases run in batches; the answers of a batch are judged after it, while nothing is in flight:
 * judging compiles schemas (seconds, in this process, which also serves the mock), and doing it
 * between answers would slow the answers it measures.
 */
const BATCH = 2_000;

type Sent = { index: number; fuzzCase: FuzzCase; exchange: Exchange };

export async function runFuzz({ cases, seed, from = 0, concurrency = 12, timeoutMs = 2_000 }: FuzzOptions): Promise<FuzzReport> {
  const target = await startFuzzTarget(seed);
  const document = loadDocument('crm');
  const samples = sampleOperations(document, indexOperations(document).values());
  const judge = createJudge();
  const report: FuzzReport = {
    cases,
    requests: 0,
    answers: 0,
    statuses: {},
    fiveXx: 0,
    outsideEnvelope: 0,
    noRequestId: 0,
    missingAnswers: 0,
    slow: 0,
    slowestMs: 0,
    slowestCase: '',
    loopBlockedMs: 0,
    loopBlockedIn: '',
    slowestInCore: [],
    ms: 0,
    findings: [],
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  try {
    for (let first = from; first < from + cases; first += BATCH) {
      const last = Math.min(first + BATCH, from + cases);
      loop.reset();
      loop.enable();
      const sent = await sendBatch(first, last, concurrency, (index) => makeCase(index, seed, samples, target), target.port, timeoutMs);
      loop.disable();
      if (loop.max / 1e6 > report.loopBlockedMs)
        Object.assign(report, { loopBlockedMs: Math.round(loop.max / 1e6), loopBlockedIn: `#${first} to #${last - 1}` });
      for (const { index, fuzzCase, exchange } of sent) record(report, index, fuzzCase, exchange, judge, timeoutMs);
    }
  } finally {
    report.slowestInCore = target.slowestInCore();
    await target.running.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** Cases `from` to `to` sent by `concurrency` workers, each on a keep-alive connection of its own (or one per `alone` case). */
async function sendBatch(
  from: number,
  to: number,
  concurrency: number,
  make: (index: number) => FuzzCase,
  port: number,
  timeoutMs: number,
): Promise<Sent[]> {
  const sent: Sent[] = [];
  let next = from;
  const worker = async () => {
    let connection: Connection | undefined;
    for (let index = next++; index < to; index = next++) {
      const fuzzCase = make(index);
      const own = fuzzCase.alone ? await Connection.open(port) : (connection ??= await Connection.open(port));
      const exchange = await own.exchange(fuzzCase.bytes, {
        expected: fuzzCase.alone ? Infinity : fuzzCase.requests.length,
        alone: fuzzCase.alone,
        bodiless: (i) => fuzzCase.requests[i]?.method === 'HEAD',
        timeoutMs,
      });
      sent.push({ index, fuzzCase, exchange });
      if (fuzzCase.alone) own.close();
      else if (!own.reusable(exchange.answers.at(-1)) || exchange.timedOut || exchange.problem) {
        own.close();
        connection = undefined;
      }
    }
    connection?.close();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sent.sort((a, b) => a.index - b.index);
}

function makeCase(index: number, seed: number, samples: OperationSample[], target: FuzzTarget): FuzzCase {
  const sample = samples[index % samples.length]!;
  const mutator = MUTATORS[Math.floor(index / samples.length) % MUTATORS.length]!;
  const rng = createRng(caseSeed(seed, index));
  return mutator.make({ rng, sample, samples, key: target.key, cookie: target.cookie, host: target.host, known: target.known });
}

function record(
  report: FuzzReport,
  index: number,
  fuzzCase: FuzzCase,
  exchange: Exchange,
  judge: ReturnType<typeof createJudge>,
  timeoutMs: number,
): void {
  const found = (kind: FuzzFinding['kind'], detail: string) => {
    if (report.findings.length < 200)
      report.findings.push({ case: index, mutator: fuzzCase.mutator, operationId: fuzzCase.operationId, kind, detail });
  };
  report.requests += fuzzCase.requests.length;
  exchange.answers.forEach((answer: Answer, i) => {
    report.answers += 1;
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    const ms = answer.at - exchange.started;
    if (ms > report.slowestMs)
      Object.assign(report, { slowestMs: Math.round(ms), slowestCase: `#${index} ${fuzzCase.mutator} ${fuzzCase.operationId}` });
    const findings = judge(answer, fuzzCase.requests[i]);
    if (
      !fuzzCase.malformedAllowed &&
      !dotSegmentIn(fuzzCase.requests[i]?.target) &&
      answer.status === 400 &&
      /"code":"malformed_request"/.test(answer.body.toString())
    ) {
      findings.push({
        kind: 'outside-envelope',
        detail: `a well-formed request refused as malformed: ${answer.body.toString().slice(0, 200)}`,
      });
    }
    for (const finding of findings) {
      if (finding.kind === '5xx') report.fiveXx += 1;
      if (finding.kind === 'outside-envelope') report.outsideEnvelope += 1;
      if (finding.kind === 'no-request-id') report.noRequestId += 1;
      found(finding.kind, finding.detail);
    }
  });
  if (exchange.problem) found('bad-answer', exchange.problem);
  if (exchange.timedOut) {
    report.slow += 1;
    report.slowestMs = Math.max(report.slowestMs, timeoutMs);
    found('slow', `no ${exchange.answers.length ? 'further ' : ''}answer within ${timeoutMs} ms`);
  }
  if (exchange.answers.length < fuzzCase.minAnswers) {
    report.missingAnswers += 1;
    found('no-answer', `${exchange.answers.length} of ${fuzzCase.minAnswers} answers`);
  }
}

/**
 * A target whose path holds a dot segment or a backslash is refused 400 malformed_request by
 * design (src/adapters/node/request-target.ts: resolved, it would name another path, issue 24).
 */
function dotSegmentIn(target: string | undefined): boolean {
  const path = (target ?? '').split('?', 1)[0]!;
  return path.includes('\\') || path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}
