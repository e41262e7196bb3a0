// Delivering app lifecycle events (spec 6.5) on the webhooks' durable queue (spec 6.3): each event
// is a stored delivery (app-delivery-record.ts), inserted in the transaction of the change that
// made it, so it is in snapshots and the `--state` journal and is put back on the clock after a
// restore (resumeAppDeliveries). It is tried at once, then on the webhooks' schedule for up to 24
// hours on the workspace's clock, with the same `Svc-Delivery` id (the record's) on every attempt;
// each attempt is signed afresh on the wall clock with the app's current client secret, so after
// a rotation the new one at once (spec 5.2). Failures never disable anything.
//
// As for webhooks (resources/webhooks/delivery.ts), an attempt is read in one short transaction,
// sent outside any, and recorded in another, so no transaction waits on the network.
import { lifecycleAttemptWithFaults } from '../faults/event-hook.ts';
import type { MockState } from '../mock-state.ts';
import type { AttemptOutcome } from '../resources/webhooks/attempt-outcome.ts';
import { recordOnDraft } from '../resources/webhooks/attempt-record.ts';
import { deliveryHeaders } from '../resources/webhooks/delivery-headers.ts';
import { loadSender } from '../resources/webhooks/load-sender.ts';
import { nextAttemptAt } from '../resources/webhooks/retry-schedule.ts';
import type { UnsignedAttempt } from '../resources/webhooks/webhook-sender.ts';
import { urlProblem } from '../resources/webhooks/webhook-url.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { StoredAppDelivery } from './app-delivery-record.ts';
import type { LifecycleEvent } from '../events/build-event.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Queues `event` to the app in the running change's transaction; its first attempt goes once the change commits. */
export async function queueAppDelivery(state: MockState, workspace: Workspace, appId: string, event: LifecycleEvent): Promise<StoredAppDelivery> {
  const now = workspace.now();
  const delivery = await workspace.tables.appDeliveries.insert({
    id: workspace.newId('delivery'),
    object: 'webhook_delivery',
    app_id: appId,
    event_id: event.id,
    event_type: event.type,
    status: 'pending',
    attempts: 0,
    response_status: null,
    latency_ms: null,
    replay: false,
    created_at: iso(now),
    next_attempt_at: iso(now),
    payload: structuredClone(event),
    response_body: null,
    attempt_log: [],
    // Spec 6.3: retries fall within 24 hours of the event.
    window_start: event.created_at,
    failed_at: null,
    replay_of: null,
    schedule_seq: 0,
  });
  scheduleAppAttempt(state, workspace, delivery);
  return delivery;
}

/** The waiting attempts of a workspace restored from a snapshot or a state file, which holds no clock work. */
export function resumeAppDeliveries(state: MockState, workspace: Workspace): void {
  for (const delivery of workspace.tables.appDeliveries.values()) scheduleAppAttempt(state, workspace, delivery);
}

/** Puts the delivery's next attempt on the workspace clock once the running change commits. */
function scheduleAppAttempt(state: MockState, workspace: Workspace, delivery: StoredAppDelivery): void {
  if (delivery.next_attempt_at === null || (delivery.status !== 'pending' && delivery.status !== 'retrying')) return;
  const atMs = Date.parse(delivery.next_attempt_at);
  const { id, schedule_seq } = delivery;
  workspace.transactions.afterCommit(() => {
    workspace.clock.schedule(atMs, () => runAppAttempt(state, workspace, id, schedule_seq));
    // "At once" even on a frozen clock: what is due now runs now, nothing later is moved.
    if (atMs <= workspace.clock.now()) void workspace.clock.runDue();
  });
}

type Prepared = { attemptAtMs: number; attempt: UnsignedAttempt | null; refusal: AttemptOutcome | null };

async function runAppAttempt(state: MockState, workspace: Workspace, deliveryId: string, scheduleSeq: number): Promise<void> {
  // A workspace that was removed or replaced (reset, snapshot put back) sends nothing more.
  if (state.workspaces.get(workspace.id) !== workspace) return;
  const send = await loadSender();
  if (!send) return;
  const prepared = await workspace.transactions.run(() => prepareAppAttempt(state, workspace, deliveryId, scheduleSeq));
  if (!prepared) return;
  const finish = (async () => {
    // A named fault that sends nothing: the attempt counts as answered, as the app never hears of it.
    const outcome = prepared.refusal ?? (prepared.attempt ? await send.sendSigned(prepared.attempt, state.config.allowPrivateWebhooks) : NOTHING_SENT);
    await workspace.transactions.run(() => recordAppAttempt(state, workspace, deliveryId, prepared.attemptAtMs, outcome));
  })();
  // On a frozen clock the attempt belongs to the step that moved the clock (a deterministic test);
  // on a running one, a slow receiver must not hold up the workspace's other scheduled work.
  if (workspace.clock.frozen) await finish;
  else void finish.catch((error) => console.error(`[crmkit] app lifecycle delivery ${deliveryId} failed to record`, error));
}

const NOTHING_SENT: AttemptOutcome = { success: true, responseStatus: null, responseBody: null, latencyMs: 0, error: null };

/** The next attempt, ready to sign and send, or null when it is no longer due (or the app has nowhere to send it). */
async function prepareAppAttempt(state: MockState, workspace: Workspace, deliveryId: string, scheduleSeq: number): Promise<Prepared | null> {
  const { appDeliveries, apps } = workspace.tables;
  const delivery = appDeliveries.get(deliveryId);
  if (!delivery || delivery.schedule_seq !== scheduleSeq || (delivery.status !== 'pending' && delivery.status !== 'retrying')) return null;
  const attemptAtMs = workspace.now();
  const app = apps.get(delivery.app_id);
  if (!app?.webhook_url || !app.client_secret) {
    // The app is gone or no longer has a webhook URL: it ends `failed` without an attempt, and nothing more goes out.
    await appDeliveries.update(deliveryId, (draft) => {
      draft.status = 'failed';
      draft.next_attempt_at = null;
      draft.failed_at = iso(attemptAtMs);
      draft.schedule_seq += 1;
    });
    return null;
  }
  const allowPrivate = state.config.allowPrivateWebhooks;
  if (urlProblem(app.webhook_url, allowPrivate) !== null) return { attemptAtMs, attempt: null, refusal: { ...NOTHING_SENT, success: false, error: 'url_not_allowed' } };
  // Signed on the wall clock, as webhooks are (spec 6.5: same as webhooks; 6.2: receivers hold it to their clock).
  const timestampSeconds = Math.floor(Date.now() / 1000);
  const unsigned = { url: app.webhook_url, headers: deliveryHeaders(state, delivery.event_type, delivery.id, timestampSeconds), body: JSON.stringify(delivery.payload), secret: app.client_secret, timestampSeconds };
  // Named faults of the events family may change the attempt, or send nothing; without any, it is the spec's.
  const attempt = lifecycleAttemptWithFaults(unsigned, { state, workspace, event: delivery.payload, attempts: delivery.attempts });
  return { attemptAtMs, attempt, refusal: null };
}

/** Records the attempt and schedules the next one; nothing else changes (spec 6.5: failures never disable anything). */
async function recordAppAttempt(state: MockState, workspace: Workspace, deliveryId: string, attemptAtMs: number, outcome: AttemptOutcome): Promise<void> {
  const delivery = workspace.tables.appDeliveries.get(deliveryId);
  if (!delivery) return;
  const next = outcome.success ? null : nextAttemptAt(Date.parse(delivery.window_start), attemptAtMs);
  const updated = await workspace.tables.appDeliveries.update(deliveryId, (draft) => recordOnDraft(draft, attemptAtMs, outcome, next, workspace.now()));
  scheduleAppAttempt(state, workspace, updated);
}
