// `crmkit mock --failure SPEC`: a failure rule (src/failures/) as `key=value` pairs, e.g.
// `operation=createLead,error=unavailable,times=3` or `latency_ms=200,latency_jitter_ms=300,share=0.5`.
import type { FailureRule } from '../failures/failure-rules.ts';
import { unknownOperationProblem } from '../failures/operation-ids.ts';
import { UsageError } from './usage-error.ts';

const NUMBERS = new Set(['latency_ms', 'latency_jitter_ms', 'times', 'share']);
const ERRORS = new Set(['internal', 'unavailable', 'rate_limited', 'drop', 'hang']);

export function parseFailureRule(spec: string): FailureRule {
  const rule: Record<string, string | number> = {};
  for (const pair of spec.split(',')) {
    const [key = '', value = ''] = pair.split('=').map((part) => part.trim());
    if (key === 'operation') rule.operation = value;
    else if (key === 'error' && ERRORS.has(value)) rule.error = value;
    else if (NUMBERS.has(key) && value !== '' && Number.isFinite(Number(value))) rule[key] = Number(value);
    else
      throw new UsageError(
        `--failure ${spec}: ${pair} is not one of operation=ID, error=${[...ERRORS].join('|')}, ${[...NUMBERS].map((name) => `${name}=N`).join(', ')}`,
      );
  }
  const problem = problemOf(rule);
  if (problem) throw new UsageError(`--failure ${spec}: ${problem}`);
  return rule as FailureRule;
}

/** The limits of the control document's FailureRule (openapi/control/failures.yaml). */
function problemOf(rule: Record<string, string | number>): string | undefined {
  const unknown = unknownOperationProblem(rule.operation as string | undefined);
  if (unknown) return unknown;
  const share = rule.share as number | undefined;
  if (share !== undefined && !(share > 0 && share <= 1)) return 'share is above 0 and at most 1';
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && (rule.times as number) >= 1))
    return 'times is a whole number, 1 or more';
  for (const key of ['latency_ms', 'latency_jitter_ms']) {
    const ms = rule[key] as number | undefined;
    if (ms !== undefined && !(Number.isInteger(ms) && ms >= 0 && ms <= 60_000))
      return `${key} is a whole number of milliseconds, 0 to 60000`;
  }
  return undefined;
}
