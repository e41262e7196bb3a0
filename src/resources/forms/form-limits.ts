// The submission limits of spec 8: 10 per minute per visitor IP, and per form 2,000 per day "at
// most 60 in a burst" (429 `rate_limited`, with `reason`, `limit` and `Retry-After`).
//
// - Per IP: a fixed one-minute window, like the credential limits (limits/rate-limiter.ts).
// - Per form and day: a fixed 24-hour window from the form's first submission in it.
// - Burst: a bucket of 60 that refills at the daily rate (one every 43.2 seconds), so a form
//   takes 60 at once, and then no faster than its day allows.
//
// Every submit request that names an available form from an allowed website counts, dropped and
// refused ones included (these limits are there to stop floods, and a flood is mostly those); a
// request refused by a limit counts nowhere. Counters belong to the workspace and run on its
// clock, so a test moves past a window by advancing the clock; they go with the workspace.
import { ApiError } from '../../errors/api-error.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

export const FORM_LIMITS = {
  perIpPerMinute: 10,
  perFormPerDay: 2_000,
  burst: 60,
} as const;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const REFILL_MS = DAY_MS / FORM_LIMITS.perFormPerDay;
/** Past this many visitor windows, the elapsed ones are swept (a long run sees many IPs). */
const SWEEP_AT = 10_000;

type Window = { startMs: number; count: number };
type Bucket = { tokens: number; atMs: number };
type Counters = { ips: Map<string, Window>; days: Map<string, Window>; buckets: Map<string, Bucket> };

const countersOf = new WeakMap<Workspace, Counters>();

/** Counts one submission of `formId` from `ip`, or throws 429 `rate_limited` naming the full limit. */
export function takeSubmission(workspace: Workspace, formId: string, ip: string, nowMs: number): void {
  const counters = countersFor(workspace);
  const ipWindow = windowAt(counters.ips, ip, MINUTE_MS, nowMs);
  const day = windowAt(counters.days, formId, DAY_MS, nowMs);
  const bucket = refilled(counters.buckets, formId, nowMs);
  if (ipWindow.count >= FORM_LIMITS.perIpPerMinute)
    throw limited('ip_per_minute', FORM_LIMITS.perIpPerMinute, ipWindow.startMs + MINUTE_MS - nowMs);
  if (day.count >= FORM_LIMITS.perFormPerDay) throw limited('form_per_day', FORM_LIMITS.perFormPerDay, day.startMs + DAY_MS - nowMs);
  if (bucket.tokens < 1) throw limited('form_burst', FORM_LIMITS.burst, (1 - bucket.tokens) * REFILL_MS);
  ipWindow.count += 1;
  day.count += 1;
  bucket.tokens -= 1;
  if (counters.ips.size > SWEEP_AT) sweep(counters.ips, MINUTE_MS, nowMs);
}

function countersFor(workspace: Workspace): Counters {
  let counters = countersOf.get(workspace);
  if (!counters) countersOf.set(workspace, (counters = { ips: new Map(), days: new Map(), buckets: new Map() }));
  return counters;
}

/** The window running at `nowMs`: a new one once it has elapsed, or if the clock was set back. */
function windowAt(windows: Map<string, Window>, key: string, lengthMs: number, nowMs: number): Window {
  let window = windows.get(key);
  if (!window || nowMs >= window.startMs + lengthMs || nowMs < window.startMs) windows.set(key, (window = { startMs: nowMs, count: 0 }));
  return window;
}

function refilled(buckets: Map<string, Bucket>, key: string, nowMs: number): Bucket {
  let bucket = buckets.get(key);
  if (!bucket || nowMs < bucket.atMs) buckets.set(key, (bucket = { tokens: FORM_LIMITS.burst, atMs: nowMs }));
  bucket.tokens = Math.min(FORM_LIMITS.burst, bucket.tokens + (nowMs - bucket.atMs) / REFILL_MS);
  bucket.atMs = nowMs;
  return bucket;
}

function sweep(windows: Map<string, Window>, lengthMs: number, nowMs: number): void {
  for (const [key, window] of windows) if (nowMs >= window.startMs + lengthMs) windows.delete(key);
}

function limited(reason: string, limit: number, waitMs: number): ApiError {
  return new ApiError('rate_limited', { reason, limit }, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) } });
}
