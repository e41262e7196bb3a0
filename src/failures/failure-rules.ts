// Failures on demand (WireMock's delays and faults): rules, set through the control API
// (`PUT /_mock/failures`) or `crmkit mock --failure`, that make an operation (or all of them) slow
// or failing for the next N calls or a share of calls, so that a client's retries, timeouts and
// error handling can be tested. Unlike the named faults (src/faults/), these break no rule of the
// spec: a real deployment may be slow, fail with 500 or 503, limit a client, or drop a connection.
import type { components } from '../spec/generated/mock-control.d.ts';

export type FailureRule = components['schemas']['FailureRule'];
export type FailureKind = NonNullable<FailureRule['error']>;

/** A rule as the mock keeps it: how many calls it may still touch, and how many it touched. */
export type ActiveFailure = FailureRule & { remaining: number | null; matched: number };

/** What to do to one call: wait, then answer normally or fail in some way. */
export type FailurePlan = { latencyMs: number; error: FailureKind | undefined };

export class FailureRules {
  #rules: ActiveFailure[] = [];

  set(rules: FailureRule[]): void {
    this.#rules = rules.map((rule) => ({ ...rule, remaining: rule.times ?? null, matched: 0 }));
  }

  list(): ActiveFailure[] {
    return this.#rules.map((rule) => ({ ...rule }));
  }

  /** The first rule that takes this call (its operation, its share, calls left), or undefined. */
  planFor(operationId: string, random: () => number = Math.random): FailurePlan | undefined {
    for (const rule of this.#rules) {
      if (rule.operation !== undefined && rule.operation !== '*' && rule.operation !== operationId) continue;
      if (rule.remaining === 0) continue;
      if (rule.share !== undefined && random() >= rule.share) continue;
      if (rule.remaining !== null) rule.remaining--;
      rule.matched++;
      const jitter = rule.latency_jitter_ms ? random() * rule.latency_jitter_ms : 0;
      return { latencyMs: (rule.latency_ms ?? 0) + jitter, error: rule.error };
    }
    return undefined;
  }
}
