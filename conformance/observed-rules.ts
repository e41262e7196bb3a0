// What an observer saw over a run's exchanges, rule by rule: every problem it found (each problem
// once per rule, with how many exchanges showed it and the first few of them as evidence), the
// rules exchanges bore on without a problem (passed), and the rules no exchange bore on (not
// exercised: a rule judged only from what was seen is not passed by what was not, issue 22).
import type { Observer } from './check.ts';
import { describeExchange, requestLine, type Exchange, type RequestLine } from './exchange.ts';
import { rulesOfChecks } from './rules/catalog.ts';

/** How many exchanges a problem quotes as its evidence. */
export const EVIDENCE_EXCHANGES = 3;

/** One rule's judgement by an observer over the run (a rule with several problems has one per problem). */
export type ObservedRule = {
  rule: string;
  problem?: string;
  /** How many exchanges showed the problem. */
  count?: number;
  evidence?: string;
  /** The requests quoted in the evidence (method, path, status). */
  requests?: RequestLine[];
  /** Every exchange that showed it is of an operation the spec does not show (`x-inferred`). */
  inferred?: boolean;
  /** Why the rule has no verdict: no exchange bore on it. */
  notExercised?: string;
};

type Seen = { count: number; first: Exchange[]; inferred: boolean };

export function observedRules(observer: Observer, exchanges: readonly Exchange[]): ObservedRule[] {
  const byRule = new Map<string, Map<string, Seen>>();
  for (const exchange of exchanges) {
    for (const { rule, problem, inferred } of observer.judge(exchange)) {
      const problems = byRule.get(rule) ?? new Map<string, Seen>();
      byRule.set(rule, problems);
      if (problem) see(problems, problem, exchange, inferred ?? exchange.operation?.isInferred ?? false);
    }
  }
  const rules = [...new Set([...(rulesOfChecks().get(observer.id) ?? []), ...byRule.keys()])];
  return rules.flatMap((rule) => {
    const problems = byRule.get(rule);
    if (!problems) return [{ rule, notExercised: `no exchange of the run bore on it (${observer.id} judges it from what it sees)` }];
    if (!problems.size) return [{ rule }];
    return [...problems].map(([problem, seen]) => toObserved(rule, problem, seen));
  });
}

function see(problems: Map<string, Seen>, problem: string, exchange: Exchange, inferred: boolean): void {
  const seen = problems.get(problem) ?? { count: 0, first: [], inferred: true };
  problems.set(problem, seen);
  seen.count++;
  if (seen.first.length < EVIDENCE_EXCHANGES) seen.first.push(exchange);
  seen.inferred &&= inferred;
}

function toObserved(rule: string, problem: string, { count, first, inferred }: Seen): ObservedRule {
  const evidence = first.map(describeExchange).join('\n\n');
  const shown = count > first.length ? `\n\n(the first ${first.length} of ${count} exchanges)` : '';
  return { rule, problem, count, evidence: evidence + shown, requests: first.map(requestLine), ...(inferred ? { inferred } : {}) };
}

/** A problem as a report words it: with its count when more than one exchange showed it. */
export function problemWithCount({ problem, count }: { problem?: string; count?: number }): string {
  return `${problem}${count && count > 1 ? ` (${count} exchanges)` : ''}`;
}
