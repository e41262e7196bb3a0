// The comparison with an earlier run as a terminal shows it (the end of the pretty report, or
// stderr beside another reporter): short. Each new failure with its rule, the check that judged
// it and its requests (method, path, status); the other changes as lists of rule ids, cut after a
// few (the JSON and HTML reports list them all); the gate's verdict last.
import type { RequestLine } from '../exchange.ts';
import type { Report } from '../run.ts';
import { count, gateFailures, gateLine, hasChanges, targetNote, type Comparison, type RuleChange } from './compare.ts';

/** How many rule ids a line of other changes names before "and N more". */
const IDS_SHOWN = 8;
/** How many requests a new failure lists. */
const REQUESTS_SHOWN = 3;

export function comparisonText(comparison: Comparison, report: Report): string {
  const lines = [heading(comparison)];
  const note = targetNote(comparison, report);
  if (note) lines.push(`  note: ${note}`);
  if (!hasChanges(comparison)) lines.push(`  no change: all ${count(comparison.unchanged, 'rule')} have the result they had before`);
  else lines.push(...changes(comparison));
  lines.push(gateLine(comparison));
  return `${lines.join('\n')}\n`;
}

function heading({ previous, catalog }: Comparison): string {
  const where = `${previous.mock ? 'a crmkit mock' : 'a deployment'} at ${previous.baseUrl}`;
  const same =
    previous.catalog.hash === catalog.hash
      ? `the same catalog of ${count(catalog.rules, 'rule')}`
      : `its catalog of ${count(previous.catalog.rules, 'rule')} (${previous.catalog.hash}), this one of ${count(catalog.rules, 'rule')} (${catalog.hash})`;
  return `Compared with run ${previous.runId} (${previous.file}: crmkit ${previous.crmkit}, ${where}), ${same}:`;
}

function changes(comparison: Comparison): string[] {
  const gating = new Set(gateFailures(comparison));
  const mark = (list: RuleChange[]) => (list.some((change) => gating.has(change)) ? 'fails the gate' : 'does not fail the gate');
  const addedFailing = comparison.added.filter((change) => change.after === 'failed');
  return [
    ...failures(`newly failed, passed before (${mark(comparison.regressions)})`, comparison.regressions),
    ...failures(`newly failed, not passed before (${mark(comparison.newlyFailed)})`, comparison.newlyFailed),
    ...failures(`new to the catalog and failed (${mark(addedFailing)})`, addedFailing),
    ...idLine('newly passed', comparison.newlyPassed, 'before'),
    ...idLine('newly warned', comparison.newlyWarned, 'before'),
    ...idLine('newly skipped or not exercised', comparison.newlyNotJudged, 'both'),
    ...idLine('added to the catalog', comparison.added, 'after'),
    ...idLine('removed from the catalog', comparison.removed, 'before'),
    `  ${count(comparison.unchanged, 'rule')} unchanged`,
  ];
}

function failures(title: string, list: RuleChange[]): string[] {
  if (!list.length) return [];
  return [`  ✗ ${list.length} ${title}:`, ...list.flatMap(failure)];
}

function failure(change: RuleChange): string[] {
  const requests = change.requests ?? [];
  const shown = requests.slice(0, REQUESTS_SHOWN).map((line) => `        ${requestText(line)}`);
  const more = requests.length > REQUESTS_SHOWN ? [`        … and ${requests.length - REQUESTS_SHOWN} more`] : [];
  const none = requests.length ? [] : ['        (no request: the check failed before or without sending one)'];
  return [
    `    ${change.id} (spec ${change.section}, judged by ${change.check ?? 'its checks'}; ${outcomeText(change.before)} before)`,
    `        ${change.message ?? ''}`,
    ...shown,
    ...more,
    ...none,
  ];
}

export function requestText({ method, path, status }: RequestLine): string {
  return `${method} ${path} → ${status}`;
}

/** `  ✓ 2 newly passed: a.b (failed before), c.d (skipped before)`, cut after IDS_SHOWN ids. */
function idLine(title: string, list: RuleChange[], show: 'before' | 'after' | 'both'): string[] {
  if (!list.length) return [];
  const ids = list.slice(0, IDS_SHOWN).map((change) => {
    const was =
      show === 'after'
        ? outcomeText(change.after)
        : show === 'both'
          ? `${outcomeText(change.before)} before, ${outcomeText(change.after)} now`
          : `${outcomeText(change.before)} before`;
    return `${change.id} (${was})`;
  });
  const more = list.length > IDS_SHOWN ? `, and ${list.length - IDS_SHOWN} more` : '';
  return [`  ${list.length} ${title}: ${ids.join(', ')}${more}`];
}

export function outcomeText(outcome: RuleChange['before']): string {
  return outcome === 'absent' ? 'not in the catalog' : outcome.replace('-', ' ');
}
