// The two figures every report gives (issue 22): the observable rules judged on this target (they
// passed, failed or warned in this run: not skipped, not left unchecked), and those this target
// could let the suite judge (observable rules with checks whose needs its offer meets,
// rules/target-offer.ts). On a crmkit mock the two meet; on a deployment the gap is what its
// inputs, a receiver or waiting would add.
import { ALL_CHECKS } from '../areas/index.ts';
import { rulesById } from './catalog.ts';
import type { RuleResult } from './rule-results.ts';
import { unmetNeeds, type TargetOffer } from './target-offer.ts';

export type Figures = { observable: number; judged: number; couldJudge: number };

const JUDGED = new Set(['passed', 'failed', 'warned']);

/** The figures of a run's rule results; `couldJudge` says whether the target could let the suite judge a rule. */
export function figuresOf(rules: RuleResult[], couldJudge: (id: string) => boolean): Figures {
  const observable = rules.filter((rule) => rule.outcome !== 'unobservable');
  return {
    observable: observable.length,
    judged: observable.filter((rule) => JUDGED.has(rule.outcome)).length,
    couldJudge: observable.filter((rule) => couldJudge(rule.id)).length,
  };
}

/** Whether the check sends writes (a read-only run skips it). */
export function checkWrites(check: string): boolean {
  const found = ALL_CHECKS.find((candidate) => candidate.id === check);
  return found?.kind === 'active' && found.writes;
}

/** Rules the offer lets the suite judge, by id. */
export function couldJudgeOn(offer: TargetOffer): (id: string) => boolean {
  const catalog = rulesById();
  return (id) => {
    const rule = catalog.get(id);
    return rule !== undefined && unmetNeeds(rule, offer, checkWrites).length === 0;
  };
}

/** One line: `judged on this target: 577 of 949 observable rules (61 %); this target could let the suite judge 612 (64 %)`. */
export function figuresLine({ observable, judged, couldJudge }: Figures): string {
  const share = (count: number) => `${observable ? Math.floor((count / observable) * 100) : 0} %`;
  const could = `this target could let the suite judge ${couldJudge} (${share(couldJudge)})`;
  return `judged on this target: ${judged} of ${observable} observable rules (${share(judged)}); ${could}`;
}
