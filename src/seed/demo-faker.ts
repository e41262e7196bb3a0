// The faker a demo workspace draws from: seeded with the workspace's seed number and a fixed
// reference date, so that the same number gives the same workspace; for the seed most callers
// make (`seed: 1` at its default size), its calls played back from the tape recorded of it
// (faker-tape.ts, generated/seed-1.json), which gives the same values without loading faker.
import type { Faker } from '@faker-js/faker';
import { replayingFaker, type FakerTape } from './faker-tape.ts';

export const REFERENCE_DATE = '2026-11-01T09:00:00.000Z';
export const DEFAULT_LEADS = 200;
/** The seed on tape, at DEFAULT_LEADS leads (scripts/generate-seed-tape.ts). */
export const TAPED_SEED = 1;

export async function demoFaker(seed: number, leads: number): Promise<Faker> {
  if (seed !== TAPED_SEED || leads !== DEFAULT_LEADS) return seededFaker(seed);
  const { default: tape } = await import('./generated/seed-1.json', { with: { type: 'json' } });
  return replayingFaker(tape as FakerTape);
}

export async function seededFaker(seed: number): Promise<Faker> {
  // Only the Uzbek locale's module (with its en and base fallbacks), not the package's index of
  // every locale: 20 ms and 70 MB instead of 110 ms and 100 MB (issue 14). Its shared instance
  // only lends its class and merged definitions: each seed gets a Faker of its own, so two seeds
  // running at once stay deterministic.
  const { faker: uzbek } = await import('@faker-js/faker/locale/uz_UZ_latin');
  const UzbekFaker = uzbek.constructor as typeof Faker;
  const faker = new UzbekFaker({ locale: uzbek.rawDefinitions, seed });
  faker.setDefaultRefDate(REFERENCE_DATE);
  return faker;
}
