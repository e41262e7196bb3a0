// `crmkit conformance`: the suite against a deployment (or a crmkit mock, which it provisions).
import { writeFileSync } from 'node:fs';
import { prettyProgress } from '../../conformance/report/pretty.ts';
import { renderReport, REPORTERS, type Reporter } from '../../conformance/report/render.ts';
import { ruleTotals } from '../../conformance/report/rule-summary.ts';
import { exitStatus, verdictLine } from '../../conformance/report/verdict.ts';
import { compareSections, loadCatalog } from '../../conformance/rules/catalog.ts';
import { runConformance } from '../../conformance/run.ts';
import { onlyItems } from './only-option.ts';
import { parseOptions, type OptionSpecs } from './options.ts';
import { reportOptions, TARGET_OPTIONS, targetOptionsFrom } from './shared-options.ts';
import { UsageError } from './usage-error.ts';

export const CONFORMANCE_OPTIONS = {
  target: TARGET_OPTIONS,
  run: {
    'wait-for-retries': { type: 'boolean', default: false, help: 'wait for webhook retries (a minute and more) against a deployment' },
    only: { type: 'string', multiple: true, value: 'FAMILY|CHECK', help: 'only these families or checks (comma-separated or repeated)' },
    'read-only': { type: 'boolean', default: false, help: 'send no write' },
  },
  output: {
    ...reportOptions(REPORTERS),
    'list-rules': { type: 'boolean', default: false, help: "print the catalog of the spec's rules with their checks, and exit" },
  },
} as const satisfies Record<string, OptionSpecs>;

export async function runConformanceCommand(args: string[]): Promise<void> {
  const { values } = parseOptions(args, { ...CONFORMANCE_OPTIONS.target, ...CONFORMANCE_OPTIONS.run, ...CONFORMANCE_OPTIONS.output });
  const reporter = (values.reporter ?? 'pretty') as Reporter;
  if (values['list-rules']) return void process.stdout.write(listRules(reporter));
  const target = targetOptionsFrom(values);
  const only = onlyItems(values.only);
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
    waitForRetries: values['wait-for-retries'] ?? false,
    only,
    readOnly: values['read-only'] ?? false,
    // Progress goes to stderr whatever the reporter, so that a long run against a deployment shows where it is.
    onResult: (result) => process.stderr.write(prettyProgress(result)),
  });
  const text = renderReport(report, reporter);
  if (values.out) {
    writeFileSync(values.out, text);
    process.stderr.write(`${verdictLine(report)}: ${ruleTotals(report.rules)}; wrote ${values.out}\n`);
  } else process.stdout.write(text);
  process.exitCode = exitStatus(report);
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
