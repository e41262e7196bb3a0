// The JSON report (`--reporter json`): the run as data, stamped with what a later run needs to
// compare itself with it (`crmkit conformance --compare previous.json`): the report's format and
// its version, the crmkit that wrote it, and the catalog of rules it was judged against. Reading
// one back checks the stamp and each field a comparison uses, so that a file of another kind or
// of an incompatible format is refused with one line, not half compared.
import { readFileSync } from 'node:fs';
import { packageVersion } from '../../src/cli/version.ts';
import { catalogStamp, type CatalogStamp } from '../rules/catalog-stamp.ts';
import type { RuleOutcome } from '../rules/rule-results.ts';
import type { Report } from '../run.ts';
import { gateStatus, type Comparison } from './compare.ts';
import { RULE_OUTCOMES } from './rule-summary.ts';
import { reportVerdict } from './verdict.ts';

export const REPORT_FORMAT = 'crmkit-conformance-report';
/** Raised when a field a comparison reads changes its meaning or goes away. */
export const REPORT_FORMAT_VERSION = 1;

/**
 * The JSON report: the stamp, the run's verdict, the run, and its comparison when one was asked
 * for, with the gate's verdict (which the exit status is then).
 */
export function jsonReport(report: Report, comparison?: Comparison): string {
  const stamp = { format: REPORT_FORMAT, formatVersion: REPORT_FORMAT_VERSION, crmkit: packageVersion(), catalog: catalogStamp() };
  const compared = comparison ? { comparison: { gate: gateStatus(comparison) ? 'failed' : 'passed', ...comparison } } : {};
  return `${JSON.stringify({ ...stamp, verdict: reportVerdict(report), ...report, ...compared }, null, 2)}\n`;
}

/** One rule of an earlier run, as a comparison reads it. */
export type PreviousRule = { id: string; section: string; rule: string; outcome: RuleOutcome };

/** An earlier run's JSON report, read back: only what a comparison needs. */
export type PreviousReport = {
  file: string;
  runId: string;
  target: { baseUrl: string; mock: boolean };
  crmkit: string;
  catalog: CatalogStamp;
  rules: PreviousRule[];
};

/** A file that is not a crmkit JSON report this crmkit can read; its message is one line naming the file. */
export class ReportFileError extends Error {}

export function readPreviousReport(file: string): PreviousReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ReportFileError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)}`);
  }
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    throw notAReport(file, 'it is not JSON');
  }
  if (data?.format !== REPORT_FORMAT) throw notAReport(file, `it has no "format": "${REPORT_FORMAT}"`);
  if (data.formatVersion !== REPORT_FORMAT_VERSION) {
    throw new ReportFileError(
      `${file} is a crmkit JSON report of format ${JSON.stringify(data.formatVersion)}, written by crmkit ${data.crmkit}; this crmkit (${packageVersion()}) compares with format ${REPORT_FORMAT_VERSION} only: write the earlier run's report again with this crmkit`,
    );
  }
  return {
    file,
    runId: String(data.runId),
    target: targetOf(file, data.target),
    crmkit: String(data.crmkit),
    catalog: stampOf(file, data.catalog),
    rules: rulesOf(file, data.rules),
  };
}

function notAReport(file: string, why: string): ReportFileError {
  return new ReportFileError(`${file} is not a crmkit JSON report (${why}): write one with crmkit conformance --reporter json --out FILE`);
}

function targetOf(file: string, target: any): PreviousReport['target'] {
  if (typeof target?.baseUrl !== 'string' || typeof target.mock !== 'boolean')
    throw notAReport(file, 'its "target" is not a base URL and a mock flag');
  return { baseUrl: target.baseUrl, mock: target.mock };
}

function stampOf(file: string, catalog: any): CatalogStamp {
  if (!Number.isInteger(catalog?.rules) || typeof catalog.hash !== 'string')
    throw notAReport(file, 'its "catalog" is not a rule count and a hash');
  return { rules: catalog.rules, hash: catalog.hash };
}

function rulesOf(file: string, rules: unknown): PreviousRule[] {
  if (!Array.isArray(rules)) throw notAReport(file, 'its "rules" is not a list');
  return rules.map((rule: any, index) => {
    const fields = typeof rule?.id === 'string' && typeof rule.section === 'string' && typeof rule.rule === 'string';
    if (!fields || !RULE_OUTCOMES.includes(rule.outcome))
      throw notAReport(file, `rules[${index}] is not a rule with an id, section, sentence and outcome`);
    return { id: rule.id, section: rule.section, rule: rule.rule, outcome: rule.outcome };
  });
}
