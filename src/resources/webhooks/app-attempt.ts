// An attempt of a delivery to an app (spec 6.5): posted to the app's webhook URL, with the
// headers of every delivery, signed with the app's current client secret (so after a rotation
// the new one at once, spec 5.2). Failures never disable anything: the queue (delivery.ts)
// records the attempt and follows the retry schedule, nothing more.
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { AttemptOutcome } from './attempt-outcome.ts';
import { deliveryHeaders } from './delivery-headers.ts';
import type { StoredAppDelivery } from './delivery-record.ts';
import type { UnsignedAttempt } from './webhook-sender.ts';
import { urlProblem } from './webhook-url.ts';

/** The attempt to send (null: a named fault sends nothing, and the attempt counts as answered), or a refusal. */
export type PreparedAttempt = { attemptAtMs: number; attempt: UnsignedAttempt | null; refusal: AttemptOutcome | null };

export const NOTHING_SENT: AttemptOutcome = { success: true, responseStatus: null, responseBody: null, latencyMs: 0, error: null };

const iso = (ms: number) => new Date(ms).toISOString();

/** The next attempt to the app, or null when the app is gone or has nowhere to send it (the delivery then ends `failed`). */
export async function prepareAppAttempt(
  state: MockState,
  workspace: Workspace,
  delivery: StoredAppDelivery,
): Promise<PreparedAttempt | null> {
  const attemptAtMs = workspace.now();
  const app = workspace.tables.apps.get(delivery.app_id);
  if (!app?.webhook_url || !app.client_secret) {
    await workspace.tables.deliveries.update(delivery.id, (draft) => {
      draft.status = 'failed';
      draft.next_attempt_at = null;
      draft.failed_at = iso(attemptAtMs);
      draft.schedule_seq += 1;
    });
    return null;
  }
  const allowPrivate = state.config.allowPrivateWebhooks;
  if (urlProblem(app.webhook_url, allowPrivate) !== null)
    return { attemptAtMs, attempt: null, refusal: { ...NOTHING_SENT, success: false, error: 'url_not_allowed' } };
  // Signed on the wall clock, as webhooks are (spec 6.5: same as webhooks; 6.2: receivers hold it to their clock).
  const timestampSeconds = Math.floor(Date.now() / 1000);
  const headers = deliveryHeaders(state, delivery.event_type, delivery.id, timestampSeconds);
  const spec = { url: app.webhook_url, headers, body: JSON.stringify(delivery.payload), secret: app.client_secret, timestampSeconds };
  // Other readings (--other-readings) write the body their way.
  const unsigned = state.deliverySeams.deliveredBody(spec, state);
  // Named faults of the events family may change the attempt, or send nothing; without any, it is the spec's.
  const attempt = state.deliverySeams.lifecycleAttempt(unsigned, {
    state,
    workspace,
    event: delivery.payload,
    attempts: delivery.attempts,
  });
  return { attemptAtMs, attempt, refusal: null };
}
