// An attempt of a delivery to a webhook (spec 6.1 to 6.3): signed with the webhook's current
// secret (so after a rotation waiting retries use the new one), refused when the URL no longer
// passes its rules (4.11), and, once made, judged against the webhook's failure streak: a success
// resets it, a 410 answer disables the webhook at once, a failure 24 hours after the streak
// began disables it (spec 3, 6.3). Named faults (crmkit mock --fault) may change each step.
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { PreparedAttempt } from './app-attempt.ts';
import type { AttemptOutcome } from './attempt-outcome.ts';
import { deliveryHeaders } from './delivery-headers.ts';
import { disableWebhook, stopDelivery } from './disable-webhook.ts';
import { DISABLE_AFTER_MS, nextAttemptAt } from './retry-schedule.ts';
import type { StoredDelivery, StoredWebhook } from './webhook-record.ts';
import type { UnsignedAttempt } from './webhook-sender.ts';
import { urlProblem } from './webhook-url.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The next attempt to the webhook, or null when the webhook is gone or (unless `evenIfDisabled`, a ping) switched off. */
export async function prepareWebhookAttempt(
  state: MockState,
  workspace: Workspace,
  delivery: StoredDelivery,
  evenIfDisabled: boolean,
): Promise<PreparedAttempt | null> {
  const webhook = workspace.tables.webhooks.get(delivery.webhook_id);
  if (!webhook) return null;
  const attemptAtMs = workspace.now();
  if (!webhook.active && !evenIfDisabled) {
    // A replay queued on a disabled webhook: nothing goes out while it is off (spec 3).
    await stopDelivery(workspace, delivery, iso(attemptAtMs));
    return null;
  }
  // Other readings (--other-readings) write the body their way; named faults (--fault) may then
  // change the attempt; without either, it is the spec's as crmkit reads it.
  const unsigned = state.deliverySeams.deliveredBody(unsignedAttempt(state, webhook, delivery), state);
  const attempt = await state.deliverySeams.attempt(unsigned, { state, workspace, webhook, delivery, attemptAtMs });
  // Spec 4.11: the URL rules are checked again before every delivery.
  const refused = urlProblem(webhook.url, state.config.allowPrivateWebhooks) !== null;
  const refusal = refused ? { success: false, responseStatus: null, responseBody: null, latencyMs: 0, error: 'url_not_allowed' } : null;
  return { attemptAtMs, attempt, refusal };
}

/** The headers of spec 6.1 and the body; the sender adds Svc-Signature over them (spec 6.2). */
function unsignedAttempt(state: MockState, webhook: StoredWebhook, delivery: StoredDelivery): UnsignedAttempt {
  const body = JSON.stringify(delivery.payload);
  // Spec 6.1, 6.2: the time this attempt is signed, which receivers hold to their own clock (5
  // minutes): the wall clock, not the workspace's, which tests move. The event keeps its workspace times.
  const timestampSeconds = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    ...deliveryHeaders(state, delivery.event_type, delivery.id, timestampSeconds),
    'Svc-Event-Id': delivery.event_id,
    'Svc-Webhook-Id': webhook.id,
  };
  if (delivery.replay) headers['Svc-Replay'] = 'true';
  return { url: webhook.url, headers, body, secret: webhook.secret, timestampSeconds };
}

/** The next attempt after a failed one: the schedule's, unless a named fault moves it. */
export function nextWebhookAttemptAt(state: MockState, delivery: StoredDelivery, attemptAtMs: number): number | null {
  const windowStartMs = Date.parse(delivery.window_start);
  return state.deliverySeams.nextAttempt(nextAttemptAt(windowStartMs, attemptAtMs), {
    state,
    windowStartMs,
    attemptAtMs,
    attempts: delivery.attempts + 1,
  });
}

/**
 * The webhook's failure streak after an attempt of `delivery` (as it was before the attempt was
 * recorded): spec 3, 6.3.
 */
export async function judgeWebhook(
  state: MockState,
  workspace: Workspace,
  delivery: StoredDelivery,
  attemptAtMs: number,
  outcome: AttemptOutcome,
): Promise<void> {
  const { webhooks } = workspace.tables;
  const webhook = webhooks.get(delivery.webhook_id);
  if (!webhook?.active) return;
  if (outcome.success) {
    // A named fault may keep the streak across a success; without any, a success resets it (spec 6.3).
    if (webhook.failing_since !== null && state.deliverySeams.keeps('reset-failures-on-success', state))
      await webhooks.update(webhook.id, (draft) => void (draft.failing_since = null));
    return;
  }
  if (outcome.responseStatus === 410 && state.deliverySeams.keeps('disable-on-gone', state))
    return void (await disableWebhook(state, workspace, webhook, 'gone'));
  const failingFromMs = failingFrom(Date.parse(delivery.window_start), attemptAtMs);
  const since = webhook.failing_since === null ? failingFromMs : Date.parse(webhook.failing_since);
  if (attemptAtMs - since >= DISABLE_AFTER_MS) return void (await disableWebhook(state, workspace, webhook, 'no_success_24h'));
  if (webhook.failing_since === null) await webhooks.update(webhook.id, (draft) => void (draft.failing_since = iso(failingFromMs)));
}

/**
 * Where a failure streak that starts with this attempt begins. The first attempt of a delivery's
 * window counts from the window's start (the event), so that the last attempt, due 24 hours
 * after the event, disables the webhook even when the first went out a few milliseconds late (a
 * clock that followed real time); a later attempt counts from itself.
 */
function failingFrom(windowStartMs: number, attemptAtMs: number): number {
  return attemptAtMs - windowStartMs < FIRST_ATTEMPT_SLACK_MS ? Math.min(windowStartMs, attemptAtMs) : attemptAtMs;
}

const FIRST_ATTEMPT_SLACK_MS = 1_000;
