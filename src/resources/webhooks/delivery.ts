// The delivery queue (spec 6.1, 6.3): a delivery is tried on the workspace clock, at once and
// then on the retry schedule, each attempt signed again with the webhook's current secret (so
// after a rotation waiting retries use the new one) and a fresh timestamp from the workspace clock.
//
// An attempt runs in three steps so that no transaction waits on the network: read it in one
// short transaction, sign and send outside any, record the outcome in another. Every stored
// change (status, attempt log, the webhook's failure streak, disabling) happens in that last step.
//
// Sending is Node-only (undici, node:crypto) and lives in webhook-sender.ts, loaded on first use
// (load-sender.ts): in a browser (the MSW face) deliveries are queued and listed but stay `pending`.
// App lifecycle events go through the same queue with records of their own table
// (oauth/lifecycle-delivery.ts), sharing the schedule, the sender and how an attempt is recorded.
import type { EventEnvelope } from '../../events/event-record.ts';
import { attemptWithFaults, nextAttemptWithFaults, queueKeeps } from '../../faults/delivery-hook.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { AttemptOutcome } from './attempt-outcome.ts';
import { recordOnDraft } from './attempt-record.ts';
import { deliveryHeaders } from './delivery-headers.ts';
import { disableWebhook, stopDelivery } from './disable-webhook.ts';
import { loadSender } from './load-sender.ts';
import { DISABLE_AFTER_MS, nextAttemptAt } from './retry-schedule.ts';
import type { StoredDelivery, StoredWebhook } from './webhook-record.ts';
import type { UnsignedAttempt } from './webhook-sender.ts';
import { urlProblem } from './webhook-url.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export type NewDeliveryOptions = { replayOf?: string; windowStartMs?: number };

/** A pending delivery of `payload` to `webhookId`, due at once. */
export function newDelivery(workspace: Workspace, webhookId: string, payload: EventEnvelope, options: NewDeliveryOptions = {}): StoredDelivery {
  const now = workspace.now();
  return {
    id: workspace.newId('delivery'),
    object: 'webhook_delivery',
    webhook_id: webhookId,
    event_id: payload.id,
    event_type: payload.type,
    status: 'pending',
    attempts: 0,
    response_status: null,
    latency_ms: null,
    replay: options.replayOf !== undefined,
    created_at: iso(now),
    next_attempt_at: iso(now),
    payload: structuredClone(payload),
    response_body: null,
    attempt_log: [],
    window_start: iso(options.windowStartMs ?? now),
    failed_at: null,
    replay_of: options.replayOf ?? null,
    schedule_seq: 0,
  };
}

/** Puts the delivery's next attempt on the workspace clock once the running change commits. */
export function scheduleAttempt(state: MockState, workspace: Workspace, delivery: StoredDelivery): void {
  if (delivery.next_attempt_at === null) return;
  const atMs = Date.parse(delivery.next_attempt_at);
  const { id, schedule_seq } = delivery;
  workspace.transactions.afterCommit(() => {
    workspace.clock.schedule(atMs, () => runScheduledAttempt(state, workspace, id, schedule_seq));
    // "At once" even on a frozen clock: what is due now runs now, nothing later is moved.
    if (atMs <= workspace.clock.now()) void workspace.clock.runDue();
  });
}

/** The waiting attempts of a workspace restored from a snapshot, which holds no clock work. */
export function resumeDeliveries(state: MockState, workspace: Workspace): void {
  // Only a delivery still waiting has a next attempt (scheduleAttempt skips the others).
  for (const delivery of workspace.tables.webhookDeliveries.values()) scheduleAttempt(state, workspace, delivery);
}

type Prepared = { attemptAtMs: number; attempt: UnsignedAttempt; refusal: AttemptOutcome | null };

async function runScheduledAttempt(state: MockState, workspace: Workspace, deliveryId: string, scheduleSeq: number): Promise<void> {
  // A workspace that was removed or replaced (reset, snapshot put back) sends nothing more.
  if (state.workspaces.get(workspace.id) !== workspace) return;
  const send = await loadSender();
  if (!send) return;
  // Read while the clock stands at the attempt's time: that time is the signature's timestamp.
  const prepared = await workspace.transactions.run(() => prepareAttempt(state, workspace, deliveryId, { scheduleSeq }));
  if (!prepared) return;
  const finish = (async () => {
    const outcome = prepared.refusal ?? (await send.sendSigned(prepared.attempt, state.config.allowPrivateWebhooks));
    await workspace.transactions.run(() => recordAttempt(state, workspace, deliveryId, prepared.attemptAtMs, outcome));
  })();
  // On a frozen clock the attempt belongs to the step that moved the clock: advancing it waits
  // for every attempt, in time order, which makes a day of retries a deterministic test. While
  // the clock follows real time, a receiver that takes 10 seconds must not hold up the
  // workspace's other scheduled work, so the attempt finishes on its own.
  if (workspace.clock.frozen) await finish;
  else void finish.catch((error) => console.error(`[crmkit] webhook delivery ${deliveryId} failed to record`, error));
}

/**
 * Sends one attempt of the delivery now and records it, in the caller's transaction: for the
 * ping route, which answers with the result (spec 4.11) and so must wait for it. Where nothing
 * can be sent (a browser), the delivery is answered as it is: pending.
 */
export async function attemptNow(state: MockState, workspace: Workspace, deliveryId: string): Promise<StoredDelivery> {
  const send = await loadSender();
  const prepared = send ? await prepareAttempt(state, workspace, deliveryId, { evenIfDisabled: true }) : null;
  if (!send || !prepared) return workspace.tables.webhookDeliveries.get(deliveryId)!;
  const outcome = prepared.refusal ?? (await send.sendSigned(prepared.attempt, state.config.allowPrivateWebhooks));
  return (await recordAttempt(state, workspace, deliveryId, prepared.attemptAtMs, outcome))!;
}

type PrepareOptions = { scheduleSeq?: number; evenIfDisabled?: boolean };

/** The next attempt of the delivery, ready to sign and send, or null when it is no longer due. */
async function prepareAttempt(state: MockState, workspace: Workspace, deliveryId: string, options: PrepareOptions): Promise<Prepared | null> {
  const { tables } = workspace;
  const delivery = tables.webhookDeliveries.get(deliveryId);
  if (!delivery || (delivery.status !== 'pending' && delivery.status !== 'retrying')) return null;
  if (options.scheduleSeq !== undefined && delivery.schedule_seq !== options.scheduleSeq) return null;
  const webhook = tables.webhooks.get(delivery.webhook_id);
  if (!webhook) return null;
  const attemptAtMs = workspace.now();
  if (!webhook.active && !options.evenIfDisabled) {
    // A replay queued on a disabled webhook: nothing goes out while it is off (spec 3).
    await stopDelivery(workspace, delivery, iso(attemptAtMs));
    return null;
  }
  // Named faults (crmkit mock --fault) may change the attempt; without any, it is the spec's.
  const attempt = await attemptWithFaults(unsignedAttempt(state, webhook, delivery, attemptAtMs), { state, workspace, webhook, delivery, attemptAtMs });
  // Spec 4.11: the URL rules are checked again before every delivery.
  const refused = urlProblem(webhook.url, state.config.allowPrivateWebhooks) !== null;
  const refusal = refused ? { success: false, responseStatus: null, responseBody: null, latencyMs: 0, error: 'url_not_allowed' } : null;
  return { attemptAtMs, attempt, refusal };
}

/** The headers of spec 6.1 and the body; the sender adds Svc-Signature over them (spec 6.2). */
function unsignedAttempt(state: MockState, webhook: StoredWebhook, delivery: StoredDelivery, attemptAtMs: number): UnsignedAttempt {
  const body = JSON.stringify(delivery.payload);
  // Spec 6.1, 6.2: the time this attempt is signed, which receivers hold to their own clock (5
  // minutes): the wall clock, not the workspace's, which tests move. The event keeps its workspace times.
  const timestampSeconds = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { ...deliveryHeaders(state, delivery.event_type, delivery.id, timestampSeconds), 'Svc-Event-Id': delivery.event_id, 'Svc-Webhook-Id': webhook.id };
  if (delivery.replay) headers['Svc-Replay'] = 'true';
  return { url: webhook.url, headers, body, secret: webhook.secret, timestampSeconds };
}

/** Records an attempt: the delivery's status and log, its next attempt, and the webhook's streak. */
async function recordAttempt(state: MockState, workspace: Workspace, deliveryId: string, attemptAtMs: number, outcome: AttemptOutcome): Promise<StoredDelivery | undefined> {
  const { tables } = workspace;
  const delivery = tables.webhookDeliveries.get(deliveryId);
  if (!delivery) return undefined; // its webhook was deleted while the attempt was out
  const windowStartMs = Date.parse(delivery.window_start);
  // Named faults may move the schedule; without any, it is spec 6.3's.
  const next = outcome.success ? null : nextAttemptWithFaults(nextAttemptAt(windowStartMs, attemptAtMs), { state, windowStartMs, attemptAtMs, attempts: delivery.attempts + 1 });
  const updated = await tables.webhookDeliveries.update(deliveryId, (draft) => recordOnDraft(draft, attemptAtMs, outcome, next, workspace.now()));
  scheduleAttempt(state, workspace, updated);
  await judgeWebhook(state, workspace, updated.webhook_id, failingFrom(windowStartMs, attemptAtMs), attemptAtMs, outcome);
  return tables.webhookDeliveries.get(deliveryId);
}

/**
 * Where a failure streak that starts with this attempt begins. The first attempt of a delivery's
 * window counts from the window's start (the event), so that the last attempt, due 24 hours
 * after the event, disables the webhook even when the first went out a few milliseconds late (a
 * clock that follows real time); a later attempt counts from itself.
 */
function failingFrom(windowStartMs: number, attemptAtMs: number): number {
  return attemptAtMs - windowStartMs < FIRST_ATTEMPT_SLACK_MS ? Math.min(windowStartMs, attemptAtMs) : attemptAtMs;
}

const FIRST_ATTEMPT_SLACK_MS = 1_000;

/**
 * The webhook's failure streak (spec 3, 6.3): a success resets it; a 410 answer disables the
 * webhook at once; a failed attempt 24 hours or more after the streak began disables it.
 */
async function judgeWebhook(state: MockState, workspace: Workspace, webhookId: string, failingFromMs: number, attemptAtMs: number, outcome: AttemptOutcome): Promise<void> {
  const { webhooks } = workspace.tables;
  const webhook = webhooks.get(webhookId);
  if (!webhook?.active) return;
  if (outcome.success) {
    // A named fault may keep the streak across a success; without any, a success resets it (spec 6.3).
    if (webhook.failing_since !== null && queueKeeps(state, 'reset-failures-on-success')) await webhooks.update(webhookId, (draft) => void (draft.failing_since = null));
    return;
  }
  if (outcome.responseStatus === 410 && queueKeeps(state, 'disable-on-gone')) return void (await disableWebhook(state, workspace, webhook, 'gone'));
  const since = webhook.failing_since === null ? failingFromMs : Date.parse(webhook.failing_since);
  if (attemptAtMs - since >= DISABLE_AFTER_MS) return void (await disableWebhook(state, workspace, webhook, 'no_success_24h'));
  if (webhook.failing_since === null) await webhooks.update(webhookId, (draft) => void (draft.failing_since = iso(failingFromMs)));
}
