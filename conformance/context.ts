// What an active check works with: the target, the recording client, the run's id (every record
// the suite creates carries it in its name), cleanup of what it created, and expectations that
// fail with the exchange attached.
import { CheckFailure, CheckSkipped, type RuleVerdict } from './check.ts';
import type { ConformanceClient } from './client.ts';
import type { Exchange } from './exchange.ts';
import type { OperationParameters } from './operation-call.ts';
import { restsOnInferredRoute } from './inferred-route.ts';
import type { Target } from './target.ts';

export type CheckContext = {
  target: Target;
  client: ConformanceClient;
  runId: string;
  /** Called at the end of the run, even after a failure: deletes what a check created. */
  cleanup(undo: () => Promise<unknown>): void;
  skip(reason: string): never;
  /** Fails the check at once; `rule` names the catalog rule it broke (else every rule of the check not judged yet fails with it). */
  fail(message: string, exchange?: Exchange, rule?: string): never;
  /**
   * Judges one catalog rule of this check and goes on: a problem fails that rule (and the
   * check, at its end), none passes it. A check that judges several rules says which is which.
   * The assertion is inferred (it only warns against a deployment crmkit did not build, spec
   * README reading 3) when `inferred` says so, else when the spec does not show the exchange's route
   * (`x-inferred-route`, inferred-route.ts `restsOnInferredRoute`): an operation whose route the spec
   * shows, or whose method alone it does not show and the deployment answered as the route, is judged as stated.
   */
  judge(rule: string, problem: string | undefined | false, exchange?: Exchange, options?: { inferred?: boolean }): void;
  /** Leaves one catalog rule of this check unjudged in this run, saying why (the check goes on with its others). */
  skipRule(rule: string, reason: string): void;
  /** The rules judged so far. */
  readonly verdicts: readonly RuleVerdict[];
  expectStatus(exchange: Exchange, ...statuses: number[]): void;
  /**
   * The status, then the error envelope's `code`: two assertions, each on its own rule where the
   * catalog separates them (`rules.status`, `rules.code`), so that a right status with a wrong code
   * fails the code's rule only (one behaviour, one rule). A rule not named leaves that failure to
   * every rule of the check not judged yet.
   */
  expectError(exchange: Exchange, status: number | number[], code: string, rules?: ErrorRules): void;
  /** Creates a lead named with the run id and deletes it at the end. */
  createLead(body?: OperationParameters<'createLead'>['body']): Promise<any>;
};

/** The catalog rules an expected error's status and code are judged on. */
export type ErrorRules = { status?: string; code?: string };

export function createContext(
  target: Target,
  client: ConformanceClient,
  runId: string,
  undoList: (() => Promise<unknown>)[],
): CheckContext {
  const verdicts: RuleVerdict[] = [];
  const context: CheckContext = {
    target,
    client,
    runId,
    cleanup: (undo) => void undoList.push(undo),
    skip(reason) {
      throw new CheckSkipped(reason);
    },
    fail(message, exchange, rule) {
      throw new CheckFailure(message, exchange, rule);
    },
    judge(rule, problem, exchange, options) {
      const inferred = options?.inferred ?? restsOnInferredRoute(exchange);
      verdicts.push({ rule, problem: problem || undefined, exchange, ...(inferred ? { inferred } : {}) });
    },
    skipRule(rule, reason) {
      verdicts.push({ rule, problem: undefined, exchange: undefined, skipped: reason });
    },
    verdicts,
    expectStatus(exchange, ...statuses) {
      if (!statuses.includes(exchange.status)) context.fail(`expected status ${statuses.join(' or ')}, got ${exchange.status}`, exchange);
    },
    expectError(exchange, status, code, rules = {}) {
      const statuses = [status].flat();
      const actual = exchange.json?.error?.code;
      if (!statuses.includes(exchange.status)) {
        const got = `${exchange.status} ${actual ?? ''}`.trimEnd();
        context.fail(`expected status ${statuses.join(' or ')} (${code}), got ${got}`, exchange, rules.status);
      }
      if (actual === code) return;
      // The status held: its rule passed, though the check stops at the code (a passing expectation records nothing,
      // so that a check judging no rule on its own still passes them all at its end).
      if (rules.status && rules.status !== rules.code) context.judge(rules.status, undefined, exchange);
      context.fail(`expected error code ${code}, got ${actual ?? 'no error envelope'} (status ${exchange.status})`, exchange, rules.code);
    },
    async createLead(body = {}) {
      if (target.readOnly) context.skip('needs a write; the run is read-only');
      const created = await client.call('createLead', { body: { name: `conformance ${runId}`, ...body } });
      // Only the lead is needed here: the create's own status (201) is leads.create-answer's, judged by leads.create.
      context.expectStatus(created, 200, 201);
      context.cleanup(() => client.call('deleteLead', { path: { id: created.json.id } }));
      return created.json;
    },
  };
  return context;
}
