// What a conformance check is: one rule of the spec, verified through HTTP against any deployment.
// The catalog (conformance/rules/) says which rules each check judges. Active checks send requests; observers judge every exchange the run makes (status documented,
// body valid, request id...). Each says which spec section it enforces and whether it rests on
// documented or on inferred (`x-inferred`) parts of the interface.
import type { CheckContext } from './context.ts';
import type { Exchange } from './exchange.ts';

export const FAMILIES = ['responses', 'input', 'paging', 'state', 'leads', 'query', 'records', 'conversations', 'events', 'webhooks', 'forms', 'oauth', 'limits'] as const;
export type Family = (typeof FAMILIES)[number];

export type CheckInfo = {
  id: string;
  family: Family;
  title: string;
  /** The spec section it enforces, e.g. `7.1`. */
  spec: string;
  /** Inferred parts only warn against a deployment crmkit did not build (spec README, reading 3). */
  basis: 'documented' | 'inferred';
};

export type ActiveCheck = CheckInfo & {
  kind: 'active';
  /** Whether it sends writes (a `--read-only` run skips it). */
  writes: boolean;
  run(context: CheckContext): Promise<void>;
};

export type Observer = CheckInfo & {
  kind: 'observer';
  /** A problem with this exchange, or nothing. */
  observe(exchange: Exchange): string | undefined;
  /**
   * For an observer that judges several catalog rules: every problem with this exchange, each with
   * the one rule it breaks, so that a report fails that rule only (not every rule of the observer).
   */
  judge?(exchange: Exchange): Observation[];
};

/** A problem an observer found with one exchange, and the catalog rule it breaks. */
export type Observation = { rule: string; problem: string };

/** An observer's problems with an exchange: with their rules where it names them. */
export function observationsOf(observer: Observer, exchange: Exchange): { rule?: string; problem: string }[] {
  if (observer.judge) return observer.judge(exchange);
  const problem = observer.observe(exchange);
  return problem ? [{ problem }] : [];
}

export type Check = ActiveCheck | Observer;

/** Thrown by a check (or its context's expectations) when the deployment breaks the rule. */
export class CheckFailure extends Error {
  readonly exchange: Exchange | undefined;
  /** The catalog rule it broke, when the check says (conformance/rules/). */
  readonly rule: string | undefined;
  constructor(message: string, exchange?: Exchange, rule?: string) {
    super(message);
    this.exchange = exchange;
    this.rule = rule;
  }
}

/** A check's judgement of one catalog rule: no problem passes it. */
export type RuleVerdict = { rule: string; problem: string | undefined; exchange: Exchange | undefined; skipped?: string };

/** Thrown when a check cannot run here: a missing input, or a write in a read-only run. */
export class CheckSkipped extends Error {}
