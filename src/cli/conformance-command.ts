// `crmkit conformance`: the suite against a deployment (or a crmkit mock, which it provisions).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { htmlReport } from '../../conformance/report/html.ts';
import { junitReport } from '../../conformance/report/junit.ts';
import { prettyProgress, prettyReport } from '../../conformance/report/pretty.ts';
import { ruleTotals } from '../../conformance/report/rule-summary.ts';
import { compareSections, loadCatalog, rulesOfChecks } from '../../conformance/rules/catalog.ts';
import { runConformance, type Report } from '../../conformance/run.ts';
import { InputsError, readInputs, targetOptionsOf } from '../../conformance/inputs.ts';
import { TargetError, type TargetOptions } from '../../conformance/target.ts';
import { numberOption, UsageError } from './usage-error.ts';

const REPORTERS = ['pretty', 'json', 'junit', 'html'] as const;
type Reporter = (typeof REPORTERS)[number];

export async function runConformanceCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      'hub-url': { type: 'string' },
      'workspace-url': { type: 'string' },
      'api-key': { type: 'string' },
      'limited-key': { type: 'string' },
      'other-workspace-key': { type: 'string' },
      'revoked-key': { type: 'string' },
      'expired-key': { type: 'string' },
      'ip-restricted-key': { type: 'string' },
      'form-id': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'redirect-uri': { type: 'string' },
      'webhook-receiver-url': { type: 'string' },
      'webhook-receiver-port': { type: 'string' },
      'wait-for-retries': { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      'read-only': { type: 'boolean', default: false },
      reporter: { type: 'string', default: 'pretty' },
      out: { type: 'string' },
      'list-rules': { type: 'boolean', default: false },
      inputs: { type: 'string' },
    },
  });
  const reporter = values.reporter as Reporter;
  if (!REPORTERS.includes(reporter)) throw new UsageError(`unknown reporter ${values.reporter}: ${REPORTERS.join(', ')}`);
  if (values['list-rules']) return void process.stdout.write(listRules(reporter));
  const target = targetOptions(values);
  // Interrupted, the run stops after the check in progress and still deletes what it created.
  const interrupted = new AbortController();
  const stop = () => {
    if (interrupted.signal.aborted) process.exit(130);
    process.stderr.write('stopping after this check; cleaning up (interrupt again to quit at once)\n');
    interrupted.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const report = await runConformance({
    ...target,
    signal: interrupted.signal,
    waitForRetries: values['wait-for-retries'],
    only: values.only?.flatMap((item) => item.split(',')),
    readOnly: values['read-only'],
    // Progress goes to stderr whatever the reporter, so that a long run against a deployment shows where it is.
    onResult: (result) => process.stderr.write(prettyProgress(result)),
  }).catch((error) => {
    throw error instanceof TargetError ? new UsageError(error.message) : error;
  });
  const text = render(report, reporter);
  if (values.out) {
    writeFileSync(values.out, text);
    process.stderr.write(`${ruleTotals(report.rules)}; wrote ${values.out}\n`);
  } else process.stdout.write(text);
  if (values.out && reporter === 'pretty') process.stdout.write(prettyReport(report));
  process.exitCode = failed(report) ? 1 : 0;
}

/** The target from `--inputs FILE` (a deployment's inputs, as `crmkit mock --stand-in` writes them), and the options given, which win. */
function targetOptions(values: Record<string, string | boolean | string[] | undefined>): TargetOptions {
  const fromFile: Partial<TargetOptions> = values.inputs ? inputsOf(values.inputs as string) : {};
  const given = (name: string) => values[name] as string | undefined;
  const options = {
    baseUrl: given('base-url') ?? fromFile.baseUrl,
    hubUrl: given('hub-url') ?? fromFile.hubUrl,
    workspaceUrl: given('workspace-url') ?? fromFile.workspaceUrl,
    apiKey: given('api-key') ?? fromFile.apiKey,
    limitedKey: given('limited-key') ?? fromFile.limitedKey,
    otherWorkspaceKey: given('other-workspace-key') ?? fromFile.otherWorkspaceKey,
    revokedKey: given('revoked-key') ?? fromFile.revokedKey,
    expiredKey: given('expired-key') ?? fromFile.expiredKey,
    ipRestrictedKey: given('ip-restricted-key') ?? fromFile.ipRestrictedKey,
    formId: given('form-id') ?? fromFile.formId,
    clientId: given('client-id') ?? fromFile.clientId,
    clientSecret: given('client-secret') ?? fromFile.clientSecret,
    redirectUri: given('redirect-uri') ?? fromFile.redirectUri,
    webhookReceiverUrl: given('webhook-receiver-url') ?? fromFile.webhookReceiverUrl,
    webhookReceiverPort: numberOption('webhook-receiver-port', given('webhook-receiver-port')) ?? fromFile.webhookReceiverPort,
  };
  if (!options.baseUrl) throw new UsageError('--base-url is required (the API origin of the deployment or mock to check), or --inputs FILE');
  if (!/^https?:\/\/[^/]/.test(options.baseUrl)) throw new UsageError(`--base-url is an http(s) origin, not ${options.baseUrl}`);
  return { ...options, baseUrl: options.baseUrl };
}

function inputsOf(file: string): TargetOptions {
  try {
    return targetOptionsOf(readInputs(file));
  } catch (error) {
    throw error instanceof InputsError ? new UsageError(error.message) : error;
  }
}

/** A rule failed, or a check failed that no rule of the catalog answers for. */
function failed(report: Report): boolean {
  const judging = rulesOfChecks();
  return report.rules.some((rule) => rule.outcome === 'failed') || report.results.some((result) => result.outcome === 'failed' && !judging.has(result.id));
}

function render(report: Report, reporter: Reporter): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'html') return htmlReport(report);
  return prettyReport(report);
}

/** `--list-rules`: the catalog, each rule with its checks (or why none can observe it). */
function listRules(reporter: Reporter): string {
  const rules = [...loadCatalog()].sort((a, b) => compareSections(a.section, b.section));
  if (reporter === 'json') {
    const entries = rules.map(({ id, section, rule, checks, needs, unobservable, reading }) => ({ id, section, rule, checks, needs, ...(unobservable ? { unobservable } : {}), ...(reading ? { reading } : {}) }));
    return `${JSON.stringify({ rules: entries }, null, 2)}\n`;
  }
  if (reporter !== 'pretty') throw new UsageError('--list-rules prints with --reporter pretty or json');
  const lines = rules.map((rule) => {
    const judged = rule.checks.length ? `checks: ${rule.checks.join(', ')}` : rule.unobservable ? `not observable: ${rule.unobservable}` : 'not checked yet';
    return `${rule.section.padEnd(5)} ${rule.id}\n      ${rule.rule}\n      ${judged}`;
  });
  const observable = rules.filter((rule) => !rule.unobservable);
  const checked = observable.filter((rule) => rule.checks.length);
  return `${lines.join('\n')}\n\n${rules.length} rules; ${observable.length} observable through the interface, ${checked.length} of them with a check\n`;
}
