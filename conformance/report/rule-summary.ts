// What every reporter says about the rules: their results counted by spec part, in the spec's order.
import { compareSections, partOf, SECTIONS } from '../rules/catalog.ts';
import type { RuleOutcome, RuleResult } from '../rules/rule-results.ts';

export const RULE_OUTCOMES: readonly RuleOutcome[] = [
  'passed',
  'failed',
  'warned',
  'skipped',
  'not-exercised',
  'not-checked',
  'unobservable',
];

export type PartSummary = { part: string; title: string; counts: Record<RuleOutcome, number>; rules: RuleResult[] };

export function summaryByPart(rules: RuleResult[]): PartSummary[] {
  const parts = [...new Set(rules.map((rule) => partOf(rule.section)))].sort(compareSections);
  return parts.map((part) => {
    const of = rules.filter((rule) => partOf(rule.section) === part).sort((a, b) => compareSections(a.section, b.section));
    return { part, title: SECTIONS[part] ?? '', counts: countOutcomes(of), rules: of };
  });
}

export function countOutcomes(rules: RuleResult[]): Record<RuleOutcome, number> {
  const counts = Object.fromEntries(RULE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<RuleOutcome, number>;
  for (const rule of rules) counts[rule.outcome]++;
  return counts;
}

/** One line for a terminal: how many rules held, failed, warned... */
export function ruleTotals(rules: RuleResult[]): string {
  const counts = countOutcomes(rules);
  return `${rules.length} rules: ${RULE_OUTCOMES.map((outcome) => `${counts[outcome]} ${outcome.replace('-', ' ')}`).join(', ')}`;
}
