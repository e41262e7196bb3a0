// Every story in scenarios/ runs against the mock (the runner's own, in process, on port 0) and
// passes. A story marked pending is reported as skipped with its reason, never failed.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/runner/load.ts';
import { runScenario } from '../../scenarios/runner/run.ts';
import { resolveTarget, type Target } from '../../scenarios/runner/target.ts';

const DIRECTORY = new URL('../../scenarios/', import.meta.url);
const files = readdirSync(DIRECTORY).filter((name) => name.endsWith('.yaml')).sort();

let target: Target;
beforeAll(async () => {
  target = await resolveTarget({});
});
afterAll(async () => target.close());

describe('the stories in scenarios/', () => {
  it('are at least twelve', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  for (const name of files) {
    it(name, async (context) => {
      const scenario = loadScenario(new URL(name, DIRECTORY).pathname);
      const result = await runScenario(scenario, target);
      if (result.outcome === 'pending') {
        console.info(`${name}: ${result.message}`);
        context.skip();
      }
      const failed = result.steps.find((step) => step.outcome === 'failed');
      expect(result.outcome, `${result.message}\n${failed?.evidence ?? ''}`).toBe('passed');
      // Against a mock every step runs: none may be skipped for want of the control API.
      expect(result.steps.filter((step) => step.outcome === 'skipped').map((step) => `${step.name}: ${step.message}`)).toEqual([]);
    });
  }
});
