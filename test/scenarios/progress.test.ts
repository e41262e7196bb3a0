// Progress while a story's step waits (issue 25, item 5, as for the suite's checks): the runner
// tells its reporter every few seconds (5 by default) how long the step has run and what it waits
// for; `crmkit scenario run` prints it on stderr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { resolveTarget } from '../../harness/target.ts';
import { parseScenario } from '../../scenarios/runner/load.ts';
import { prettyStepProgress } from '../../scenarios/runner/reporters/pretty.ts';
import { runScenario, type StepProgress } from '../../scenarios/runner/run.ts';
import { freePort, startStandIn, type StandIn } from '../support/stand-in.ts';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn?.server.close());

const STORY = parseScenario(
  `
title: A story that waits
description: A step waits for a request its receiver has not had yet.
steps:
  - name: The receiver hears of the progress
    webhooks: {count: 1, where: {path: /progress}, wait: 60s}
`,
  'progress.yaml',
);

describe('a story step that waits', () => {
  it('is reported every progressEveryMs with what it waits for, until the wait is over', async () => {
    const port = await freePort();
    const target = await resolveTarget({
      ...targetOptionsOf(standIn.inputs),
      webhookReceiverUrl: `http://127.0.0.1:${port}`,
      webhookReceiverPort: port,
    });
    const progress: StepProgress[] = [];
    const result = await runScenario(STORY, target, {
      progressEveryMs: 20,
      onStepProgress: (seen) => {
        progress.push(seen);
        // The request comes once the reporter has heard what the step waits for: the wait ends on an event, not a clock.
        if (progress.length === 2) void fetch(`http://127.0.0.1:${port}/progress`, { method: 'POST', body: '{}' });
      },
    }).finally(() => target.close());
    expect(result.steps.map((step) => [step.index, step.outcome])).toEqual([
      [0, 'passed'],
      [1, 'passed'],
    ]);
    expect(progress[0]).toMatchObject({
      step: { index: 1, name: 'The receiver hears of the progress' },
      wait: { what: 'the requests received the step expects', upToMs: 60_000 },
    });
    expect(prettyStepProgress(progress[0]!)).toMatch(
      /^ {6}… 1\. The receiver hears of the progress: \d+ s, waiting for the requests received the step expects \(\d+ s of up to 60 s\)\n$/,
    );
  });
});
