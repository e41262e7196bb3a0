// Progress while a check waits (issue 25, item 5): the run tells its reporter every few seconds
// (5 by default) how long the check in progress has run and what it waits for, in the words of the
// wait itself (a webhook receiver's, a check's "the first retry"); the checks print nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveCheck } from '../../conformance/check.ts';
import { prettyCheckProgress } from '../../conformance/report/pretty.ts';
import { runConformance, type CheckProgress } from '../../conformance/run.ts';
import { WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { waitingFor } from '../../harness/waiting.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';

let server: RunningServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startServer(createMock(), { port: 0, host: '127.0.0.1' });
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

/** A check that waits for a delivery to its receiver path, as a webhook check does, named as `webhook-kit.ts`'s `delivery(count, what)` names it. */
const waitsForADelivery: ActiveCheck = {
  kind: 'active',
  id: 'test.waits-for-a-delivery',
  area: 'webhooks',
  title: 'waits for a delivery',
  spec: '-',
  basis: 'documented',
  writes: false,
  async run(context) {
    const found = await waitingFor('the first retry', 60_000, () => receiver.nth('/progress-test', 1, 60_000));
    if (!found) context.fail('no delivery came');
  },
};

describe('a check that waits', () => {
  it('is reported every progressEveryMs with what it waits for, until the wait is over', async () => {
    const progress: CheckProgress[] = [];
    const report = await runConformance({
      baseUrl: server.url,
      checks: [waitsForADelivery],
      progressEveryMs: 20,
      onProgress: (seen) => {
        progress.push(seen);
        // The delivery comes once the reporter has heard what the check waits for: the wait is over on an event, not a clock.
        if (progress.length === 2) void fetch(receiver.url('/progress-test'), { method: 'POST', body: '{}' });
      },
    });
    expect(report.results.map((result) => [result.id, result.outcome])).toEqual([['test.waits-for-a-delivery', 'passed']]);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toMatchObject({ check: { id: 'test.waits-for-a-delivery' }, wait: { what: 'the first retry', upToMs: 60_000 } });
    expect(progress[1]!.elapsedMs).toBeGreaterThanOrEqual(progress[0]!.elapsedMs);
  });

  it('a check between waits is reported as running, not waiting', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const busy: ActiveCheck = {
      ...waitsForADelivery,
      id: 'test.busy',
      async run() {
        await released;
      },
    };
    const progress: CheckProgress[] = [];
    await runConformance({
      baseUrl: server.url,
      checks: [busy],
      progressEveryMs: 20,
      onProgress: (seen) => (progress.push(seen), release()),
    });
    expect(progress[0]).toMatchObject({ check: { id: 'test.busy' } });
    expect(progress[0]!.wait).toBeUndefined();
  });
});

describe('the progress line', () => {
  it('says the check, how long it has run, what it waits for and for how long at most', () => {
    const check = { id: 'webhooks.retries', area: 'webhooks', title: 't', spec: '6.3', basis: 'documented' } as const;
    const wait = { what: 'the first retry', sinceMs: Date.now() - 10_000, upToMs: 150_000 };
    expect(prettyCheckProgress({ check, elapsedMs: 15_200, wait })).toBe(
      '  … webhooks.retries: 15 s, waiting for the first retry (10 s of up to 150 s)\n',
    );
    expect(prettyCheckProgress({ check, elapsedMs: 5_000 })).toBe('  … webhooks.retries: 5 s, still running (not on a named wait)\n');
  });

  it("names a receiver's own wait by its path when no check named it", async () => {
    const seen: CheckProgress[] = [];
    const bare: ActiveCheck = {
      ...waitsForADelivery,
      id: 'test.bare',
      async run() {
        await receiver.nth('/bare', 1, 60_000);
      },
    };
    await runConformance({
      baseUrl: server.url,
      checks: [bare],
      progressEveryMs: 20,
      onProgress: (progress) => {
        seen.push(progress);
        if (seen.length === 1) void fetch(receiver.url('/bare'), { method: 'POST', body: '{}' });
      },
    });
    expect(seen[0]!.wait?.what).toBe('a delivery to /bare at the webhook receiver');
  });
});
