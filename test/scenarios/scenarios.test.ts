// Every story in scenarios/ runs against the mock (the runner's own, in process, on port 0) and
// passes. A story marked pending is reported as skipped with its reason, never failed.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/runner/load.ts';
import { runScenario } from '../../scenarios/runner/run.ts';
import { resolveTarget, type Target } from '../../harness/target.ts';

const DIRECTORY = new URL('../../scenarios/', import.meta.url);
const files = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith('.yaml'))
  .sort();

let target: Target;
beforeAll(async () => {
  target = await resolveTarget({}, { ownMock: true });
});
afterAll(async () => target.close());

describe('the stories in scenarios/', () => {
  it('are at least twenty', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it('walk through every area of spec part 4 that shows endpoints', () => {
    const sections = files.flatMap((name) => loadScenario(new URL(name, DIRECTORY).pathname).spec ?? []);
    // 4.14 (other entities) shows no endpoint.
    const areas = ['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7', '4.8', '4.9', '4.10', '4.11', '4.12', '4.13', '4.15'];
    expect(areas.filter((area) => !sections.some((section) => section.startsWith(`${area} `)))).toEqual([]);
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
