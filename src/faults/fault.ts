// A named fault: the mock breaking one rule of the spec the way a real implementation might, so
// that the conformance suite can prove each of its checks fails when its rule is broken, and so
// that integrators can see how their code copes. A fault wraps the mock's request handling.
import type { Area } from '../spec/areas.ts';
import type { RequestInfo } from '../http/handle.ts';
import type { HandlerContext, HandlerResult } from '../http/handler.ts';
import type { ValidatedInput } from '../http/request-validation.ts';
import type { OperationId } from '../spec/operation-types.ts';
import type { MockState } from '../mock-state.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import type { AttemptInfo, NextAttemptInfo } from '../seams/delivery-seams.ts';

export type { AttemptInfo, NextAttemptInfo };

export type Handle = (request: Request, info?: RequestInfo) => Promise<Response>;

export type Fault = {
  name: string;
  /**
   * The spec area it belongs to: the area of the rules it proves (test/conformance/mutation/ holds it
   * to that), whose mutation test runs it; a blind hunt's fault names the area it was written for.
   */
  area: Area;
  description: string;
  /**
   * The catalog rules (conformance/rules/*.yaml) it breaks: under this fault each of them fails
   * (test/conformance/mutation/). Rules that fail only as a knock-on of the break are not named.
   * A blind hunt's fault names none: it measures the suite.
   */
  proves: readonly string[];
  /** A blind hunt's marker (src/faults/hunt-faults.ts): the fault measures the suite, so the mutation test leaves it out. */
  hunt?: string;
  /**
   * Checks (by id) of other areas whose requests reach its operations, run with its area's
   * when it is measured: a break that only an observer sees (an answer's shape) of an operation
   * that no check of the fault's own runs sends (test/support/fault-runs.ts).
   */
  alsoRun?: readonly string[];
  /**
   * The operations (their operationId) whose handler seams it fills: `alterInput` and `aroundHandler`
   * act on these only (faults/fault-seam.ts). A fault that wraps raw requests names its operations
   * with `onOperation` (request-match.ts).
   */
  operations?: readonly OperationId[];
  /** The validated input one of its operations' handler is given instead (seams/handler-seams.ts). */
  alterInput?(input: ValidatedInput, context: HandlerContext): ValidatedInput;
  /**
   * Runs around one of its operations' handler, inside the request's transaction: a fault that
   * changes stored state writes here, through the workspace's tables, as a buggy handler would.
   */
  aroundHandler?(next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult>;
  /** Wraps the mock's raw request handling (the request and the HTTP answer as sent). */
  wrap?(next: Handle, state: MockState): Handle;
  /**
   * For faults in webhook deliveries, which the mock's queue sends and no request handle sees:
   * changes one attempt before it is signed and sent (seams/delivery-seams.ts, through fault-seam.ts).
   */
  alterAttempt?(attempt: UnsignedAttempt, info: AttemptInfo): UnsignedAttempt | Promise<UnsignedAttempt>;
  /**
   * For faults in the retry schedule: the time of the next attempt after a failed one, given the
   * schedule's own (`scheduled`, null once it is used up), as the queue records the attempt.
   */
  alterNextAttempt?(scheduled: number | null, info: NextAttemptInfo): number | null;
};

/** A JSON answer's body, or undefined. */
export async function jsonOf(response: Response): Promise<any> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}

/** The same answer with another status, body or headers. */
export function changed(
  response: Response,
  change: { status?: number; body?: unknown; headers?: Record<string, string | null> },
): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(change.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  const body = change.body === undefined ? response.body : JSON.stringify(change.body);
  return new Response(body, { status: change.status ?? response.status, headers });
}

/** Runs `next`, and lets `alter` change an error answer of the given code (given an unread copy of the request). */
export function onErrorCode(code: string, alter: (response: Response, body: any, request: Request) => Response | Promise<Response>) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const copy = request.clone();
      const response = await next(request, info);
      if (response.status < 400) return response;
      const body = await jsonOf(response);
      return body?.error?.code === code ? alter(response, body, copy) : response;
    };
}

/** A webhook attempt with its JSON body changed by `alter` (signed over the changed body, as sent). */
export function withAttemptBody(attempt: UnsignedAttempt, alter: (event: any) => any): UnsignedAttempt {
  return { ...attempt, body: JSON.stringify(alter(JSON.parse(attempt.body))) };
}

/** A handler's answer with its body changed by `alter`, for a fault around the handler (an answer the handler built as a Response is left as it is). */
export function alterResultBody(result: HandlerResult, alter: (body: any) => any): HandlerResult {
  return result instanceof Response ? result : { ...result, body: alter(result.body) };
}
