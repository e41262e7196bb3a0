// When a delivery is tried (spec 6.3, 8): at once, then 1 minute, 5 minutes, 30 minutes, 2 hours
// and 6 hours after the event, then every 6 hours while the attempt falls within 24 hours of the
// event. The delays are read from the event, not between attempts: with gaps between attempts
// the last one would come at 20 h 36 min, and a receiver down for 23 hours would lose the event,
// while "every 6 hours within 24 hours" lands the last attempt on the 24th hour.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RETRY_WINDOW_MS = 24 * HOUR;

/** Offsets of the attempts from the start of the window, in order. */
export const ATTEMPT_OFFSETS_MS: readonly number[] = (() => {
  const offsets = [0, 1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
  for (let next = 12 * HOUR; next <= RETRY_WINDOW_MS; next += 6 * HOUR) offsets.push(next);
  return offsets;
})();

/** The time of the next attempt after one made at `attemptAtMs`, or null once the schedule is used up. */
export function nextAttemptAt(windowStartMs: number, attemptAtMs: number): number | null {
  const elapsed = attemptAtMs - windowStartMs;
  const offset = ATTEMPT_OFFSETS_MS.find((candidate) => candidate > elapsed);
  return offset === undefined ? null : windowStartMs + offset;
}

/** Spec 3, 6.3: a webhook without a successful delivery for this long is disabled. */
export const DISABLE_AFTER_MS = 24 * HOUR;

/** Spec 4.11, 8: enable with `resend_failed` looks back this far, and queues at most this many. */
export const RESEND_LOOKBACK_MS = 3 * 24 * HOUR;
export const RESEND_MAX = 1000;
