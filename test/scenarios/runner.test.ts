// The runner itself: a wrong expectation fails naming the step and showing expected against
// actual, a file the schema refuses names the file and the line, pending stories and steps are
// reported and not failed, and against a deployment what needs the control API is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';
import { createWorkspace } from '../../src/workspaces/create-workspace.ts';
import { parseScenario, ScenarioFileError } from '../../scenarios/runner/load.ts';
import { runScenario } from '../../scenarios/runner/run.ts';
import { resolveTarget, type Target } from '../../scenarios/runner/target.ts';

let target: Target;
beforeAll(async () => {
  target = await resolveTarget({});
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
    const scenario = parseScenario(story(`
  - name: Read a lead that is not there
    request: {method: GET, path: /v1/leads/999}
    expect: {status: 200}
`), 'status.yaml');
    const result = await runScenario(scenario, target);
    expect(result.message).toContain('status: expected 200, got 404 (not_found)');
  });

  it('a variable nobody captured fails the step and says which', async () => {
    const scenario = parseScenario(story(`
  - name: Use a typo
    request: {method: GET, path: '/v1/leads/\${led.id}'}
`), 'typo.yaml');
    const result = await runScenario(scenario, target);
    expect(result.message).toContain('the story is wrong: no variable led');
  });

  it('an event that did not come fails with the nearest one', async () => {
    const scenario = parseScenario(story(`
  - name: The event
    events:
      where: {type: lead.created}
      includes:
        - {data: {object: {amount: 999}}}
`), 'event.yaml');
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
    expect(problems('description: No title.\nsteps:\n  - name: x\n    clock: {advance: 1s}\n')).toEqual(['scenarios/bad.yaml:1:1: missing title']);
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
    const scenario = parseScenario(story(`
  - name: A lead that does not exist yet
    request: {method: GET, path: /v1/leads/999999/contacts}
    expect: {status: 200}
`, `${CREATE_LEAD.replace('title: A lead', 'title: A lead\npending: waits for lead 999999')}`), 'pending.yaml');
    const result = await runScenario(scenario, target);
    expect(result.outcome).toBe('pending');
    expect(result.message).toMatch(/^pending: waits for lead 999999\nstep 2 "A lead that does not exist yet"/);
  });

  it('a pending step that fails is pending; what it would capture is unavailable, and the story goes on', async () => {
    const scenario = parseScenario(story(`
  - name: Not there yet
    pending: waits for lead 999999
    request: {method: GET, path: /v1/leads/999999/contacts}
    expect: {status: 200}
    capture: {contacts: body}
  - name: Uses what it would capture
    request: {method: GET, path: '/v1/contacts/\${contacts.data[0].id}'}
  - name: Goes on
    request: {method: GET, path: /v1/leads}
`), 'pending-step.yaml');
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
    const scenario = parseScenario(`
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
`, 'deployment.yaml');
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
      'A webhook to the receiver': ['skipped', expect.stringContaining('give --receiver-url')],
      'What it received': ['skipped', expect.stringContaining('give --receiver-url')],
      Read: ['passed', ''],
    });
    expect(result.steps[0]!.summary).toContain('clock left alone');
  });

  it('skips a step that needs what a skipped step would have captured, saying which step and why', async () => {
    const scenario = parseScenario(`
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
`, 'captured-by-skipped.yaml');
    const result = await runScenario(scenario, deployment);
    expect(result.outcome).toBe('passed');
    expect(result.steps.map((step) => step.outcome)).toEqual(['passed', 'skipped', 'skipped', 'passed']);
    expect(result.steps[2]!.message).toMatch(/^needs clock, which is unavailable: step 1 was skipped \(needs the control API/);
  });
});
