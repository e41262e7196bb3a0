// `crmkit conformance --list-rules`: the catalog, each rule with its checks (or why none can observe
// it) and what judging it takes on a deployment (its needs and wait). Given a target's options
// (--inputs, --base-url, --api-key, --webhook-receiver-url, --wait-for-retries...), each rule also
// says whether this target could let the suite judge it, and why not; the last line gives the count.
// With --only FAMILY|CHECK, only the rules the run's checks of the same selection judge.
import { compareSections, loadCatalog, type Rule } from '../../conformance/rules/catalog.ts';
import { checkWrites } from '../../conformance/rules/figures.ts';
import { durationOf, unmetNeeds, type TargetOffer } from '../../conformance/rules/target-offer.ts';
import type { Reporter } from '../../conformance/report/render.ts';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { selectChecks } from '../../conformance/run.ts';
import { UsageError } from './usage-error.ts';

export function listRules(reporter: Reporter, offer: TargetOffer | undefined, only?: readonly string[]): string {
  const rules = selectedRules(only).sort((a, b) => compareSections(a.section, b.section));
  const unmet = (rule: Rule) => (offer ? unmetNeeds(rule, offer, checkWrites) : []);
  const observable = rules.filter((rule) => !rule.unobservable);
  const couldJudge = offer && observable.filter((rule) => !unmet(rule).length).length;
  if (reporter === 'json') {
    const entries = rules.map((rule) => ({ ...entryOf(rule), ...(offer ? { couldJudge: !unmet(rule).length, unmet: unmet(rule) } : {}) }));
    return `${JSON.stringify({ rules: entries, ...(offer ? { summary: { observable: observable.length, couldJudge } } : {}) }, null, 2)}\n`;
  }
  if (reporter !== 'pretty') throw new UsageError('--list-rules prints with --reporter pretty or json');
  const lines = rules.map((rule) => [`${rule.section.padEnd(5)} ${rule.id}`, rule.rule, ...facts(rule), ...here(rule, unmet, offer)]);
  const checked = observable.filter((rule) => rule.checks.length);
  const ofCatalog = only ? ` (the checks of --only ${only.join(',')}; the catalog has ${loadCatalog().length})` : '';
  const total = `${rules.length} rules${ofCatalog}; ${observable.length} observable through the interface, ${checked.length} of them with a check`;
  const of = `${couldJudge} of ${observable.length} observable rules`;
  const share = couldJudge === undefined ? '' : `\nthis target could let the suite judge ${of}`;
  return `${lines.map((parts) => parts.join('\n      ')).join('\n')}\n\n${total}${share}\n`;
}

/** The catalog, or with `only` the rules that a run with the same --only would judge (run.ts selects its checks the same way). */
function selectedRules(only: readonly string[] | undefined): Rule[] {
  if (!only) return [...loadCatalog()];
  const checks = new Set(selectChecks(ALL_CHECKS, only).map((check) => check.id));
  return loadCatalog().filter((rule) => rule.checks.some((check) => checks.has(check)));
}

/** Its checks (or why none can observe it), and what judging it takes on a deployment. */
function facts(rule: Rule): string[] {
  if (rule.unobservable) return [`not observable: ${rule.unobservable}`];
  const wait = rule.waitMinutes ? [`waits ${durationOf(rule.waitMinutes)}`] : [];
  const needs = `on a deployment needs: ${[...rule.needs, ...wait].join(', ') || 'nothing'}`;
  return [rule.checks.length ? `checks: ${rule.checks.join(', ')}` : 'not checked yet', needs];
}

/** Whether the target given could let the suite judge it, and why not. */
function here(rule: Rule, unmet: (rule: Rule) => string[], offer: TargetOffer | undefined): string[] {
  if (!offer || rule.unobservable) return [];
  const reasons = unmet(rule);
  return [reasons.length ? `not on this target: ${reasons.join('; ')}` : 'this target could let the suite judge it'];
}

function entryOf({ id, section, rule, checks, needs, waitMinutes, unobservable, reading }: Rule) {
  const extra = { ...(waitMinutes ? { waitMinutes } : {}), ...(unobservable ? { unobservable } : {}), ...(reading ? { reading } : {}) };
  return { id, section, rule, checks, needs, ...extra };
}
