// The events and webhooks checks against a deployment stand-in with no receiver the deployment can
// reach (no webhook_receiver_url): their webhooks point at a URL that reaches no one
// (conformance/kits/webhook-kit.ts, sinkUrls) and what spec 4.11 lets the delivery log show is judged
// from it: the envelope (6.1), the events a change sends (6.4), attempts and statuses (3, 6.3).
// No rule may fail on the sound stand-in, part 6 is judged, and what only a receiver sees skips
// saying so. Then named faults that change what the log shows (the events themselves, which
// webhooks get them, the ping's result) must fail the rules judged from it. Only the two families run: no other check uses a receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn } from '../support/stand-in.ts';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { runConformance, type Report } from '../../conformance/run.ts';

const closing: { close(): Promise<void> }[] = [];

/** The suite's `only` checks or families against a stand-in of its own, without a receiver. */
async function runWithoutReceiver(only: string[], faults: string[] = []): Promise<Report> {
  const standIn = await startStandIn({ faults });
  closing.push(standIn.server);
  return runConformance({ ...targetOptionsOf(standIn.inputs), only });
}

const outcomeOf = (report: Report, rule: string) => report.rules.find((result) => result.id === rule);

let report: Report;

beforeAll(async () => {
  report = await runWithoutReceiver(['events', 'webhooks']);
}, 240_000);
afterAll(async () => {
  for (const item of closing.reverse()) await item.close();
});

describe('the events and webhooks checks against a stand-in without a receiver', () => {
  it('fail no check and no rule', () => {
    const failed = report.results.filter((result) => result.outcome === 'failed').map((result) => `${result.id}: ${result.message}`);
    expect(failed).toEqual([]);
    expect(report.rules.filter((rule) => rule.outcome === 'failed').map((rule) => rule.id)).toEqual([]);
  });

  it('judge part 6 from the delivery log (0 rules passed before, every one skipped for want of a receiver)', () => {
    const part6 = report.rules.filter((rule) => rule.section.startsWith('6'));
    const passed = part6.filter((rule) => rule.outcome === 'passed').map((rule) => rule.id);
    console.log(`part 6 without a receiver: ${passed.length} of ${part6.length} rules passed`);
    expect(passed.length).toBeGreaterThanOrEqual(30);
    const judged = [
      ...['events.envelope-id', 'events.actor-api-key', 'events.stage-changed-from', 'events.contact-updated-per-field'],
      ...['events.truncated-over-256kb', 'webhooks.connection-error-fails', 'webhooks.delivery-retrying', 'webhooks.ping-sends'],
      ...['webhooks.replay-new-delivery-id', 'webhooks.pattern-group'],
    ];
    expect(judged.filter((rule) => outcomeOf(report, rule)?.outcome !== 'passed')).toEqual([]);
  });

  it('skip what only a receiver sees, saying so', () => {
    for (const rule of ['events.envelope-type', 'webhooks.replay-header', 'webhooks.non-2xx-fails', 'webhooks.header-signature-format']) {
      const result = outcomeOf(report, rule);
      expect(result?.outcome, rule).toBe('skipped');
      expect(result?.message, rule).toMatch(/--webhook-receiver-url/);
    }
  });
});

describe('named faults a deployment makes in what its delivery log shows fail the rules judged from it', () => {
  const eventChecks = ['events.lead-events', 'events.record-events'];
  // A rule whose words the spec leaves open (its `reading`) warns against a deployment instead of failing.
  const cases: [fault: string, rule: string, checks: string[], outcome?: 'warned'][] = [
    ['event-actor-always-system', 'events.actor-api-key', eventChecks],
    ['stage-changed-from-is-new-stage', 'events.stage-changed-from', eventChecks],
    ['contact-updated-once-per-patch', 'events.contact-updated-per-field', eventChecks],
    ['event-time-without-offset', 'events.envelope-occurred-at', eventChecks],
    ['group-patterns-match-exact-names', 'webhooks.pattern-all', ['webhooks.event-patterns']],
    ['filters-ignored', 'webhooks.filter-stage', ['webhooks.event-filters']],
    ['ping-answers-queued-delivery', 'webhooks.ping-answers-result', ['webhooks.ping'], 'warned'],
  ];
  for (const [fault, rule, checks, outcome = 'failed'] of cases) {
    it.concurrent(
      `${fault} fails ${rule}`,
      async ({ expect }) => {
        const faulty = await runWithoutReceiver(checks, [fault]);
        const result = outcomeOf(faulty, rule);
        expect(result?.outcome, result?.message).toBe(outcome);
        // Where the problem was seen: the log, or (ping) the route's answer against it.
        expect(result?.message).toMatch(/delivery log|delivery result/);
      },
      120_000,
    );
  }
});
