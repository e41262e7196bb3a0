// Stories as fair as the suite (issue 22): against a deployment stand-in (src/cli/stand-in.ts), a
// step that builds on what a skipped or pending step would have done is skipped, saying which;
// cleanup deletes what a story made whatever path it took; and a second, deliberately different
// but correct implementation (src/other-readings/: duplicate deliveries, event types not in the
// catalog yet, task sub-routes on PUT, other codes for unnamed refusals, tags by name...) fails
// no story, run twice in one workspace that holds the first run's records.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, liveRecords, startStandIn, type StandIn } from '../support/stand-in.ts';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { resolveTarget, type Target } from '../../harness/target.ts';
import { OTHER_READINGS } from '../../src/other-readings/index.ts';
import { loadScenario, parseScenario, ScenarioFileError } from '../../scenarios/runner/load.ts';
import { runScenario, runScenarios } from '../../scenarios/runner/run.ts';
import { NO_CONTROL } from '../../scenarios/runner/world.ts';
import type { ScenarioResult, StepResult } from '../../scenarios/runner/report.ts';

const DIRECTORY = new URL('../../scenarios/', import.meta.url);
const files = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => new URL(name, DIRECTORY).pathname);

/** The stand-in as the runner sees a deployment, with a receiver it reaches (as through a tunnel). */
async function standInTarget(standIn: StandIn): Promise<Target> {
  const port = await freePort();
  return resolveTarget({ ...targetOptionsOf(standIn.inputs), webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port });
}

function outcomes(result: ScenarioResult): string[] {
  const why = (step: StepResult) => (step.outcome === 'skipped' || step.outcome === 'pending' ? `: ${step.message?.split('\n')[0]}` : '');
  return result.steps.map((step) => `${step.index} ${step.outcome}${why(step)}`);
}

const HEAD = `
title: A story
description: Steps against a deployment stand-in.
`;

describe('a step that builds on what another step did', () => {
  let standIn: StandIn;
  let target: Target;
  beforeAll(async () => {
    standIn = await startStandIn();
    target = await standInTarget(standIn);
  });
  afterAll(async () => {
    await target?.close();
    standIn?.server.close();
  });

  it('is skipped when that step was skipped or is pending, saying which step and why; the others run', async () => {
    const scenario = parseScenario(
      `${HEAD}
steps:
  - name: Create the lead
    request: {method: POST, path: /v1/leads, body: {name: 'Desk \${run}'}}
    capture: {lead: body}
  - name: A client writes in (a mock only)
    id: wrote
    control: {method: POST, path: '/_mock/workspaces/\${workspace.id}/inbound', body: {text: Hi}}
  - name: What the message did
    needs: [wrote]
    request: {method: GET, path: /v1/conversations}
  - name: A route the deployment designed otherwise
    id: moved
    inferred: the route is not shown
    request: {method: POST, path: '/v1/leads/\${lead.id}/move-somewhere'}
  - name: What the move did
    needs: [moved]
    request: {method: GET, path: '/v1/leads/\${lead.id}'}
  - name: What no skipped step touched
    request: {method: GET, path: '/v1/leads/\${lead.id}'}
    expect: {status: 200}
cleanup:
  - name: Delete the lead
    request: {method: DELETE, path: '/v1/leads/\${lead.id}'}
`,
      'builds-on.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.outcome).toBe('passed');
    expect(outcomes(result)).toEqual([
      '0 passed',
      '1 passed',
      `2 skipped: ${NO_CONTROL}`,
      `3 skipped: needs wrote, which is unavailable: step 2 was skipped (${NO_CONTROL})`,
      '4 pending: pending: rests on what the spec does not show (the route is not shown)',
      '5 skipped: needs moved, which is unavailable: step 4 is pending: rests on what the spec does not show (the route is not shown)',
      '6 passed',
      '7 passed',
    ]);
  });

  it('names something an earlier step makes, or the file does not load', () => {
    const load = () =>
      parseScenario(
        `${HEAD}
steps:
  - name: Too early
    needs: [made]
    request: {method: GET, path: /v1/leads}
  - name: Makes it
    id: made
    request: {method: GET, path: /v1/leads}
`,
        'early.yaml',
      );
    expect(load).toThrow(ScenarioFileError);
    expect(load).toThrow(/early\.yaml:7:12: steps\[0\]\.needs: needs made, which no step before it captures or has as its id/);
  });
});

describe('cleanup, whatever path the story took', () => {
  let standIn: StandIn;
  let target: Target;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    standIn = await startStandIn();
    target = await standInTarget(standIn);
    before = liveRecords(standIn.workspace);
  });
  afterAll(async () => {
    await target?.close();
    standIn?.server.close();
  });

  // A lead, its contact and task, a webhook, then a product whose answer is not as the story
  // expects: the story stops there, and cleanup deletes all five, the product too.
  const MANY = parseScenario(
    `${HEAD}
steps:
  - name: Find someone to give a task to
    request: {method: GET, path: /v1/members}
    capture: {member: {from: body.data, find: {status: active}}}
  - name: A lead with a new contact
    request: {method: POST, path: /v1/leads, body: {name: 'Desk \${run}', contact: {name: 'Client \${run}'}}}
    capture: {lead: body}
  - name: A task on it
    request:
      method: POST
      path: /v1/tasks
      body: {title: 'Call \${run}', assignee_id: '\${member.id}', entity_type: lead, entity_id: '\${lead.id}'}
    capture: {task: body}
  - name: A webhook
    request: {method: POST, path: /v1/webhooks, body: {name: 'Hook \${run}', url: '\${receiver.url}', events: [lead.*]}}
    capture: {hook: body.webhook}
  - name: A product, made but not as the story expects
    request: {method: POST, path: /v1/products, body: {name: 'Lamp \${run}', price: 100, currency: UZS}}
    expect: {status: 201, body: {price: 200}}
    capture: {product: body}
  - name: Never run
    request: {method: GET, path: /v1/leads}
cleanup:
  - name: Delete the task
    request: {method: DELETE, path: '/v1/tasks/\${task.id}'}
  - name: Delete the webhook
    request: {method: DELETE, path: '/v1/webhooks/\${hook.id}'}
  - name: Delete the product
    request: {method: DELETE, path: '/v1/products/\${product.id}'}
  - name: Delete the leads
    each: ['\${lead.id}']
    request: {method: DELETE, path: '/v1/leads/\${item}'}
  - name: Delete the contact
    request: {method: DELETE, path: '/v1/contacts/\${lead.contact_id}'}
  - name: Delete it again (already gone is nothing to clean up)
    request: {method: DELETE, path: '/v1/products/\${product.id}'}
`,
    'many.yaml',
  );

  it('deletes what a story made when it failed mid-way, the record of the failed step too', async () => {
    const result = await runScenario(MANY, target);
    expect(result.outcome).toBe('failed');
    expect(result.message).toContain('step 5 "A product, made but not as the story expects"');
    expect(result.steps.filter((step) => step.name.startsWith('cleanup:')).map((step) => step.outcome)).toEqual(Array(6).fill('passed'));
    expect(liveRecords(standIn.workspace)).toEqual(before);
  });

  it('deletes what a step made when a later capture of the same step failed', async () => {
    const result = await runScenario(
      parseScenario(
        `${HEAD}
steps:
  - name: A lead, and a capture the answer cannot give
    request: {method: POST, path: /v1/leads, body: {name: 'Desk \${run}'}}
    capture: {lead: body, never: body.no_such_field}
cleanup:
  - name: Delete the lead
    request: {method: DELETE, path: '/v1/leads/\${lead.id}'}
`,
        'partial.yaml',
      ),
      target,
    );
    expect(result.message).toContain('capture never: the answer has no');
    expect(result.steps.at(-1)?.outcome).toBe('passed');
    expect(liveRecords(standIn.workspace)).toEqual(before);
  });

  it('deletes what a story made when the runner broke mid-way', async () => {
    let thrown = false;
    const broken = runScenario(MANY, target, {
      onStep(step) {
        if (step.index !== 3 || thrown) return;
        thrown = true;
        throw new Error('a reporter broke');
      },
    });
    await expect(broken).rejects.toThrow('a reporter broke');
    expect(liveRecords(standIn.workspace)).toEqual(before);
  });
});

describe('another correct implementation: duplicate deliveries and event types not in the catalog yet', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn({ otherReadings: OTHER_READINGS });
  });
  afterAll(() => standIn?.server.close());

  it('is at work: a lead event comes twice, with a stranger of its group, and count counts events', async () => {
    const target = await standInTarget(standIn);
    try {
      const result = await runScenario(
        parseScenario(
          `${HEAD}
steps:
  - name: A webhook on every lead event
    request: {method: POST, path: /v1/webhooks, body: {name: 'Hook \${run}', url: '\${receiver.url}', events: [lead.*]}}
    capture: {hook: body.webhook}
  - name: A lead
    request: {method: POST, path: /v1/leads, body: {name: 'Desk \${run}'}}
    capture: {lead: body}
  - name: One lead.created, delivered twice, and a lead event the catalog does not have
    webhooks:
      where: {headers: {svc-event: lead.created}, body: {data: {object: {id: '\${lead.id}'}}}}
      count: 1
      attempts: 2
  - name: The stranger
    webhooks:
      includes: [{headers: {svc-event: lead.noted}, body: {data: {object: {id: '\${lead.id}'}}}}]
cleanup:
  - name: Delete the webhook
    request: {method: DELETE, path: '/v1/webhooks/\${hook.id}'}
  - name: Delete the lead
    request: {method: DELETE, path: '/v1/leads/\${lead.id}'}
`,
          'at-work.yaml',
        ),
        target,
      );
      expect(result.outcome, result.message).toBe('passed');
    } finally {
      await target.close();
    }
  });

  it('fails no story, twice in one workspace, and every story leaves nothing outside the trash', async () => {
    const before = liveRecords(standIn.workspace);
    for (const run of [1, 2]) {
      const port = await freePort();
      const receiver = { webhookReceiverUrl: `http://127.0.0.1:${port}`, webhookReceiverPort: port };
      const report = await runScenarios(files, { ...targetOptionsOf(standIn.inputs), ...receiver });
      const failed = report.scenarios.filter((scenario) => scenario.outcome !== 'passed');
      expect(failed.map((scenario) => `run ${run} ${scenario.file}: ${scenario.message}`)).toEqual([]);
      // A pending step is one on a part the spec does not show, saying so.
      const pending = report.scenarios.flatMap((scenario) => scenario.steps.filter((step) => step.outcome === 'pending'));
      for (const step of pending) expect(step.message, step.at).toMatch(/^pending: rests on what the spec does not show/);
      // The snooze (the task sub-routes take PUT here, route-task-actions.ts) did not happen: the lists that would show it are not judged.
      const snoozed = report.scenarios.find((scenario) => scenario.file.endsWith('task-snoozed-rescheduled-reopened.yaml'))!;
      const list = snoozed.steps.find((step) => step.name === 'The open list leaves a snoozed task out');
      expect(list?.message).toMatch(/^needs snoozed, which is unavailable: step 3 is pending/);
    }
    // Where no route deletes a webhook (route-webhooks-unlisted.ts), the stories switch theirs off.
    const { webhooks: hooksAfter, ...after } = liveRecords(standIn.workspace);
    const { webhooks: hooksBefore, ...rest } = before;
    expect(after).toEqual(rest);
    const left = hooksAfter!.filter((id) => !hooksBefore!.includes(id)).map((id) => standIn.workspace.tables.webhooks.get(id));
    expect(left.filter((hook) => hook?.active).map((hook) => hook?.name)).toEqual([]);
  });
});

describe('a deployment that is wrong still fails the stories', () => {
  // A named fault (src/faults/) and the step of a story that must fail under it.
  const cases = [
    { fault: 'snoozed-tasks-listed', story: 'task-snoozed-rescheduled-reopened.yaml', step: 'The open list leaves a snoozed task out' },
    { fault: 'lost-without-reason', story: 'lead-lost-trashed-restored.yaml', step: 'Moving it to Lost without a reason is refused' },
    { fault: 'stage-changed-from-is-new-stage', story: 'lead-won-with-stage-moves.yaml', step: 'The receiver got the whole walk, signed' },
    { fault: 'filters-ignored', story: 'webhook-filters-and-patterns.yaml', step: 'Wholesale got its own lead only' },
    { fault: 'pinned-note-not-on-top', story: 'notes-pinned-on-a-lead-timeline.yaml', step: 'The pinned note is on top' },
    { fault: 'eleventh-tag-accepted', story: 'bulk-tagging-skips-full-record.yaml', step: 'An eleventh tag on a single record is refused' },
  ];
  for (const { fault, story, step } of cases) {
    it(`${story} fails at "${step}" under ${fault}, and still cleans up`, async () => {
      const standIn = await startStandIn({ faults: [fault] });
      const target = await standInTarget(standIn);
      try {
        const before = liveRecords(standIn.workspace);
        const result = await runScenario(loadScenario(new URL(story, DIRECTORY).pathname), target);
        expect(result.outcome).toBe('failed');
        expect(result.steps.find((candidate) => candidate.outcome === 'failed')?.name).toBe(step);
        expect(liveRecords(standIn.workspace)).toEqual(before);
      } finally {
        await target.close();
        standIn.server.close();
      }
    });
  }
});
