// The tape of a demo workspace's faker calls (faker-tape.ts): the workspace seeded once through
// a faker that records them. scripts/generate-seed-tape.ts writes it; test/mock/seed.test.ts
// holds the committed one to it.
import type { Faker } from '@faker-js/faker';
import type { MockState } from '../mock-state.ts';
import { seedDemoWorkspace, type DemoOptions } from './demo-workspace.ts';
import { recordingFaker, type FakerTape } from './faker-tape.ts';

export async function demoWorkspaceTape(state: MockState, faker: Faker, options: DemoOptions): Promise<FakerTape> {
  const tape: FakerTape = { methods: [], calls: [] };
  await seedDemoWorkspace(state, { ...options, faker: recordingFaker(faker, tape) });
  return tape;
}
