// `crmkit conformance`: the suite against a deployment (or a crmkit mock, which it provisions).
import { writeFileSync } from 'node:fs';
import { compareReports } from '../../conformance/report/compare.ts';
import { comparisonText } from '../../conformance/report/compare-text.ts';
import { readPreviousReport, ReportFileError, type PreviousReport } from '../../conformance/report/json-report.ts';
import { prettyCheckProgress, prettyProgress } from '../../conformance/report/pretty.ts';
import { renderReport, REPORTERS, type Reporter } from '../../conformance/report/render.ts';
import { ruleTotals } from '../../conformance/report/rule-summary.ts';
import { exitStatus, verdictLine } from '../../conformance/report/verdict.ts';
import { figuresLine } from '../../conformance/rules/figures.ts';
import { offerOf } from '../../conformance/rules/target-offer.ts';
import { runConformance } from '../../conformance/run.ts';
import { listRules } from './list-rules.ts';
import { onlyItems } from './only-option.ts';
import { parseOptions, type OptionSpecs } from './options.ts';
import { reportOptions, TARGET_OPTIONS, targetOptionsFrom } from './shared-options.ts';
import { stopOnInterrupt } from './interrupt.ts';
import { UsageError } from './usage-error.ts';

export const CONFORMANCE_OPTIONS = {
  target: TARGET_OPTIONS,
  run: {
    'wait-for-retries': {
      type: 'boolean',
      default: false,
      help: 'against a deployment, wait out the timings of minutes (a webhook retry comes a minute after the event)',
    },
    only: { type: 'string', multiple: true, value: 'AREA|CHECK', help: 'only these spec areas or checks (comma-separated or repeated)' },
    'read-only': { type: 'boolean', default: false, help: 'send no write' },
  },
  output: {
    ...reportOptions(REPORTERS),
    'list-rules': {
      type: 'boolean',
      default: false,
      help: "print the catalog of the spec's rules with their checks and needs, and exit; with a target's options, which it could judge; with --only, the rules of those checks; with --out, to FILE",
    },
  },
  compare: {
    compare: {
      type: 'string',
      value: 'FILE',
      help: "compare the run rule by rule with an earlier run's JSON report (--reporter json --out FILE): the exit status is then the regression gate's (below)",
    },
    'compare-strict': {
      type: 'boolean',
      default: false,
      help: 'with --compare, the gate also fails on a rule failing now that did not pass before (a rule new to the catalog too) and on a rule that passed before and is not judged now',
    },
  },
} as const satisfies Record<string, OptionSpecs>;

export async function runConformanceCommand(args: string[]): Promise<void> {
  const { values } = parseOptions(args, {
    ...CONFORMANCE_OPTIONS.target,
    ...CONFORMANCE_OPTIONS.run,
    ...CONFORMANCE_OPTIONS.output,
    ...CONFORMANCE_OPTIONS.compare,
  });
  const reporter = (values.reporter ?? 'pretty') as Reporter;
  const target = targetOptionsFrom(values);
  const waitForRetries = values['wait-for-retries'] ?? false;
  const readOnly = values['read-only'] ?? false;
  const offer = target.baseUrl ? offerOf({ ...target, waitForRetries, readOnly }) : undefined;
  // The earlier report is read before the run: a file that cannot be compared stops the command before any request.
  const previous = previousReport(values.compare, values['compare-strict'] ?? false, values['list-rules'] ?? false);
  const only = onlyItems(values.only);
  if (values['list-rules']) return writeOut(listRules(reporter, offer, only), values.out, listedLine);
  // Interrupted, the run stops after the check in progress and still deletes what it created.
  const signal = stopOnInterrupt('stopping after this check; cleaning up');
  const report = await runConformance({
    ...target,
    signal,
    waitForRetries,
    only,
    readOnly,
    // Progress goes to stderr whatever the reporter, so that a long run against a deployment shows where it is.
    onResult: (result) => process.stderr.write(prettyProgress(result)),
    // And every 5 s while a check runs, what it waits for: a run against a deployment is never silent for long.
    onProgress: (progress) => process.stderr.write(prettyCheckProgress(progress)),
  });
  const comparison = previous && compareReports(previous, report, values['compare-strict']);
  writeOut(
    renderReport(report, reporter, comparison),
    values.out,
    () => `${verdictLine(report, comparison)}: ${ruleTotals(report.rules)}; ${figuresLine(report.summary)}`,
  );
  // A pipeline's log shows the comparison whatever the report is written as (the pretty report on stdout has it already).
  if (comparison && (values.out || reporter !== 'pretty')) process.stderr.write(comparisonText(comparison, report));
  process.exitCode = exitStatus(report, comparison);
}

/** `--compare FILE` read and checked; a file that is no crmkit JSON report of this format is a usage error (exit status 2). */
function previousReport(file: string | undefined, strict: boolean, listRules: boolean): PreviousReport | undefined {
  if (file === undefined) {
    if (strict) throw new UsageError('--compare-strict needs --compare FILE');
    return undefined;
  }
  if (listRules) throw new UsageError('--compare compares a run, and --list-rules runs none: give one of them');
  try {
    return readPreviousReport(file);
  } catch (error) {
    throw error instanceof ReportFileError ? new UsageError(error.message) : error;
  }
}

/** The pretty list's count line ("1,121 rules; ..."), or for JSON the number of rules in it. */
function listedLine(text: string): string {
  return /^\d+ rules.*$/m.exec(text)?.[0] ?? `${(JSON.parse(text) as { rules: unknown[] }).rules.length} rules`;
}

/** `--out FILE`: the text to FILE and a one-line summary to stderr; without it, the text to stdout. */
function writeOut(text: string, out: string | undefined, summary: (text: string) => string): void {
  if (!out) return void process.stdout.write(text);
  writeFileSync(out, text);
  process.stderr.write(`${summary(text)}; wrote ${out}\n`);
}
