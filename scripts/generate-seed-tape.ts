// Generates src/seed/generated/seed-1.json: the faker calls of the demo workspace of `seed: 1`
// at its default size, recorded (src/seed/faker-tape.ts), which seeding then plays back instead
// of loading faker (issue 14). Regenerate it when the seed, the starter content or faker changes
// what the seed draws; `--check` only compares, and fails when the committed file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createMock } from '../src/mock.ts';
import { DEFAULT_LEADS, seededFaker, TAPED_SEED } from '../src/seed/demo-faker.ts';
import { demoWorkspaceTape } from '../src/seed/demo-workspace-tape.ts';

const FILE = 'src/seed/generated/seed-1.json';

const tape = await demoWorkspaceTape(createMock().state, await seededFaker(TAPED_SEED), { seed: TAPED_SEED, leads: DEFAULT_LEADS });
const fresh = `${JSON.stringify(tape)}\n`;
if (!process.argv.includes('--check')) {
  writeFileSync(FILE, fresh);
  console.log(`wrote ${FILE}: ${tape.calls.length} calls`);
} else if (!existsSync(FILE) || readFileSync(FILE, 'utf8') !== fresh) {
  console.error(`${FILE} is stale: run \`node scripts/generate-seed-tape.ts\``);
  process.exit(1);
} else console.log('the seed tape is up to date');
