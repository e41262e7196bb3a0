// `crmkit proxy`: Prism's proxy mode with crmkit's knowledge of this interface. A user points
// their application or tests at it; it forwards to the deployment and judges every exchange with
// the suite's observers (status documented, body schema, request id, envelope, codes with their
// statuses...), a live line per problem, and a report of the observers and their rules at the end.
// The control API of a crmkit mock (/_mock) is forwarded but not judged: it is the mock's own, not
// the CRM interface, and an application's tests in front of a mock call it to set their state up
// (refusing it would break them; judging it by the interface's rules would blame the deployment).
// The report lists it as not judged, so that nobody reads its exchanges as checked.
import type { Observer } from '../check.ts';
import { ALL_CHECKS } from '../areas/index.ts';
import { describeExchange, type Exchange } from '../exchange.ts';
import { loadCatalog } from '../rules/catalog.ts';
import { figuresOf } from '../rules/figures.ts';
import { ruleResults } from '../rules/rule-results.ts';
import { judgeExchanges, withReadings, type Report } from '../run.ts';
import { startForwardingProxy, type RunningProxy } from './forwarding-proxy.ts';

/** A problem the proxy found, with the catalog rule it breaks. */
export type ProxyProblem = { check: string; rule: string; problem: string; exchange: Exchange };

export type ValidatingProxy = RunningProxy & {
  /** The exchanges judged: those of the CRM interface. */
  exchanges: Exchange[];
  /** The exchanges forwarded without judging: the control API (/_mock). */
  notJudged: Exchange[];
  problems: ProxyProblem[];
  /** The observers' results over every exchange so far, and the rules they judge. */
  report(): Report;
};

export const OBSERVERS: Observer[] = ALL_CHECKS.filter((check): check is Observer => check.kind === 'observer');

const CONTROL_API = { what: "control API (/_mock): the mock's own routes, not the CRM interface", path: /^\/_mock(?:\/|$)/ };

export async function startValidatingProxy(options: {
  target: string;
  port?: number;
  host?: string;
  onProblem?: (problem: ProxyProblem) => void;
}): Promise<ValidatingProxy> {
  const exchanges: Exchange[] = [];
  const problems: ProxyProblem[] = [];
  const notJudged: Exchange[] = [];
  const proxy = await startForwardingProxy({
    target: options.target,
    port: options.port,
    host: options.host,
    onExchange(exchange) {
      if (CONTROL_API.path.test(new URL(exchange.request.url).pathname)) return void notJudged.push(exchange);
      exchanges.push(exchange);
      for (const observer of OBSERVERS) {
        for (const { rule, problem } of observer.judge(exchange)) {
          if (!problem) continue;
          const found: ProxyProblem = { check: observer.id, rule, problem, exchange };
          problems.push(found);
          options.onProblem?.(found);
        }
      }
    },
  });
  return {
    ...proxy,
    exchanges,
    notJudged,
    problems,
    report() {
      const results = OBSERVERS.map((observer) => judgeExchanges(observer, exchanges, false));
      const judged = new Set(OBSERVERS.map((observer) => observer.id));
      const catalog = loadCatalog().filter((rule) => rule.checks.some((check) => judged.has(check)));
      // Titled as what it is: the exchanges that went through this proxy to its target, not a run of the suite.
      const rules = ruleResults(results, false, catalog);
      // What an application's exchanges could show is what the observers judge: every rule here.
      const summary = figuresOf(rules, () => true);
      const target = { baseUrl: options.target, mock: false, proxy: proxy.url };
      const runId = `proxy-${Date.now().toString(36)}`;
      const unjudged = notJudged.length ? [{ what: CONTROL_API.what, exchanges: notJudged.length }] : [];
      // A check that failed only rules the spec leaves open warns, as they do (the same results a run of the suite gives).
      return { target, runId, results: withReadings(results, rules), rules, summary, notJudged: unjudged };
    },
  };
}

/** One line for a problem, as the proxy prints it live. */
export function problemLine({ check, rule, problem, exchange }: ProxyProblem): string {
  const first = describeExchange(exchange).split('\n')[0];
  return `✗ ${check} (${rule}): ${problem}\n    ${first} → ${exchange.status}\n`;
}
