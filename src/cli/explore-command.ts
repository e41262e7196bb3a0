// `crmkit explore`: stateful exploration with a crmkit workspace in process as the oracle
// (conformance/explore/). Target options as `crmkit conformance`; exit status 1 on a divergence.
import { writeFileSync } from 'node:fs';
import { DEFAULT_MAX_REPLAYS, MAX_REPLAYS_MOST, runExplore } from '../../conformance/explore/explore.ts';
import { storyOf } from '../../conformance/explore/story.ts';
import { EXPLORE_REPORTERS, renderExploreReport, summaryLine, type ExploreReporter } from '../../conformance/explore/report.ts';
import { parseOptions, wholeNumber, type OptionSpecs } from './options.ts';
import { reportOptions, TARGET_OPTIONS, targetOptionsFrom } from './shared-options.ts';
import { stopOnInterrupt } from './interrupt.ts';
import { UsageError } from './usage-error.ts';

export const EXPLORE_OPTIONS = {
  target: TARGET_OPTIONS,
  run: {
    seed: {
      type: 'string',
      value: 'N',
      default: '1',
      help: 'the seed of the sequence (the same seed and calls give the same sequence)',
      check: wholeNumber(0),
    },
    calls: { type: 'string', value: 'N', default: '1000', help: 'how many calls the sequence has', check: wholeNumber(0) },
    budget: {
      type: 'string',
      value: 'SECONDS',
      help: 'stop sending the sequence after SECONDS (shrinking and cleanup come after)',
      check: wholeNumber(0),
    },
    rate: {
      type: 'string',
      value: 'N',
      default: '10',
      help: 'calls a second to the target at most (the spec states no numeric rate limit; 0: no pace)',
      check: wholeNumber(0),
    },
    'max-replays': {
      type: 'string',
      value: 'N',
      default: String(DEFAULT_MAX_REPLAYS),
      help: `how many candidate sequences the shrinking of a divergence replays at most, each from scratch (0: reported unshrunk; at most ${MAX_REPLAYS_MOST})`,
      check: wholeNumber(0, MAX_REPLAYS_MOST),
    },
    steps: { type: 'string', value: 'ID,ID,...', help: "only these steps of the sequence, as a divergence's replay line gives them" },
  },
  output: {
    ...reportOptions(EXPLORE_REPORTERS),
    story: { type: 'string', value: 'FILE', help: 'write the first divergence as a story for crmkit scenario run (a regression test)' },
  },
} as const satisfies Record<string, OptionSpecs>;

export async function runExploreCommand(args: string[]): Promise<void> {
  const { values } = parseOptions(args, { ...EXPLORE_OPTIONS.target, ...EXPLORE_OPTIONS.run, ...EXPLORE_OPTIONS.output });
  const target = targetOptionsFrom(values);
  if (!target.baseUrl) throw new UsageError('--base-url is required (the API origin of the deployment or mock), or --inputs FILE');
  const steps = values.steps?.split(',').map((id) => Number(id.trim()));
  if (steps?.some((id) => !Number.isInteger(id))) throw new UsageError('--steps takes step numbers separated by commas');
  // Interrupted, the run stops sending and still deletes what it made; a second interrupt quits at once.
  const signal = stopOnInterrupt('stopping; deleting the records the run made');
  const report = await runExplore({
    ...target,
    seed: Number(values.seed),
    calls: Number(values.calls),
    budgetSeconds: values.budget === undefined ? undefined : Number(values.budget),
    rate: Number(values.rate),
    maxReplays: Number(values['max-replays']),
    steps,
    signal,
  });
  const text = renderExploreReport(report, (values.reporter ?? 'pretty') as ExploreReporter);
  if (values.out) {
    writeFileSync(values.out, text);
    process.stderr.write(`${summaryLine(report)}; wrote ${values.out}\n`);
  } else process.stdout.write(text);
  const [first] = report.divergences;
  if (values.story && first) {
    writeFileSync(values.story, storyOf(report, first));
    process.stderr.write(`wrote the story of ${first.signature} to ${values.story}\n`);
  }
  process.exitCode = report.divergences.length ? 1 : 0;
}
