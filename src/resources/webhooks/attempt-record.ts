// What an attempt leaves on its stored delivery (spec 6.3), the same for a webhook delivery and an
// app lifecycle delivery (spec 6.5: "same durable queue as webhooks"): the count, status, answer,
// the attempt log and what went out, when the next attempt is due, and a new schedule number so
// that the timer entry of the attempt just made does nothing more.
import type { AttemptOutcome } from './attempt-outcome.ts';
import type { StoredDelivery } from './webhook-record.ts';

/** The fields every queued delivery has, whatever it goes to. */
export type QueuedDelivery = Omit<StoredDelivery, 'webhook_id' | 'payload'>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Records the attempt made at `attemptAtMs` on `draft`; `next` is the next attempt's time, or null when there is none. */
export function recordOnDraft(
  draft: QueuedDelivery,
  attemptAtMs: number,
  outcome: AttemptOutcome,
  next: number | null,
  nowMs: number,
): void {
  const status = outcome.success ? 'success' : next === null ? 'failed' : 'retrying';
  draft.attempts += 1;
  draft.status = status;
  draft.response_status = outcome.responseStatus;
  draft.latency_ms = outcome.latencyMs;
  draft.response_body = outcome.responseBody;
  draft.attempt_log.push({
    at: iso(attemptAtMs),
    response_status: outcome.responseStatus,
    latency_ms: outcome.latencyMs,
    error: outcome.error,
  });
  // What went out, kept in step with attempt_log (a snapshot from before it has none).
  draft.sent_log = [...(draft.sent_log ?? Array<null>(draft.attempt_log.length - 1).fill(null)), outcome.sent ?? null];
  draft.next_attempt_at = next === null ? null : iso(next);
  draft.failed_at = status === 'failed' ? iso(nowMs) : null;
  draft.schedule_seq += 1;
}
