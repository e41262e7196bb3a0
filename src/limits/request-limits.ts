// The per-credential request limits of a workspace (spec 7.3 `rate_limited`,
// `concurrency_limited`). The spec gives no figures ("Numeric API rate limits: not shown",
// spec 8), so the defaults are the mock's own: high enough that ordinary tests, which often
// freeze the clock and fire many requests at once, never meet them. Tests that want to see a
// limit set small ones through PATCH /_mock/workspaces/{ws}/settings. `null` means no limit.
export type RequestLimits = {
  requestsPerSecond: number | null;
  requestsPerMinute: number | null;
  concurrentRequests: number | null;
};

export const DEFAULT_REQUEST_LIMITS: Readonly<RequestLimits> = {
  // Off: under a frozen clock every request falls in the same second.
  requestsPerSecond: null,
  requestsPerMinute: 10_000,
  // Promise.all over a few hundred creations must not trip it.
  concurrentRequests: 1_000,
};

/** The rate windows, each named by the `reason` that `rate_limited` carries. */
export const RATE_WINDOWS = [
  { reason: 'requests_per_second', setting: 'requestsPerSecond', ms: 1_000 },
  { reason: 'requests_per_minute', setting: 'requestsPerMinute', ms: 60_000 },
] as const;
