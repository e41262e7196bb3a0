// `crmkit explore` (conformance/explore/) against targets that are right, each of which must show
// 0 divergences (a clean mock, the deployment stand-in, the other-readings stand-in: every
// divergence there would be a false one), and against mocks with a named fault of the resources
// it covers, where it must find one, shrink it, and replay it from the seed.
import { afterAll, describe, expect, it } from 'vitest';
import { runExplore, type ExploreOptions } from '../../conformance/explore/explore.ts';
import { storyOf } from '../../conformance/explore/story.ts';
import { parseScenario, runScenarios } from '../../scenarios/index.ts';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { OTHER_READINGS } from '../../src/other-readings/index.ts';
import { liveRecords, startStandIn } from '../support/stand-in.ts';

const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
});

/** `allowPrivateWebhooks`: the mock delivers to 127.0.0.1, so the run's webhooks (and their pings and deliveries) are explored too. */
async function mockUrl(faults: string[] = [], allowPrivateWebhooks = false): Promise<string> {
  const server = await startServer(createMock({ faults, allowPrivateWebhooks }), { port: 0, host: '127.0.0.1' });
  running.push(server);
  return server.url;
}

/** A fixed number of calls, no pace (a mock on this machine), a few seeds. */
const RUN = { calls: 150, rate: 0 } satisfies Partial<ExploreOptions>;

describe('against targets that are right: 0 divergences', () => {
  it.each([
    [1, false],
    [2, true],
  ])('a clean mock, seed %i (delivering to 127.0.0.1: %s), leaving none of the workspaces it made', async (seed, allowPrivateWebhooks) => {
    const baseUrl = await mockUrl([], allowPrivateWebhooks);
    const workspaces = async () => ((await (await fetch(`${baseUrl}/_mock/workspaces`)).json()) as { data: unknown[] }).data.length;
    const report = await runExplore({ baseUrl, seed, ...RUN });
    expect(report.divergences.map((divergence) => divergence.signature)).toEqual([]);
    expect(report.stepsRun).toBeGreaterThan(RUN.calls * 0.8);
    expect(report.cleanup.failed).toBe(0);
    // A mock serving run after run (npm run explore-soak) grew by the two workspaces of each until it ran out of memory.
    expect(await workspaces()).toBe(0);
  });

  it.each([
    ['the deployment stand-in', {}],
    ['the other-readings stand-in', { otherReadings: OTHER_READINGS }],
  ] as const)('%s, leaving no record of its own outside the trash', async (_, options) => {
    const standIn = await startStandIn(options);
    running.push(standIn.server);
    const before = liveRecords(standIn.workspace);
    const report = await runExplore({ ...targetOptionsOf(standIn.inputs), seed: 3, ...RUN });
    expect(report.divergences.map((divergence) => divergence.signature)).toEqual([]);
    expect(report.target.mock).toBe(false);
    expect(report.stepsRun).toBeGreaterThan(RUN.calls * 0.8);
    expect(report.cleanup).toMatchObject({ failed: 0 });
    expect(report.cleanup.deleted).toBeGreaterThan(0);
    expect(liveRecords(standIn.workspace)).toEqual(before);
  });
});

describe('stopping', () => {
  it('interrupted (as Ctrl-C does), it stops sending and still deletes what it made', async () => {
    const standIn = await startStandIn();
    running.push(standIn.server);
    const before = liveRecords(standIn.workspace);
    const interrupted = new AbortController();
    let executed = 0;
    const onExecuted = () => void (++executed === 20 && interrupted.abort());
    const report = await runExplore({ ...targetOptionsOf(standIn.inputs), seed: 4, ...RUN, signal: interrupted.signal, onExecuted });
    expect(report.stepsRun).toBeLessThan(RUN.calls / 2);
    expect(report.cleanup.deleted).toBeGreaterThan(0);
    expect(liveRecords(standIn.workspace)).toEqual(before);
  });

  it('a budget of 0 seconds sends nothing', async () => {
    const report = await runExplore({ baseUrl: await mockUrl(), seed: 1, ...RUN, budgetSeconds: 0 });
    expect({ stepsRun: report.stepsRun, divergences: report.divergences.length, cleanup: report.cleanup }).toEqual({
      stepsRun: 0,
      divergences: 0,
      cleanup: { deleted: 0, failed: 0 },
    });
  });
});

describe('against a named fault: found, shrunk, replayed from the seed', () => {
  it.each([
    'contact-emails-case-kept',
    'contact-patch-appends-lists',
    'contact-restore-not-saved',
    'company-delete-removes',
    'deleted-contact-still-searchable',
    'restore-renumbers',
    'product-delete-answers-204',
    'note-key-actor-system',
    'won-without-closed-at',
    // Webhooks, on a mock that delivers to the run's receiver on 127.0.0.1.
    'delivery-status-delivered',
    'delivery-detail-without-response',
  ])('%s', async (fault) => {
    const baseUrl = await mockUrl([fault], fault.startsWith('delivery-'));
    // The first of three seeds (400 calls each) that shows it: a seed is a sample, not the whole search.
    let options = { baseUrl, seed: 1, ...RUN, calls: 400, shrinkAtMost: 1, maxReplays: 20 };
    let report = await runExplore(options);
    for (let seed = 2; seed <= 3 && !report.divergences.length; seed++) report = await runExplore((options = { ...options, seed }));
    const [first] = report.divergences;
    expect(first, 'a divergence').toBeDefined();
    expect(first!.shrunkLength).toBeLessThanOrEqual(first!.originalLength);
    expect(first!.reproduced).toBe(true);
    expect(first!.exchanges.some((executed) => executed.differences.length > 0)).toBe(true);
    expect(first!.rules.length).toBeGreaterThan(0);
    const replayed = await runExplore({ ...options, steps: first!.steps.map((step) => step.id), shrinkAtMost: 0 });
    expect(replayed.divergences.map((divergence) => divergence.signature)).toContain(first!.signature);
  });
});

describe('the events delivered (spec 6), on a mock that delivers to the receiver of the run', () => {
  const eventDivergences = (report: { divergences: { signature: string }[] }) =>
    report.divergences.map((divergence) => divergence.signature).filter((signature) => signature.includes(' event '));

  it('a clean mock: its events compared, 0 event divergences', async () => {
    const report = await runExplore({ baseUrl: await mockUrl([], true), seed: 1, ...RUN });
    expect(report.eventsCompared).toBeGreaterThan(10);
    expect(eventDivergences(report)).toEqual([]);
  });

  it('a mock that drops lead.created: one event divergence, at the create, shrunk to it', async () => {
    const report = await runExplore({ baseUrl: await mockUrl(['api-lead-created-not-announced'], true), seed: 1, ...RUN, shrinkAtMost: 1 });
    expect(eventDivergences(report)).toEqual(['createLead event lead.created not delivered by the target']);
    const [found] = report.divergences;
    expect(found).toMatchObject({ shrunkLength: 1, reproduced: true });
    expect(found!.differences[0]).toMatchObject({ target: '(not delivered)', oracle: [{ type: 'lead.created' }] });
    expect(found!.rules).toContain('events.lead-created');
  });
});

describe('a divergence as a story', () => {
  it('fails on the faulty mock where it was found and passes on a clean one', async () => {
    const faulty = await mockUrl(['contact-restore-not-saved']);
    const report = await runExplore({ baseUrl: faulty, seed: 1, ...RUN, calls: 250, shrinkAtMost: 1, maxReplays: 20 });
    const scenario = parseScenario(storyOf(report, report.divergences[0]!), 'found-by-explore.yaml');
    const outcomes = async (baseUrl: string) => (await runScenarios([scenario], { baseUrl })).scenarios.map((result) => result.outcome);
    expect(await outcomes(faulty)).toEqual(['failed']);
    expect(await outcomes(await mockUrl())).toEqual(['passed']);
  });
});
