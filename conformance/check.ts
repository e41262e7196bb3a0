// What a conformance check is: one rule of the spec, verified through HTTP against any deployment.
// The catalog (conformance/areas/<area>/rules.yaml) says which rules each check judges. Active checks send
// requests; observers judge every exchange the run makes (status documented,
// body valid, request id...). Each says which spec section it enforces and whether it rests on
// documented or on inferred (`x-inferred`) parts of the interface.
import type { Area } from '../src/spec/areas.ts';
import type { CheckContext } from './context.ts';
import type { Exchange } from './exchange.ts';
import { restsOnInferredRoute } from './inferred-route.ts';

export type CheckInfo = {
  /** `<area>.<slug>`: the check lives in conformance/areas/<area>/ beside the area's rules. */
  id: string;
  area: Area;
  title: string;
  /** The spec section it enforces, e.g. `7.1`. */
  spec: string;
  /**
   * Inferred parts only warn against a deployment crmkit did not build (spec README, reading 3). A
   * rule's verdict is inferred per assertion (RuleVerdict.inferred: the exchange's operation, or
   * the check's word); `basis` is only what a failure that names no rule falls back to.
   */
  basis: 'documented' | 'inferred';
};

export type ActiveCheck = CheckInfo & {
  kind: 'active';
  /**
   * What it leaves that later checks must not meet, which sets when it runs (conformance/areas/index.ts):
   * `moved-clock` (a mock's clock moved on) after every check that leaves nothing; `used-up` (a limit met,
   * the suite's app uninstalled, limits set on a mock) after those.
   */
  leaves?: 'moved-clock' | 'used-up';
  /** Whether it sends writes (a `--read-only` run skips it). */
  writes: boolean;
  run(context: CheckContext): Promise<void>;
};

export type Observer = CheckInfo & {
  kind: 'observer';
  /**
   * Every catalog rule this exchange bears on, each with its problem or none: a rule of the
   * observer that no exchange of the run bears on is "not exercised", not passed.
   */
  judge(exchange: Exchange): Observation[];
};

/** An observer's judgement of one rule on one exchange: a problem breaks it, none passes it. */
export type Observation = {
  rule: string;
  problem?: string | undefined;
  /** The problem rests on a part the spec does not show; by default, when the exchange's operation is `x-inferred`. */
  inferred?: boolean;
};

export type Check = ActiveCheck | Observer;

/** Thrown by a check (or its context's expectations) when the deployment breaks the rule. */
export class CheckFailure extends Error {
  readonly exchange: Exchange | undefined;
  /** The catalog rule it broke, when the check says (conformance/rules/). */
  readonly rule: string | undefined;
  /** The assertion rests on a part the spec does not show (see RuleVerdict). */
  readonly inferred: boolean;
  constructor(message: string, exchange?: Exchange, rule?: string, inferred = restsOnInferredRoute(exchange)) {
    super(message);
    this.exchange = exchange;
    this.rule = rule;
    this.inferred = inferred;
  }
}

/**
 * A check's judgement of one catalog rule: no problem passes it. `inferred`: the assertion rests on
 * a part the spec does not show (the exchange's operation is `x-inferred`, or the check says so).
 */
export type RuleVerdict = {
  rule: string;
  problem: string | undefined;
  exchange: Exchange | undefined;
  skipped?: string;
  inferred?: boolean;
};

/** Thrown when a check cannot run here: a missing input, or a write in a read-only run. */
export class CheckSkipped extends Error {}
