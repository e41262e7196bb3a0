// Carries out a failure plan on one call of the CRM interface (failure-rules.ts): the added
// latency first, then the failure: 500 `internal`, 503 with Retry-After, 429 `rate_limited` with
// the spec's headers (7.1: Retry-After, reason, limit), a dropped connection (a network error), or
// no answer at all until the client gives up.
import { ApiError } from '../errors/api-error.ts';
import type { FailurePlan } from './failure-rules.ts';

/** A connection dropped without an answer: the node:http face destroys the socket; fetch (MSW) sees a network error. */
export const DROPPED = Symbol('dropped connection');

/** Waits the plan's latency, then throws its error, answers "dropped", or returns to serve the call. */
export async function applyFailure(plan: FailurePlan, signal: AbortSignal | undefined): Promise<typeof DROPPED | undefined> {
  if (plan.latencyMs > 0) await sleep(plan.latencyMs, signal);
  switch (plan.error) {
    case undefined:
      return undefined;
    case 'internal':
      throw new ApiError('internal');
    case 'unavailable':
      throw new ApiError('service_unavailable', {}, { headers: { 'Retry-After': '1' } });
    case 'rate_limited':
      throw new ApiError('rate_limited', { reason: 'injected', limit: 0 }, { headers: { 'Retry-After': '1' } });
    case 'drop':
      return DROPPED;
    case 'hang':
      // No answer until the client gives up (its request aborted) or the mock stops: at most 10 minutes.
      await sleep(600_000, signal);
      return DROPPED;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    // A hung call does not keep the process alive once everything else is done.
    timer.unref?.();
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
