// `crmkit scenario run FILE...`: stories against a deployment or a crmkit mock (without
// --base-url, a mock the runner starts itself), reported like `crmkit conformance`.
// `crmkit scenario check FILE...` only loads them: the schema, with file and line for each problem.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScenario, ScenarioFileError } from '../../scenarios/runner/load.ts';
import type { ScenarioReport } from '../../scenarios/runner/report.ts';
import { junitScenarioReport } from '../../scenarios/runner/reporters/junit.ts';
import { prettyScenarioEnd, prettyScenarioReport, prettyScenarioStart, prettyStep } from '../../scenarios/runner/reporters/pretty.ts';
import { runScenarios } from '../../scenarios/runner/run.ts';
import { InputsError, readInputs, type DeploymentInputs } from '../../conformance/inputs.ts';
import { mustAnswer, TargetError } from '../../conformance/target.ts';
import { numberOption, UsageError } from './usage-error.ts';

export async function runScenarioCommand(args: string[]): Promise<void> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'run') return run(rest);
  if (subcommand === 'check') return check(rest);
  throw new UsageError(subcommand ? `unknown subcommand ${subcommand}: run or check` : 'name a subcommand: run FILE|DIR ... or check FILE|DIR ...');
}

async function run(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'hub-url': { type: 'string' },
      'workspace-url': { type: 'string' },
      'api-key': { type: 'string' },
      key: { type: 'string', multiple: true },
      'receiver-url': { type: 'string' },
      'receiver-port': { type: 'string' },
      reporter: { type: 'string', default: 'pretty' },
      out: { type: 'string' },
      inputs: { type: 'string' },
    },
  });
  const inputs = values.inputs ? inputsOf(values.inputs) : undefined;
  if (!['pretty', 'json', 'junit'].includes(values.reporter)) throw new UsageError(`unknown reporter ${values.reporter}: pretty, json or junit`);
  const files = scenarioFiles(positionals);
  const baseUrl = values['base-url'] ?? inputs?.base_url;
  if (baseUrl) await mustAnswer(baseUrl.replace(/\/+$/, '')).catch((error) => {
    throw error instanceof TargetError ? new UsageError(error.message) : error;
  });
  // Progress goes to stderr while the report goes to stdout or --out, as `crmkit conformance` does.
  const progress = (text: string) => values.reporter === 'pretty' && process.stderr.write(text);
  const report = await runScenarios(files, {
    baseUrl,
    hubUrl: values['hub-url'] ?? inputs?.hub_url,
    workspaceUrl: values['workspace-url'] ?? inputs?.workspace_url,
    apiKey: values['api-key'] ?? inputs?.api_key,
    keys: { ...inputKeys(inputs), ...namedKeys(values.key ?? []) },
    receiverUrl: values['receiver-url'] ?? inputs?.webhook_receiver_url,
    receiverPort: numberOption('receiver-port', values['receiver-port']) ?? inputs?.webhook_receiver_port,
    onScenario: (scenario) => progress(prettyScenarioStart(scenario)),
    onStep: (result) => progress(prettyStep(result)),
    onScenarioEnd: (result) => progress(prettyScenarioEnd(result)),
  });
  const text = render(report, values.reporter);
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  if (values.out && values.reporter === 'pretty') process.stdout.write(prettyScenarioReport(report));
  process.exitCode = report.scenarios.some((scenario) => scenario.outcome === 'failed') ? 1 : 0;
}

/** A deployment's inputs (conformance/inputs.ts), as `crmkit conformance --inputs` reads them. */
function inputsOf(file: string): DeploymentInputs {
  try {
    return readInputs(file);
  } catch (error) {
    throw error instanceof InputsError ? new UsageError(error.message) : error;
  }
}

/** The keys of the inputs, by the names stories give them (`setup.keys`). */
function inputKeys(inputs: DeploymentInputs | undefined): Record<string, string> {
  if (!inputs) return {};
  const keys: Record<string, string | undefined> = { limited: inputs.limited_key, other_workspace: inputs.other_workspace_key };
  return Object.fromEntries(Object.entries(keys).filter((entry): entry is [string, string] => entry[1] !== undefined));
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
  if (missing) throw new UsageError(`no such file or directory: ${missing}`);
  return paths.flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path).filter((name) => /\.ya?ml$/.test(name)).sort().map((name) => join(path, name))
      : [path],
  );
}

function namedKeys(pairs: string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--key takes NAME=KEY, got ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

function render(report: ScenarioReport, reporter: string): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junitScenarioReport(report);
  return prettyScenarioReport(report);
}
