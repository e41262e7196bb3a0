// The suite and the stories against the other-readings stand-in (`crmkit mock --stand-in FILE
// --other-readings`, src/other-readings/): a deployment that takes the other way wherever the
// spec leaves a choice open. It is correct, so no check, rule or story may fail there (issue 22):
// a failure would enforce crmkit's own choice as if the spec stated it. A rule whose words the
// spec leaves open (a catalog `reading`), or whose check rests on an inferred part, may warn.
// other-readings-live.test.ts and other-readings-errors.test.ts show that each reading is live,
// so that this run cannot pass by a reading doing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRecords, startStandIn, type StandIn } from '../support/stand-in.ts';
import { failedChecks, failedRules, runStories, runSuite, storyFailures, STORY_FILES } from '../support/stand-in-runs.ts';
import type { Report } from '../../conformance/run.ts';
import type { ScenarioReport } from '../../scenarios/runner/report.ts';
import { rulesById } from '../../conformance/rules/catalog.ts';
import { OTHER_READINGS } from '../../src/other-readings/index.ts';

/**
 * What a run left outside the trash: nothing, but the webhooks it could only switch off (the
 * other readings offer no route to delete one, which the spec does not show: 4.11).
 */
function expectNothingLeft({ standIn, before }: { standIn: StandIn; before: Record<string, string[]> }): void {
  const { webhooks: webhooksAfter, ...after } = liveRecords(standIn.workspace);
  const { webhooks: webhooksBefore, ...rest } = before;
  expect(after).toEqual(rest);
  const made = webhooksAfter!.filter((id) => !webhooksBefore!.includes(id));
  expect(made.filter((id) => standIn.workspace.tables.webhooks.get(id)?.active)).toEqual([]);
}

const started: StandIn[] = [];
async function otherStandIn(): Promise<{ standIn: StandIn; before: Record<string, string[]> }> {
  const standIn = await startStandIn({ otherReadings: OTHER_READINGS });
  started.push(standIn);
  return { standIn, before: liveRecords(standIn.workspace) };
}

let suite: { standIn: StandIn; before: Record<string, string[]>; report: Report };
let stories: { standIn: StandIn; before: Record<string, string[]>; report: ScenarioReport };

beforeAll(async () => {
  // Each on a stand-in of its own, at once: both wait far more than they compute.
  [suite, stories] = await Promise.all([
    otherStandIn().then(async (run) => ({ ...run, report: await runSuite(run.standIn.inputs) })),
    otherStandIn().then(async (run) => ({ ...run, report: await runStories(run.standIn.inputs, true) })),
  ]);
}, 420_000);
afterAll(async () => {
  for (const standIn of started) await standIn.server.close();
});

describe('the suite against the other-readings stand-in', () => {
  it('fails no check and no rule', () => {
    expect(failedChecks(suite.report)).toEqual([]);
    expect(failedRules(suite.report)).toEqual([]);
  });

  it('warns only on rules whose words the spec leaves open (a catalog reading) or that rest on inferred parts', () => {
    const catalog = rulesById();
    const warnedChecks = new Set(suite.report.results.filter((result) => result.outcome === 'warned').map((result) => result.id));
    const unexplained = suite.report.rules
      .filter((rule) => rule.outcome === 'warned')
      .filter((rule) => !catalog.get(rule.id)?.reading && !(rule.check && warnedChecks.has(rule.check)));
    expect(unexplained.map((rule) => `${rule.id}: ${rule.message}`)).toEqual([]);
    const count = (outcome: string) => ({
      checks: suite.report.results.filter((result) => result.outcome === outcome).length,
      rules: suite.report.rules.filter((rule) => rule.outcome === outcome).length,
    });
    console.info(`other readings: ${JSON.stringify({ passed: count('passed'), warned: count('warned'), skipped: count('skipped') })}`);
    const warned = suite.report.rules
      .filter((rule) => rule.outcome === 'warned')
      .map((rule) => `  ${rule.id} (${rule.check}): ${rule.message}`);
    console.info(`warned:\n${warned.join('\n')}`);
  });

  it('leaves nothing it made outside the trash (but webhooks switched off)', () => expectNothingLeft(suite));
});

describe('the stories against the other-readings stand-in', () => {
  it('runs every story and fails no step', () => {
    expect(stories.report.scenarios).toHaveLength(STORY_FILES.length);
    expect(storyFailures(stories.report)).toEqual([]);
  });

  it('leaves nothing a story made outside the trash (but webhooks switched off)', () => expectNothingLeft(stories));
});
