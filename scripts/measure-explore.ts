// `node scripts/measure-explore.ts [--calls N] [--seed N]`: the explorer's figures (issue 26): calls
// a second against a clean mock and the deployment stand-in (no pace), 0 divergences on both and
// on the other-readings stand-in, and against a sample of named faults of the resources it covers
// whether it finds one and the shrunk length of the first (median before and after shrinking).
import { parseArgs } from 'node:util';
import { runExplore } from '../conformance/explore/explore.ts';
import { targetOptionsOf } from '../harness/inputs.ts';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { OTHER_READINGS } from '../src/other-readings/index.ts';
import { startStandIn } from '../test/support/stand-in.ts';

const SAMPLE = [
  'contact-emails-case-kept',
  'contact-patch-appends-lists',
  'contact-restore-not-saved',
  'contact-phones-not-normalized',
  'contact-extra-phones-dropped',
  'contact-unnamed-placeholder',
  'deleted-contact-still-searchable',
  'company-delete-removes',
  'deleted-lead-readable',
  'trashed-lead-editable',
  'lead-currency-hardcoded-usd',
  'gone-without-deleted-at',
  'restore-renumbers',
  'task-delete-not-saved',
  'task-default-type-call',
  'task-times-as-sent',
  'product-delete-answers-204',
  'product-patch-archive-ignored',
  'tag-spelling-kept',
  'note-key-actor-system',
  'won-without-closed-at',
  'lost-without-reason',
  'unknown-id-crashes',
  'not-found-as-409',
  'times-without-fraction',
  'patch-null-keeps-reference',
];

const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' }, seed: { type: 'string', default: '1' } } });
const run = { calls: Number(values.calls), seed: Number(values.seed), rate: 0 };

async function onMock(faults: string[], options = {}) {
  const server = await startServer(createMock({ faults }), { port: 0, host: '127.0.0.1' });
  try {
    return await runExplore({ baseUrl: server.url, ...run, ...options });
  } finally {
    await server.close();
  }
}

async function onStandIn(otherReadings: typeof OTHER_READINGS) {
  const standIn = await startStandIn({ otherReadings });
  try {
    return await runExplore({ ...targetOptionsOf(standIn.inputs), ...run });
  } finally {
    await standIn.server.close();
  }
}

for (const [name, report] of [
  ['clean mock', await onMock([])],
  ['stand-in', await onStandIn([])],
  ['other-readings stand-in', await onStandIn(OTHER_READINGS)],
] as const) {
  console.log(
    `${name}: ${report.divergences.length} divergences, ${report.stepsRun} calls in ${report.seconds.toFixed(1)} s = ${report.callsPerSecond.toFixed(0)} calls/s`,
  );
}
const lengths: { before: number; after: number }[] = [];
for (const fault of SAMPLE) {
  const report = await onMock([fault], { shrinkAtMost: 1, maxReplays: 30 });
  const first = report.divergences[0];
  if (first) lengths.push({ before: first.originalLength, after: first.shrunkLength });
  console.log(
    `${fault}: ${first ? `found (${report.divergences.length}), first ${first.signature}: ${first.originalLength} -> ${first.shrunkLength} steps in ${first.replays} replays${first.reproduced ? '' : ', NOT reproduced'}` : 'not found'}`,
  );
}
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;
console.log(
  `found ${lengths.length} of ${SAMPLE.length}; median length before shrinking ${median(lengths.map((l) => l.before))}, after ${median(lengths.map((l) => l.after))}`,
);
