// Mutants of the rate and concurrency limits (spec 8): the headers of a limit, what a
// refused request answers, and when the limit opens again.
import { requestIdFor } from '../../http/request-id.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { operationOf } from '../operation-of.ts';
import { callerWorkspace, errorAnswer, onOperation } from '../request-match.ts';

/** What rate-limit-per-workspace counts: one window a workspace, whatever the key. */
type RateWindow = { startMs: number; count: number; limit: number };

/** What rate-limit-one-short changed: the per-minute limit as set, and how many requests run under the lowered one. */
type LoweredLimit = { limit: number; running: number };

/** Lowers the workspace's per-minute limit by one while requests run (the set limit kept in `loweredLimits`, the mock's memory, and put back after the last). */
function lowerRateLimit(
  loweredLimits: WeakMap<Workspace, LoweredLimit>,
  workspace: Workspace,
): { limit: number; restore(): void } | undefined {
  let lowered = loweredLimits.get(workspace);
  if (!lowered) {
    const limit = workspace.limits.requestsPerMinute;
    if (limit === null || limit < 2) return undefined;
    loweredLimits.set(workspace, (lowered = { limit, running: 0 }));
    workspace.limits.requestsPerMinute = limit - 1;
  }
  const entry = lowered;
  entry.running += 1;
  return {
    limit: entry.limit,
    restore() {
      entry.running -= 1;
      if (entry.running > 0) return;
      loweredLimits.delete(workspace);
      if (workspace.limits.requestsPerMinute === entry.limit - 1) workspace.limits.requestsPerMinute = entry.limit;
    },
  };
}

export const limitsRatesMutants: readonly Fault[] = [
  {
    // Readings review: limits.read-only-reads is stated (7.2 "402 | workspace read-only"; reads still answer).
    name: 'read-only-refuses-reads',
    area: 'limits',
    proves: ['limits.read-only-writes', 'limits.read-only-reads'],
    description:
      'A read-only workspace refuses every API call, reads too: GET answers 402 read_only (the guard looks at the workspace, not the method) (spec 7.2).',
    wrap: (next, state) => async (request, info) => {
      const response = await next(request, info);
      // A read of the CRM document (its /v1 routes are the ones a bearer credential reaches).
      const read = request.method === 'GET' && operationOf(state, request) !== undefined;
      if (!read || !callerWorkspace(state, request)?.readOnly) return response;
      const message = 'The workspace is read-only until its subscription is paid.';
      return errorAnswer(state, response, 402, { code: 'read_only', message });
    },
  },
  {
    name: 'read-only-lets-deletes-through',
    area: 'limits',
    proves: ['errors.status-402', 'limits.read-only-writes'],
    description:
      'A read-only workspace refuses creates and changes with 402 read_only but lets deletes through: the guard lists POST, PUT and PATCH and forgot DELETE.',
    wrap: (next, state) => async (request, info) => {
      const workspace = request.method === 'DELETE' ? callerWorkspace(state, request) : undefined;
      if (!workspace?.readOnly) return next(request, info);
      workspace.readOnly = false;
      try {
        return await next(request, info);
      } finally {
        workspace.readOnly = true;
      }
    },
  },
  {
    name: 'rate-limited-without-retry-after',
    area: 'limits',
    proves: [
      'errors.extra-rate-limited',
      'errors.status-429-retry-after',
      'limits.rate-limited-retry-after',
      'limits.rate-limited-reason-limit',
    ],
    description: 'rate_limited answers 429 without the Retry-After header and without reason and limit, as a bare gateway refusal would.',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _reason, limit: _limit, ...error } = body.error;
      return changed(response, { body: { error }, headers: { 'retry-after': null } });
    }),
  },
  {
    name: 'concurrency-as-rate-limited',
    area: 'limits',
    proves: ['errors.docs-url-names-code', 'limits.concurrency-limited'],
    description: 'Too many requests in flight answer 429 rate_limited (one limiter for both) instead of concurrency_limited.',
    wrap: onErrorCode('concurrency_limited', (response, body) =>
      changed(response, { body: { error: { ...body.error, code: 'rate_limited', reason: 'concurrency', limit: 1 } } }),
    ),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'rate-limited-without-limit',
    area: 'limits',
    proves: ['errors.extra-rate-limited', 'limits.rate-limited-reason-limit'],
    description: 'A 429 rate_limited answer carries Retry-After but not the `reason` and `limit` keys (spec 7.1, 7.3).',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _reason, limit: _limit, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'retry-after-as-http-date',
    area: 'limits',
    proves: ['limits.rate-limited-retry-after'],
    description:
      "rate_limited answers give Retry-After as an HTTP date (the gateway's form) instead of the seconds to wait (spec 7.2: retry after Retry-After seconds).",
    wrap: onErrorCode('rate_limited', (response) => {
      const seconds = Number(response.headers.get('retry-after'));
      if (!Number.isFinite(seconds)) return response;
      return changed(response, { headers: { 'Retry-After': new Date(Date.now() + seconds * 1000).toUTCString() } });
    }),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'rate-limited-without-reason',
    area: 'limits',
    proves: ['errors.extra-rate-limited', 'limits.rate-limited-reason-limit'],
    description: 'rate_limited answers leave out reason (only limit is set by the limiter) (spec 7.1: reason and limit on rate_limited).',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  // Found by the eighth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'query-refused-when-read-only',
    area: 'limits',
    proves: ['limits.read-only-query'],
    description:
      'A read-only workspace refuses every POST, so POST /v1/query/{entity} (a read) answers 402 read_only instead of its matches (spec 7.2: read-only, reads still answered).',
    wrap: (next, state) =>
      onOperation('runQuery', async (next, request, info) => {
        const response = await next(request, info);
        return response.ok && callerWorkspace(state, request)?.readOnly
          ? errorAnswer(state, response, 402, { code: 'read_only', message: 'The workspace is read-only until its subscription is paid.' })
          : response;
      })(next, state),
  },
  {
    name: 'read-only-as-403',
    area: 'limits',
    proves: ['errors.code-status', 'errors.status-402', 'limits.read-only-writes'],
    description: 'A write to a read-only workspace answers 403 read_only (filed with the plan refusals) instead of 402 (spec 7.2, 7.3).',
    wrap: onErrorCode('read_only', (response) => changed(response, { status: 403 })),
  },
  {
    name: 'rate-limit-per-workspace',
    area: 'limits',
    proves: ['limits.rate-per-key'],
    description:
      'The per-minute request limit is counted per workspace, not per key: a second key of the workspace is refused 429 rate_limited once the first has used the budget (spec 8: rate limits per key).',
    wrap: (next, state) => async (request, info) => {
      const workspace = operationOf(state, request) ? callerWorkspace(state, request) : undefined;
      const limit = workspace?.limits.requestsPerMinute;
      if (!workspace || limit === null || limit === undefined) return next(request, info);
      const now = workspace.now();
      const windows = faultMemory(state, 'rate-limit-per-workspace', () => new WeakMap<Workspace, RateWindow>());
      let window = windows.get(workspace);
      if (!window || window.limit !== limit || now >= window.startMs + 60_000 || now < window.startMs)
        windows.set(workspace, (window = { startMs: now, count: 0, limit }));
      if (window.count < limit) {
        window.count += 1;
        return next(request, info);
      }
      const response = new Response(null, { headers: { 'x-request-id': requestIdFor(request) } });
      const retryAfter = String(Math.max(1, Math.ceil((window.startMs + 60_000 - now) / 1000)));
      return errorAnswer(
        state,
        response,
        429,
        { code: 'rate_limited', message: 'Too many requests.', reason: 'requests_per_minute', limit },
        { 'Retry-After': retryAfter },
      );
    },
  },
  {
    name: 'concurrency-limited-without-retry-after',
    area: 'limits',
    proves: ['errors.status-429-retry-after', 'limits.concurrency-retry-after'],
    description:
      'concurrency_limited answers 429 without Retry-After (only the rate limiter sets it), where every 429 tells when to retry (spec 7.2: retry after Retry-After seconds).',
    wrap: onErrorCode('concurrency_limited', (response) => changed(response, { headers: { 'retry-after': null } })),
  },
  {
    name: 'rate-limit-one-short',
    area: 'limits',
    proves: [
      'errors.extra-rate-limited',
      'errors.status-429-retry-after',
      'limits.rate-per-key',
      'limits.rate-limited',
      'limits.rate-limited-retry-after',
      'limits.rate-limited-reason-limit',
      'limits.rate-limited-no-side-effect',
      'limits.rate-window-passes',
    ],
    description:
      'The rate limiter refuses the request that reaches the limit (count + 1 >= limit): with a limit of N, the Nth request of a window answers 429 rate_limited naming limit N (spec 7.1: limit on rate_limited).',
    wrap: (next, state) => async (request, info) => {
      const workspace = callerWorkspace(state, request);
      const lowered = workspace
        ? lowerRateLimit(
            faultMemory(state, 'rate-limit-one-short', () => new WeakMap<Workspace, LoweredLimit>()),
            workspace,
          )
        : undefined;
      if (!lowered) return next(request, info);
      let response: Response;
      try {
        response = await next(request, info);
      } finally {
        lowered.restore();
      }
      const body = response.status === 429 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'rate_limited' && body.error.limit === lowered.limit - 1
        ? changed(response, { body: { error: { ...body.error, limit: lowered.limit } } })
        : response;
    },
  },
];
