// `crmkit scenario run FILE...`: stories against a deployment or a crmkit mock (without
// --base-url, a mock the runner starts itself), reported like `crmkit conformance`.
// `crmkit scenario check FILE...` only loads them: the schema, with file and line for each problem.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { didYouMean } from '../errors/close-names.ts';
import { loadScenario, ScenarioFileError } from '../../scenarios/runner/load.ts';
import type { ScenarioReport } from '../../scenarios/runner/report.ts';
import { junitScenarioReport } from '../../scenarios/runner/reporters/junit.ts';
import {
  prettyScenarioEnd,
  prettyScenarioReport,
  prettyScenarioStart,
  prettyStep,
  prettyStepProgress,
  summaryLine,
} from '../../scenarios/runner/reporters/pretty.ts';
import { runScenarios } from '../../scenarios/runner/run.ts';
import { namedPair, parseOptions, type OptionSpecs } from './options.ts';
import { reportOptions, TARGET_OPTIONS, targetOptionsFrom } from './shared-options.ts';
import { UsageError } from './usage-error.ts';

const REPORTERS = ['pretty', 'json', 'junit'] as const;

export const SCENARIO_OPTIONS = {
  target: {
    ...TARGET_OPTIONS,
    key: { type: 'string', multiple: true, value: 'NAME=KEY', help: 'further keys the stories name (setup.keys)', check: namedPair },
  },
  output: reportOptions(REPORTERS),
} as const satisfies Record<string, OptionSpecs>;

export async function runScenarioCommand(args: string[]): Promise<void> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'run') return run(rest);
  if (subcommand === 'check') return check(rest);
  const hint = subcommand ? didYouMean(subcommand, ['run', 'check']) : '';
  throw new UsageError(
    subcommand
      ? `unknown subcommand ${subcommand}: ${hint || 'run or check'}`
      : 'name a subcommand: run FILE|DIR ... or check FILE|DIR ...',
  );
}

async function run(args: string[]): Promise<void> {
  const { values, positionals } = parseOptions(args, { ...SCENARIO_OPTIONS.target, ...SCENARIO_OPTIONS.output }, { positionals: true });
  const reporter = values.reporter ?? 'pretty';
  const target = targetOptionsFrom(values);
  const files = scenarioFiles(positionals);
  // Progress goes to stderr while the report goes to stdout or --out, as `crmkit conformance` does.
  const progress = (text: string) => reporter === 'pretty' && process.stderr.write(text);
  const report = await runScenarios(files, {
    ...target,
    keys: { ...target.keys, ...namedKeys(values.key ?? []) },
    onScenario: (scenario) => progress(prettyScenarioStart(scenario)),
    onStep: (result) => progress(prettyStep(result)),
    onScenarioEnd: (result) => progress(prettyScenarioEnd(result)),
    // Every 5 s while a step runs, what it waits for: a story against a deployment is never silent for long.
    onStepProgress: (running) => progress(prettyStepProgress(running)),
  });
  const text = render(report, reporter);
  // A report written to a file leaves one line on stderr, as `crmkit conformance --out` does.
  if (values.out) {
    writeFileSync(values.out, text);
    process.stderr.write(`${summaryLine(report)}; wrote ${values.out}\n`);
  } else process.stdout.write(text);
  process.exitCode = report.scenarios.some((scenario) => scenario.outcome === 'failed') ? 1 : 0;
}

function check(args: string[]): void {
  let broken = 0;
  for (const file of scenarioFiles(args)) {
    try {
      const scenario = loadScenario(file);
      process.stdout.write(`✓ ${file}: ${scenario.title} (${scenario.steps.length} steps)\n`);
    } catch (error) {
      broken++;
      process.stdout.write(`✗ ${error instanceof ScenarioFileError ? error.message : `${file}: ${(error as Error).message}`}\n`);
    }
  }
  process.exitCode = broken ? 1 : 0;
}

/** Files as given; a directory stands for its .yaml files, in name order. */
function scenarioFiles(paths: string[]): string[] {
  if (!paths.length) throw new UsageError('name the scenario files (or a directory of them), e.g. crmkit scenario run scenarios/');
  const missing = paths.find((path) => !existsSync(path));
  if (missing) throw new UsageError(`no such file or directory: ${missing}${closeStories(missing)}`);
  return paths.flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => /\.ya?ml$/.test(name))
          .sort()
          .map((name) => join(path, name))
      : [path],
  );
}

/** A mistyped story's close names among the stories of its folder: "; did you mean scenarios/members-and-teams.yaml?". */
function closeStories(missing: string): string {
  const folder = dirname(missing);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return '';
  const stories = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
  const hint = didYouMean(basename(missing), stories, (name) => join(folder, name));
  return hint ? `; ${hint}` : '';
}

/** `--key NAME=KEY ...` (each checked when the options were read). */
function namedKeys(pairs: string[]): Record<string, string> {
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

function render(report: ScenarioReport, reporter: string): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junitScenarioReport(report);
  return prettyScenarioReport(report);
}
