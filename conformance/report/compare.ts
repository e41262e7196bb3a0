// A run compared with an earlier one, rule by rule (`crmkit conformance --compare previous.json`,
// issue 25 item 6): the regression gate of a QA pipeline. Each rule whose result changed is put
// under what it is now: failed (a regression when it passed before), passed, warned, or not judged
// (skipped, not exercised, not checked, unobservable); rules the catalog gained or lost are listed
// apart. The gate fails only on a regression: a rule failing in both runs is known debt, and a
// rule new to the catalog has no earlier result to break.
import type { RequestLine } from '../exchange.ts';
import type { RuleOutcome, RuleResult } from '../rules/rule-results.ts';
import type { Report } from '../run.ts';
import { catalogStamp, type CatalogStamp } from '../rules/catalog-stamp.ts';
import type { PreviousReport, PreviousRule } from './json-report.ts';

/** One rule's result in each run (`absent`: not in that run's catalog); what it is now shows why. */
export type RuleChange = {
  id: string;
  section: string;
  rule: string;
  before: RuleOutcome | 'absent';
  after: RuleOutcome | 'absent';
  message?: string;
  check?: string;
  requests?: RequestLine[];
};

export type Comparison = {
  previous: { file: string; runId: string; baseUrl: string; mock: boolean; crmkit: string; catalog: CatalogStamp };
  catalog: CatalogStamp;
  /** Passed before, failed now: what fails the gate. */
  regressions: RuleChange[];
  /** Failed now, neither passed nor failed before (warned, skipped, not exercised...). */
  newlyFailed: RuleChange[];
  newlyPassed: RuleChange[];
  newlyWarned: RuleChange[];
  /** Skipped, not exercised, not checked or unobservable now, and something else before. */
  newlyNotJudged: RuleChange[];
  added: RuleChange[];
  removed: RuleChange[];
  unchanged: number;
  /** Of the unchanged, how many failed in both runs (not a regression: the gate lets them by). */
  stillFailing: number;
  /** `--compare-strict`: the gate also refuses the changes gateFailures names. */
  strict: boolean;
};

export function compareReports(previous: PreviousReport, report: Report, strict = false): Comparison {
  const before = new Map(previous.rules.map((rule) => [rule.id, rule]));
  const now = new Set(report.rules.map((rule) => rule.id));
  const comparison: Comparison = {
    previous: { file: previous.file, runId: previous.runId, ...previous.target, crmkit: previous.crmkit, catalog: previous.catalog },
    catalog: catalogStamp(),
    regressions: [],
    newlyFailed: [],
    newlyPassed: [],
    newlyWarned: [],
    newlyNotJudged: [],
    added: [],
    removed: previous.rules.filter((rule) => !now.has(rule.id)).map(removedRule),
    unchanged: 0,
    stillFailing: 0,
    strict,
  };
  for (const rule of report.rules) {
    const earlier = before.get(rule.id)?.outcome ?? 'absent';
    if (earlier === rule.outcome) {
      comparison.unchanged++;
      if (earlier === 'failed') comparison.stillFailing++;
    } else listUnder(comparison, rule.outcome, earlier).push(changeOf(rule, earlier));
  }
  return comparison;
}

function listUnder(comparison: Comparison, after: RuleOutcome, before: RuleOutcome | 'absent'): RuleChange[] {
  if (before === 'absent') return comparison.added;
  if (after === 'failed') return before === 'passed' ? comparison.regressions : comparison.newlyFailed;
  if (after === 'passed') return comparison.newlyPassed;
  if (after === 'warned') return comparison.newlyWarned;
  return comparison.newlyNotJudged;
}

function changeOf(rule: RuleResult, before: RuleOutcome | 'absent'): RuleChange {
  const { id, section, rule: sentence, outcome, message, check, requests } = rule;
  return {
    id,
    section,
    rule: sentence,
    before,
    after: outcome,
    ...(message ? { message } : {}),
    ...(check ? { check } : {}),
    ...(requests ? { requests } : {}),
  };
}

function removedRule({ id, section, rule, outcome }: PreviousRule): RuleChange {
  return { id, section, rule, before: outcome, after: 'absent' };
}

/**
 * The gate's exit status: 1 when a rule that passed before fails now. Strict, also when a rule
 * fails now that did not pass before (one new to the catalog too), or a rule that passed before
 * is not judged now (a pipeline then cannot lose a check silently).
 */
export function gateStatus(comparison: Comparison): 0 | 1 {
  return gateFailures(comparison).length ? 1 : 0;
}

/** The changes that fail the gate. */
export function gateFailures(comparison: Comparison): RuleChange[] {
  if (!comparison.strict) return comparison.regressions;
  const addedFailing = comparison.added.filter((change) => change.after === 'failed');
  const lost = comparison.newlyNotJudged.filter((change) => change.before === 'passed');
  return [...comparison.regressions, ...comparison.newlyFailed, ...addedFailing, ...lost];
}

/** Whether any rule's result changed or the catalog did. */
export function hasChanges({ regressions, newlyFailed, newlyPassed, newlyWarned, newlyNotJudged, added, removed }: Comparison): boolean {
  return [regressions, newlyFailed, newlyPassed, newlyWarned, newlyNotJudged, added, removed].some((list) => list.length > 0);
}

/** The gate's verdict in one line, as every reporter states it. */
export function gateLine(comparison: Comparison): string {
  const failures = gateFailures(comparison);
  const status = failures.length ? 'failed (exit status 1)' : 'passed (exit status 0)';
  const extra = failures.length - comparison.regressions.length;
  const reasons = [
    comparison.regressions.length ? `${count(comparison.regressions.length, 'rule')} passed before and failed now` : '',
    extra ? `${count(extra, 'other change')} that --compare-strict refuses` : '',
  ].filter(Boolean);
  const why = reasons.length ? reasons.join(', ') : 'no rule that passed before fails now';
  const debt = comparison.stillFailing ? `; ${count(comparison.stillFailing, 'rule')} failed in both runs (not a regression)` : '';
  return `regression gate: ${status}: ${why}${debt}`;
}

export function count(n: number, noun: string): string {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

/** The note a comparison across kinds of target needs: a deployment's failure on inferred parts only warns. */
export function targetNote(comparison: Comparison, report: Report): string | undefined {
  if (comparison.previous.mock === report.target.mock) return undefined;
  const kind = (mock: boolean) => (mock ? 'a crmkit mock' : 'a deployment');
  return `the earlier run was against ${kind(comparison.previous.mock)}, this one against ${kind(report.target.mock)}: a failure resting on parts the spec leaves open only warns against a deployment, so some changes may come from that`;
}
