// Every story in scenarios/ against a deployment stand-in (`crmkit mock --stand-in`): no control
// API, a workspace that already holds demo data and that every story shares, its clock at real
// time, and only the inputs a QA engineer would have. No step may fail there (a failure is a false
// one: the stand-in is the sound mock), every skip says why, and nothing a story made stays
// outside the trash. Once with a webhook receiver the stand-in can reach (as a tunnel would give
// a deployment), once without one (its steps are skipped, and what the story made still goes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRecords, startStandIn, type StandIn } from '../support/stand-in.ts';
import { runStories, skippedSteps, storyFailures, STORY_FILES } from '../support/stand-in-runs.ts';
import type { ScenarioReport } from '../../scenarios/runner/report.ts';

for (const receiver of [true, false]) {
  describe(`the stories against a deployment stand-in, ${receiver ? 'with' : 'without'} a webhook receiver it reaches`, () => {
    let standIn: StandIn;
    let before: Record<string, string[]>;
    let report: ScenarioReport;

    beforeAll(async () => {
      standIn = await startStandIn();
      before = liveRecords(standIn.workspace);
      report = await runStories(standIn.inputs, receiver);
    }, 60_000);
    afterAll(() => standIn?.server.close());

    it('runs every story and fails no step', () => {
      expect(report.target.kind).toBe('deployment');
      expect(report.scenarios).toHaveLength(STORY_FILES.length);
      expect(storyFailures(report)).toEqual([]);
      // Not even a step on a part the spec does not show: the stand-in is crmkit's own design.
      expect(
        report.scenarios.flatMap((scenario) =>
          scenario.steps.filter((step) => step.outcome === 'pending').map((step) => `${step.at}: ${step.message}`),
        ),
      ).toEqual([]);
    });

    it('says why for every step it skips', () => {
      const skipped = skippedSteps(report);
      for (const { step } of skipped) expect(step.message, step.at).toMatch(/\w{3,}/);
      if (receiver)
        console.info(
          `stand-in: ${report.scenarios.length} stories, ${skipped.length} steps skipped:\n${skipped.map(({ story, step }) => `  ${story} ${step.index}. ${step.name}: ${step.message}`).join('\n')}`,
        );
      else expect(skipped.filter(({ step }) => step.message?.includes('--webhook-receiver-url')).length).toBeGreaterThan(0);
    });

    it('runs something of every story but those that start with what only a person, a client or the web app does', () => {
      const idle = report.scenarios
        .filter((scenario) => !scenario.steps.some((step) => step.index > 0 && step.outcome === 'passed'))
        .map((scenario) => scenario.file.split('/').pop());
      // A form made in the web app (setup.forms), an owner's consent in a browser, a client writing
      // in; without a receiver, the two message stories have nothing left but their webhook.
      const always = [
        'form-submission-lead-won.yaml',
        'oauth-app-refresh-token-theft.yaml',
        'returning-client-by-phone-then-email.yaml',
        'snoozed-conversation-wakes-up.yaml',
      ];
      const withoutReceiver = ['conversation-reply-delivered-and-read.yaml', 'whatsapp-reply-after-24-hours.yaml'];
      expect(idle.sort()).toEqual((receiver ? always : [...always, ...withoutReceiver]).sort());
    });

    it('leaves nothing a story made outside the trash', () => {
      expect(liveRecords(standIn.workspace)).toEqual(before);
    });
  });
}
