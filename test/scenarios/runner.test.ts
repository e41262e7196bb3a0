// The runner itself: a wrong expectation fails naming the step and showing expected against
// actual, a file the schema refuses names the file and the line, pending stories and steps are
// reported and not failed, and against a deployment what needs the control API is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { createWorkspace } from '../../src/workspaces/create-workspace.ts';
import { parseScenario, ScenarioFileError } from '../../scenarios/runner/load.ts';
import { runId, runScenario } from '../../scenarios/runner/run.ts';
import { resolveTarget, type Target } from '../../harness/target.ts';

let target: Target;
beforeAll(async () => {
  target = await resolveTarget({}, { ownMock: true });
});
afterAll(async () => target.close());

const CREATE_LEAD = `
title: A lead
description: A lead is created and read back.
steps:
  - name: Create the lead
    request:
      method: POST
      path: /v1/leads
      body: {name: Kitchen set, amount: 100}
    expect:
      status: 201
    capture:
      lead: body
`;

function story(steps: string, head = CREATE_LEAD): string {
  return `${head}${steps}`;
}

describe('a broken story', () => {
  it('fails at the step whose expectation is wrong, naming it, its line, and expected against actual', async () => {
    const scenario = parseScenario(
      story(`
  - name: Read it back
    request: {method: GET, path: '/v1/leads/\${lead.id}'}
    expect:
      status: 200
      body: {name: Sofa, amount: 100}
  - name: Never reached
    request: {method: GET, path: /v1/leads}
`),
      'broken.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.outcome).toBe('failed');
    expect(result.message).toContain('step 2 "Read it back" at broken.yaml:15 failed');
    expect(result.message).toContain('body.name: expected "Sofa", got "Kitchen set"');
    expect(result.message).not.toContain('body.amount');
    expect(result.steps.map((step) => step.outcome)).toEqual(['passed', 'passed', 'failed', 'skipped']);
    expect(result.steps[2]!.evidence).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/leads\/ld_/);
    expect(result.steps[3]!.message).toBe('not run: step 2 failed');
  });

  it('a wrong status shows the error code that came instead', async () => {
    const scenario = parseScenario(
      story(`
  - name: Read a lead that is not there
    request: {method: GET, path: /v1/leads/999}
    expect: {status: 200}
`),
      'status.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.message).toContain('status: expected 200, got 404 (not_found)');
  });

  it('a variable nobody captured fails the step and says which', async () => {
    const scenario = parseScenario(
      story(`
  - name: Use a typo
    request: {method: GET, path: '/v1/leads/\${led.id}'}
`),
      'typo.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.message).toContain('the story is wrong: no variable led');
  });

  it('an event that did not come fails with the nearest one', async () => {
    const scenario = parseScenario(
      story(`
  - name: The event
    events:
      where: {type: lead.created}
      includes:
        - {data: {object: {amount: 999}}}
`),
      'event.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.message).toContain('the nearest differs in data.object.amount (expected 999, got 100)');
  });
});

describe('a file the schema refuses', () => {
  function problems(text: string): string[] {
    try {
      parseScenario(text, 'scenarios/bad.yaml');
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioFileError);
      return (error as ScenarioFileError).problems;
    }
    throw new Error('the file loaded');
  }

  it('names the file and the line of each problem', () => {
    const found = problems(`title: Bad
description: Several mistakes.
steps:
  - name: A misspelt method
    request: {method: GETT, path: /v1/leads}
  - name: Two things at once
    clock: {advance: 1h}
    request: {method: GET, path: /v1/leads}
  - name: An unknown key
    request: {method: GET, path: /v1/leads}
    expect: {stauts: 200}
  - name: An unknown operator
    request: {method: GET, path: /v1/leads}
    expect:
      body: {data: {$lenght: 1}}
`);
    expect(found).toEqual([
      'scenarios/bad.yaml:5:23: steps[0].request.method: must be one of: GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
      'scenarios/bad.yaml:6:5: steps[1]: a step does exactly one thing: request, control, clock, receiver, webhooks or events',
      'scenarios/bad.yaml:11:14: steps[2].expect: unknown key stauts',
      expect.stringMatching(/^scenarios\/bad\.yaml:15:21: steps\[3\]\.expect\.body\.data: \$lenght: an operator is one of/),
    ]);
  });

  it('names a missing title at the top of the file', () => {
    expect(problems('description: No title.\nsteps:\n  - name: x\n    clock: {advance: 1s}\n')).toEqual([
      'scenarios/bad.yaml:1:1: missing title',
    ]);
  });

  it('a YAML error gives its line, and a hint for the usual slip', () => {
    const [problem] = problems(`title: Flow
description: An unquoted variable in a flow mapping.
steps:
  - name: Read
    request: {method: GET, path: /v1/leads/\${lead.id}}
`);
    expect(problem).toMatch(/^scenarios\/bad\.yaml:5:\d+: .*inside \{…\} write '\$\{…\}' in quotes/);
  });
});

describe('pending', () => {
  it('a pending story that fails is pending, with its reason and the failure', async () => {
    const scenario = parseScenario(
      story(
        `
  - name: A lead that does not exist yet
    request: {method: GET, path: /v1/leads/999999/contacts}
    expect: {status: 200}
`,
        `${CREATE_LEAD.replace('title: A lead', 'title: A lead\npending: waits for lead 999999')}`,
      ),
      'pending.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.outcome).toBe('pending');
    expect(result.message).toMatch(/^pending: waits for lead 999999\nstep 2 "A lead that does not exist yet"/);
  });

  it('a pending step that fails is pending; what it would capture is unavailable, and the story goes on', async () => {
    const scenario = parseScenario(
      story(`
  - name: Not there yet
    pending: waits for lead 999999
    request: {method: GET, path: /v1/leads/999999/contacts}
    expect: {status: 200}
    capture: {contacts: body}
  - name: Uses what it would capture
    request: {method: GET, path: '/v1/contacts/\${contacts.data[0].id}'}
  - name: Goes on
    request: {method: GET, path: /v1/leads}
`),
      'pending-step.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.outcome).toBe('passed');
    expect(result.steps.map((step) => step.outcome)).toEqual(['passed', 'passed', 'pending', 'skipped', 'passed']);
    expect(result.steps[3]!.message).toBe('needs contacts, which is unavailable: step 2 is pending: waits for lead 999999');
  });
});

describe('against a deployment (a mock without its control API, given an owner key)', () => {
  let server: RunningServer;
  let deployment: Target;
  beforeAll(async () => {
    const mock = createMock({ controlApi: false });
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
    const { ownerKey } = await createWorkspace(mock.state, {});
    deployment = await resolveTarget({ baseUrl: server.url, apiKey: ownerKey.key });
  });
  afterAll(async () => server.close());

  it('skips clock moves, control steps, the event log, missing keys and the receiver, with the reason, and runs the rest', async () => {
    const scenario = parseScenario(
      `
title: Everywhere
description: Steps that need a mock beside steps that do not.
setup:
  clock: {freeze: true}
  keys:
    reader: {scopes: [leads:read]}
steps:
  - name: Create
    request: {method: POST, path: /v1/leads, body: {name: Desk}}
    expect: {status: 201}
  - name: A day passes
    clock: {advance: 1d}
  - name: What the day did
    needs: control
    request: {method: GET, path: /v1/leads}
  - name: A client writes in
    control: {method: GET, path: '/_mock/workspaces/\${workspace.id}/clock'}
  - name: The log
    events: {count: 1}
  - name: As the reader
    request: {method: GET, path: /v1/leads, credential: reader}
  - name: A webhook to the receiver
    request: {method: POST, path: /v1/webhooks, body: {name: x, url: '\${receiver.url}', events: ['*']}}
  - name: What it received
    webhooks: {count: 1}
  - name: Read
    request: {method: GET, path: /v1/leads}
    expect: {body: {data: [{name: Desk}]}}
`,
      'deployment.yaml',
    );
    const result = await runScenario(scenario, deployment);
    expect(result.outcome).toBe('passed');
    const outcome = Object.fromEntries(result.steps.map((step) => [step.name, [step.outcome, step.message ?? '']]));
    expect(outcome).toMatchObject({
      Create: ['passed', ''],
      'A day passes': ['skipped', expect.stringContaining('the clock of a deployment cannot be moved')],
      'What the day did': ['skipped', expect.stringContaining('needs the control API of a crmkit mock')],
      'A client writes in': ['skipped', expect.stringContaining('needs the control API')],
      'The log': ['skipped', expect.stringContaining('needs the control API')],
      'As the reader': ['skipped', 'needs the key reader of setup.keys: give --key reader=KEY'],
      'A webhook to the receiver': ['skipped', expect.stringContaining('give --webhook-receiver-url')],
      'What it received': ['skipped', expect.stringContaining('give --webhook-receiver-url')],
      Read: ['passed', ''],
    });
    expect(result.steps[0]!.summary).toContain('clock left alone');
  });

  it('skips a step that needs what a skipped step would have captured, saying which step and why', async () => {
    const scenario = parseScenario(
      `
title: Captured by a skipped step
description: A step captures from the control API; the next one uses it.
steps:
  - name: The clock
    control: {method: GET, path: '/_mock/workspaces/\${workspace.id}/clock'}
    capture: {clock: body}
  - name: Uses it
    request: {method: GET, path: '/v1/leads?q=\${clock.now}'}
  - name: Goes on
    request: {method: GET, path: /v1/leads}
`,
      'captured-by-skipped.yaml',
    );
    const result = await runScenario(scenario, deployment);
    expect(result.outcome).toBe('passed');
    expect(result.steps.map((step) => step.outcome)).toEqual(['passed', 'skipped', 'skipped', 'passed']);
    expect(result.steps[2]!.message).toMatch(/^needs clock, which is unavailable: step 1 was skipped \(needs the control API/);
  });
});

describe('stories in a workspace others share', () => {
  let server: RunningServer;
  let shared: Target;
  beforeAll(async () => {
    const mock = createMock({ controlApi: false });
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
    const { ownerKey } = await createWorkspace(mock.state, {});
    shared = await resolveTarget({ baseUrl: server.url, apiKey: ownerKey.key });
  });
  afterAll(async () => server.close());

  it('${run} is new in every run, letters only, and scopes a story to its own records', async () => {
    expect(runId()).toMatch(/^run[a-z]{8}$/);
    expect(runId()).not.toBe(runId());
    const scenario = parseScenario(
      `
title: Own leads
description: Two runs in one workspace each see only their own lead.
steps:
  - name: Create
    request: {method: POST, path: /v1/leads, body: {name: 'Desk \${run}'}}
    capture: {lead: body}
  - name: Only mine
    request: {method: GET, path: /v1/leads, query: {q: '\${run}'}}
    expect: {body: {data: [{id: '\${lead.id}'}], summary: {count: 1}}}
`,
      'own.yaml',
    );
    const results = [await runScenario(scenario, shared), await runScenario(scenario, shared)];
    expect(results.map((result) => result.outcome)).toEqual(['passed', 'passed']);
  });

  it('cleanup runs however the story ended, and skips what was never made', async () => {
    const scenario = parseScenario(
      `
title: Cleaned up
description: A step fails; the cleanup still deletes what was made.
steps:
  - name: Create
    request: {method: POST, path: /v1/leads, body: {name: 'Chair \${run}'}}
    capture: {made: body}
  - name: Fails
    request: {method: GET, path: /v1/leads/999999}
  - name: Never reached
    request: {method: POST, path: /v1/leads, body: {name: 'Sofa \${run}'}}
    capture: {never: body}
cleanup:
  - name: Delete the chair
    request: {method: DELETE, path: '/v1/leads/\${made.id}'}
  - name: Delete the sofa
    request: {method: DELETE, path: '/v1/leads/\${never.id}'}
  - name: The chair is in the trash
    request: {method: GET, path: '/v1/leads/\${made.id}'}
    expect: {status: 410}
`,
      'cleaned.yaml',
    );
    const result = await runScenario(scenario, shared);
    expect(result.outcome).toBe('failed');
    expect(result.steps.map((step) => [step.name, step.outcome])).toEqual([
      ['setup', 'passed'],
      ['Create', 'passed'],
      ['Fails', 'failed'],
      ['Never reached', 'skipped'],
      ['cleanup: Delete the chair', 'passed'],
      ['cleanup: Delete the sofa', 'skipped'],
      ['cleanup: The chair is in the trash', 'passed'],
    ]);
    expect(result.steps[5]!.message).toBe('nothing to clean up: never was never made (the story stopped before the step that makes it)');
    expect(result.steps[5]!.at).toBe('cleaned.yaml:16');
  });

  it('captures the items of a list that match (where) or the first (find, unavailable when none), and sends a request for each', async () => {
    const scenario = parseScenario(
      `
title: Lists
description: Tags made by the run are found and deleted one by one.
steps:
  - name: A lead with two tags of the run
    request: {method: POST, path: /v1/leads, body: {name: 'Lamp \${run}', tags: ['a-\${run}', 'b-\${run}']}}
    capture: {lead: body}
  - name: The run's tags
    request: {method: GET, path: /v1/tags}
    capture:
      mine: {from: body.data, where: {name: {$match: '\${run}$'}}}
      first: {from: body.data, find: {name: 'b-\${run}'}}
      missing: {from: body.data, find: {name: 'c-\${run}'}}
  - name: Uses the missing one
    request: {method: GET, path: '/v1/tags/\${missing.id}'}
  - name: Needs it without naming it in the request
    needs: [missing]
    request: {method: GET, path: /v1/tags}
  - name: Delete each
    each: \${mine}
    request: {method: DELETE, path: '/v1/tags/\${item.id}'}
    expect: {body: {ok: true, id: '\${item.id}'}}
  - name: None left
    request: {method: GET, path: /v1/tags}
    expect: {body: {data: {$not: {$contains: [{id: '\${first.id}'}]}}}}
cleanup:
  - name: Delete the lead
    request: {method: DELETE, path: '/v1/leads/\${lead.id}'}
`,
      'lists.yaml',
    );
    const result = await runScenario(scenario, shared);
    expect(result.outcome, result.message).toBe('passed');
    const [, , , uses, needs, each] = result.steps;
    expect(uses!.message).toMatch(/^needs missing, which is unavailable: no item of body\.data is like \{"name":"c-run[a-z]{8}"\}$/);
    expect(needs!.outcome).toBe('skipped');
    expect(each!.summary).toMatch(/^DELETE \/v1\/tags\/tag_\w+ → 200 \(and 1 more like it\)$/);
  });

  it("reads the story's times against the target's clock: ${time:…} sent, $time judged, skipped clock moves counted", async () => {
    const text = `
title: Times
description: A task due three hours after the story's nine o'clock, a day later a lead.
setup:
  clock: {freeze: true, set: '2026-01-01T09:00:00Z'}
steps:
  - name: Someone
    request: {method: GET, path: /v1/members}
    capture: {member: {from: body.data, find: {status: active}}}
  - name: The task
    request:
      method: POST
      path: /v1/tasks
      body: {title: 'Call \${run}', assignee_id: '\${member.id}', due_at: '\${time:2026-01-01T12:00:00+00:00}'}
    expect: {status: 201, body: {due_at: {$time: '2026-01-01T12:00:00Z'}, created_at: {$time: '2026-01-01T09:00:00Z'}}}
    capture: {task: body}
  - name: A day passes
    clock: {advance: 1d}
  - name: The lead
    request: {method: POST, path: /v1/leads, body: {name: 'Lead \${run}'}}
    expect: {status: 201, body: {created_at: {$time: '2026-01-02T09:00:00Z'}, closed_at: null}}
    capture: {lead: body}
  - name: Not a day earlier
    request: {method: GET, path: '/v1/leads/\${lead.id}'}
    expect: {body: {created_at: {$not: {$time: '2026-01-01T09:00:00Z'}}}}
cleanup:
  - name: Delete the task
    request: {method: DELETE, path: '/v1/tasks/\${task.id}'}
  - name: Delete the lead
    request: {method: DELETE, path: '/v1/leads/\${lead.id}'}
`;
    const onDeployment = await runScenario(parseScenario(text, 'times.yaml'), shared);
    expect(onDeployment.outcome, onDeployment.message).toBe('passed');
    expect(onDeployment.steps.find((step) => step.name === 'A day passes')!.outcome).toBe('skipped');
    // On a mock the same story runs on the frozen clock, exactly.
    const onMock = await runScenario(parseScenario(text, 'times.yaml'), target);
    expect(onMock.outcome, onMock.message).toBe('passed');
    expect(onMock.steps.every((step) => step.outcome === 'passed')).toBe(true);
  });

  it('a step on a part the spec does not show (inferred) that fails is pending against a deployment, failed on a mock', async () => {
    const text = `
title: Inferred
description: A route crmkit designed, and a deployment that designed it otherwise.
steps:
  - name: A route only crmkit has
    inferred: the spec shows no such route
    request: {method: GET, path: /v1/leads/board/extra}
    expect: {status: 200}
    capture: {extra: body}
  - name: Uses it
    request: {method: GET, path: '/v1/leads/\${extra.id}'}
  - name: Goes on
    request: {method: GET, path: /v1/leads}
`;
    const onDeployment = await runScenario(parseScenario(text, 'inferred.yaml'), shared);
    expect(onDeployment.outcome).toBe('passed');
    expect(onDeployment.steps.map((step) => step.outcome)).toEqual(['passed', 'pending', 'skipped', 'passed']);
    expect(onDeployment.steps[1]!.message).toMatch(
      /^pending: rests on what the spec does not show \(the spec shows no such route\)\nstatus: expected 200, got 404/,
    );
    const onMock = await runScenario(parseScenario(text, 'inferred.yaml'), target);
    expect(onMock.outcome).toBe('failed');
  });

  it('$time without a story clock is a wrong story, saying so', async () => {
    const scenario = parseScenario(
      `
title: No clock
description: A stamped time with nothing to read it against.
steps:
  - name: The lead
    request: {method: POST, path: /v1/leads, body: {name: Desk}}
    expect: {body: {created_at: {$time: '2026-01-01T09:00:00Z'}}}
`,
      'no-clock.yaml',
    );
    const result = await runScenario(scenario, shared);
    expect(result.message).toContain(
      "body.created_at: expected 2026-01-01T09:00:00Z read against the story's clock, which the story never set",
    );
  });
});

describe('capturing from webhooks, and requests that wait', () => {
  it('a webhooks step captures from the first request it chose; a request with wait is sent again until it matches', async () => {
    const scenario = parseScenario(
      `
title: Delivery
description: The delivery id comes from the receiver, then is found in the log.
steps:
  - name: Webhook
    request: {method: POST, path: /v1/webhooks, body: {name: 'Log \${run}', url: '\${receiver.url}', events: [lead.created]}}
    capture: {hook: body.webhook}
  - name: Lead
    request: {method: POST, path: /v1/leads, body: {name: 'Desk \${run}'}}
    capture: {lead: body}
  - name: Received
    webhooks:
      where: {body: {data: {object: {id: '\${lead.id}'}}}}
      count: 1
    capture: {delivery: headers.svc-delivery, event: body.id}
  - name: In the log
    wait: 2s
    request: {method: GET, path: '/v1/webhooks/\${hook.id}/deliveries'}
    expect: {body: {data: [{id: '\${delivery}', event_id: '\${event}', status: success}]}}
  - name: Never so
    wait: 300ms
    request: {method: GET, path: '/v1/webhooks/\${hook.id}/deliveries'}
    expect: {body: {data: []}}
`,
      'delivery.yaml',
    );
    const result = await runScenario(scenario, target);
    expect(result.steps.map((step) => step.outcome)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'failed']);
    expect(result.steps[5]!.ms).toBeGreaterThanOrEqual(300);
    expect(result.steps[5]!.message).toMatch(/^body\.data: expected 0 items/);
  });
});
