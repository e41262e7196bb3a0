// A check that judges its rules one by one and returns early on a target without what some rules
// need (an `if (!mock) return`) leaves those rules "not reached" (rules/rule-results.ts). Where the
// catalog's needs say why this target cannot show such a rule, the report gives that true reason.
import { rulesById } from './catalog.ts';
import { checkWrites } from './figures.ts';
import type { RuleResult } from './rule-results.ts';
import { unmetNeeds, type TargetOffer } from './target-offer.ts';

const NOT_REACHED = /did not reach it in this run$/;

export function withUnreachedReasons(rules: RuleResult[], offer: TargetOffer): RuleResult[] {
  const catalog = rulesById();
  return rules.map((result) => {
    const rule = catalog.get(result.id);
    if (result.outcome !== 'skipped' || !rule || !NOT_REACHED.test(result.message ?? '')) return result;
    const unmet = unmetNeeds(rule, offer, checkWrites);
    return unmet.length ? { ...result, message: `not judged on this target: ${unmet.join('; ')}` } : result;
  });
}
