// The suite against a deployment stand-in (`crmkit mock --stand-in`): no control API, a workspace
// that already holds data, its clock at real time, and only the inputs a QA engineer would have.
// No check may fail there (a failure is a false one: the stand-in is the sound mock), every skip
// says why, and nothing the run made stays outside the trash. A second run goes through proxies
// that answer writes late and shuffle webhook deliveries, so that deliveries come before the
// answers that caused them and out of order (spec 6.3: no ordering guarantee).
//
// A run against a stand-in waits far more than it computes (its clock is real time: each form
// check waits out min_ms, and what must not come is waited for as against a deployment), so the
// two runs, each against a stand-in of its own, go at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, liveRecords, startStandIn, type StandIn } from '../support/stand-in.ts';
import { failedChecks, failedRules } from '../support/stand-in-runs.ts';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { startForwardingProxy } from '../../conformance/proxy/forwarding-proxy.ts';
import { rulesById } from '../../conformance/rules/catalog.ts';
import { checkWrites, figuresLine } from '../../conformance/rules/figures.ts';
import { offerOf, unmetNeeds } from '../../conformance/rules/target-offer.ts';
import { runConformance, type Report, type RunOptions } from '../../conformance/run.ts';
import { createRng } from '../fuzz/rng.ts';

function expectNoFailure(report: Report): void {
  expect(failedChecks(report)).toEqual([]);
  expect(failedRules(report)).toEqual([]);
}

const closing: { close(): Promise<void> }[] = [];

/**
 * Rules judged against the stand-in as measured (scripts/measure-deployment-figures.ts), less the
 * two a loaded machine may leave unjudged (forms.min-ms skips a submission that came after min_ms).
 */
const INPUTS_ONLY_JUDGED = 592;
const WITH_RECEIVER_JUDGED = 684;

/**
 * The catalog's needs against what the checks did (rules/README.md): a rule skipped though this
 * target meets its needs skipped for a reason they do not name; one an active check judged though
 * they are not met needs less than they say. (An observer judges whatever exchanges the run made.)
 */
function needsProblems(report: Report, options: RunOptions): string[] {
  const offer = offerOf(options);
  const catalog = rulesById();
  const active = new Set(ALL_CHECKS.filter((check) => check.kind === 'active').map((check) => check.id));
  return report.rules.flatMap((result) => {
    const unmet = unmetNeeds(catalog.get(result.id)!, offer, checkWrites);
    if (result.outcome === 'skipped' && !unmet.length) return [`${result.id} was skipped though its needs are met: ${result.message}`];
    const judged = ['passed', 'failed', 'warned'].includes(result.outcome);
    if (!judged || !unmet.length || !active.has(result.check ?? '')) return [];
    return [`${result.id} was judged by ${result.check} though it ${unmet.join('; ')}`];
  });
}

/** The suite straight against a stand-in, with the records outside the trash before it ran. */
async function plainRun(): Promise<{ standIn: StandIn; before: Record<string, string[]>; options: RunOptions; report: Report }> {
  const standIn = await startStandIn();
  closing.push(standIn.server);
  const before = liveRecords(standIn.workspace);
  const port = await freePort();
  const options = { ...targetOptionsOf(standIn.inputs), webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port };
  return { standIn, before, options, report: await runConformance(options) };
}

/** The suite against a stand-in with only its inputs file: no receiver the deployment reaches, no waiting. */
async function inputsOnlyRun(): Promise<{ options: RunOptions; report: Report }> {
  const standIn = await startStandIn();
  closing.push(standIn.server);
  const options = targetOptionsOf(standIn.inputs);
  return { options, report: await runConformance(options) };
}

/** The suite against a stand-in through proxies that answer late and shuffle deliveries. */
async function lateRun(): Promise<Report> {
  const standIn = await startStandIn();
  closing.push(standIn.server);
  // A third of the writes are answered 100 to 250 ms late: their events' deliveries come first.
  // Seeded: a run that fails is replayed with the same lateness (CRMKIT_TEST_SEED picks another).
  const rng = createRng(Number(process.env.CRMKIT_TEST_SEED ?? 20261202));
  const late = ({ method }: { method: string }) => (method !== 'GET' && rng.chance(1 / 3) ? 100 + rng.next() * 150 : 0);
  const api = await startForwardingProxy({ target: standIn.inputs.base_url, delayMs: late });
  // Each delivery is held 0 to 150 ms on its way to the receiver: they overtake each other.
  const receiverPort = await freePort();
  const deliveries = await startForwardingProxy({ target: `http://127.0.0.1:${receiverPort}`, holdMs: () => rng.next() * 150 });
  closing.push(api, deliveries);
  const urls = { base_url: api.url, hub_url: api.url, workspace_url: api.url };
  return runConformance({
    ...targetOptionsOf({ ...standIn.inputs, ...urls }),
    webhookReceiverUrl: deliveries.url,
    webhookReceiverPort: receiverPort,
  });
}

let plain: Awaited<ReturnType<typeof plainRun>>;
let lateReport: Report;
let inputsOnly: Awaited<ReturnType<typeof inputsOnlyRun>>;

beforeAll(async () => {
  [plain, lateReport, inputsOnly] = await Promise.all([plainRun(), lateRun(), inputsOnlyRun()]);
}, 420_000);
afterAll(async () => {
  for (const item of closing.reverse()) await item.close();
});

describe('the suite against a deployment stand-in', () => {
  it('fails no check and no rule', () => expectNoFailure(plain.report));

  it("breaks no check: one that needs a mock's control API skips instead (query.masked read undefined.workspaceId)", () => {
    const broke = plain.report.results
      .filter((result) => result.message?.includes('the check itself broke'))
      .map((result) => `${result.id}: ${result.message}`);
    expect(broke).toEqual([]);
    expect(plain.report.results.find((result) => result.id === 'query.masked')?.outcome).toBe('skipped');
  });

  it('says why for every check it skips', () => {
    const skipped = plain.report.results.filter((result) => result.outcome === 'skipped');
    for (const result of skipped) expect(result.message, result.id).toMatch(/\w{3,}/);
    console.log(
      `stand-in: ${plain.report.results.length} checks, ${skipped.length} skipped:\n${skipped.map((result) => `  ${result.id}: ${result.message}`).join('\n')}`,
    );
  });

  it('leaves nothing it made outside the trash', () => {
    expect(liveRecords(plain.standIn.workspace)).toEqual(plain.before);
  });
});

describe('the suite against a stand-in whose answers come late and whose deliveries come out of order', () => {
  it('fails no check and no rule', () => expectNoFailure(lateReport));

  it('judged deliveries (the webhook checks ran)', () => {
    const webhookChecks = lateReport.results.filter((result) => result.area === 'webhooks' || result.area === 'events');
    expect(webhookChecks.filter((result) => result.outcome === 'passed').length).toBeGreaterThan(0);
  });
});

describe('what a deployment can show (the two figures)', () => {
  it('judges with only the inputs file at least what was measured, and more with a receiver', () => {
    console.log(`stand-in, inputs only: ${figuresLine(inputsOnly.report.summary)}\nwith a receiver: ${figuresLine(plain.report.summary)}`);
    expect(inputsOnly.report.summary.judged).toBeGreaterThanOrEqual(INPUTS_ONLY_JUDGED);
    expect(plain.report.summary.judged).toBeGreaterThanOrEqual(WITH_RECEIVER_JUDGED);
  });

  it("skips no rule whose needs are met, and an active check judges none whose needs are not (the catalog's needs are exact)", () => {
    expect(needsProblems(inputsOnly.report, inputsOnly.options)).toEqual([]);
    expect(needsProblems(plain.report, plain.options)).toEqual([]);
  });

  it('fails no check and no rule with only the inputs file', () => expectNoFailure(inputsOnly.report));
});
