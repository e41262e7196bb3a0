// The one delivery queue of the outbox (spec 6.1, 6.3, 6.5): every delivery, to a webhook or to
// an app, is a stored record (delivery-record.ts) tried on the workspace clock, at once and then
// on the retry schedule (retry-schedule.ts), each attempt signed afresh with the destination's
// current secret and a fresh timestamp. Being records, waiting deliveries are in snapshots and
// the `--state` journal, and a restored workspace puts them back on its clock (resumeDeliveries).
// What differs by destination is how an attempt is made and judged: webhook-attempt.ts (the
// webhook's secret, its failure streak, disabling) and app-attempt.ts (the app's client secret;
// failures never disable anything).
//
// An attempt runs in three steps so that no transaction waits on the network: read it in one
// short transaction, sign and send outside any, record the outcome in another. Every stored
// change (status, attempt log, the webhook's failure streak, disabling) happens in that last step.
//
// Sending is Node-only (undici, node:crypto) and lives in webhook-sender.ts, loaded on first use
// (load-sender.ts): in a browser (the MSW face) deliveries are queued and listed but stay `pending`.
import type { EventEnvelope, LifecycleEvent } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { NOTHING_SENT, prepareAppAttempt, type PreparedAttempt } from './app-attempt.ts';
import type { AttemptOutcome } from './attempt-outcome.ts';
import { recordOnDraft } from './attempt-record.ts';
import { toWebhook, type OutboxDelivery, type StoredAppDelivery } from './delivery-record.ts';
import { loadSender } from './load-sender.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import { judgeWebhook, nextWebhookAttemptAt, prepareWebhookAttempt } from './webhook-attempt.ts';
import type { StoredDelivery } from './webhook-record.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export type NewDeliveryOptions = { replayOf?: string; windowStartMs?: number };

type Queued = Omit<StoredDelivery, 'webhook_id' | 'payload'>;

/** The fields every new delivery starts with, due at once; retries fall within 24 hours of `windowStartMs` (spec 6.3). */
function queued(workspace: Workspace, event: { id: string; type: string }, options: NewDeliveryOptions): Queued {
  const now = workspace.now();
  return {
    id: workspace.newId('delivery'),
    object: 'webhook_delivery',
    event_id: event.id,
    event_type: event.type,
    status: 'pending',
    attempts: 0,
    response_status: null,
    latency_ms: null,
    replay: options.replayOf !== undefined,
    created_at: iso(now),
    next_attempt_at: iso(now),
    response_body: null,
    attempt_log: [],
    window_start: iso(options.windowStartMs ?? now),
    failed_at: null,
    replay_of: options.replayOf ?? null,
    schedule_seq: 0,
  };
}

/** A pending delivery of `payload` to `webhookId`, due at once. */
export function newDelivery(
  workspace: Workspace,
  webhookId: string,
  payload: EventEnvelope,
  options: NewDeliveryOptions = {},
): StoredDelivery {
  return { ...queued(workspace, payload, options), webhook_id: webhookId, payload: structuredClone(payload) };
}

/** A pending delivery of a lifecycle event to its app, due at once, retried within 24 hours of the event. */
export function newAppDelivery(workspace: Workspace, appId: string, event: LifecycleEvent): StoredAppDelivery {
  return { ...queued(workspace, event, { windowStartMs: Date.parse(event.created_at) }), app_id: appId, payload: structuredClone(event) };
}

/** Puts the delivery's next attempt on the workspace clock once the running change commits. */
export function scheduleAttempt(state: MockState, workspace: Workspace, delivery: OutboxDelivery): void {
  if (delivery.next_attempt_at === null || !waiting(delivery)) return;
  const atMs = Date.parse(delivery.next_attempt_at);
  const { id, schedule_seq } = delivery;
  workspace.transactions.afterCommit(() => {
    workspace.clock.schedule(atMs, () => runScheduledAttempt(state, workspace, id, schedule_seq));
    // "At once" even on a frozen clock: what is due now runs now, nothing later is moved.
    if (atMs <= workspace.clock.now()) void workspace.clock.runDue();
  });
}

/** The waiting attempts of a workspace restored from a snapshot or a state file, which holds no clock work. */
export function resumeDeliveries(state: MockState, workspace: Workspace): void {
  for (const delivery of workspace.tables.deliveries.values()) scheduleAttempt(state, workspace, delivery);
}

function waiting(delivery: OutboxDelivery): boolean {
  return delivery.status === 'pending' || delivery.status === 'retrying';
}

async function runScheduledAttempt(state: MockState, workspace: Workspace, deliveryId: string, scheduleSeq: number): Promise<void> {
  // A workspace that was removed or replaced (reset, snapshot put back) sends nothing more.
  if (state.workspaces.get(workspace.id) !== workspace) return;
  const send = await loadSender();
  if (!send) return;
  // Read while the clock stands at the attempt's time: that time is the signature's timestamp.
  const prepared = await workspace.transactions.run(() => prepareAttempt(state, workspace, deliveryId, { scheduleSeq }));
  if (!prepared) return;
  const finish = (async () => {
    // A named fault that sends nothing: the attempt counts as answered, as the receiver never hears of it.
    const outcome =
      prepared.refusal ?? (prepared.attempt ? await send.sendSigned(prepared.attempt, state.config.allowPrivateWebhooks) : NOTHING_SENT);
    await workspace.transactions.run(() => recordAttempt(state, workspace, deliveryId, prepared.attemptAtMs, outcome));
  })();
  // On a frozen clock the attempt belongs to the step that moved the clock: advancing it waits
  // for every attempt, in time order, which makes a day of retries a deterministic test. While
  // the clock follows real time, a receiver that takes 10 seconds must not hold up the
  // workspace's other scheduled work, so the attempt finishes on its own; a move asked for
  // meanwhile waits for it, so that its retry is scheduled before the clock passes it.
  if (workspace.clock.frozen) await finish;
  else workspace.clock.finishBeforeMoves(finish.catch((error) => console.error(`[crmkit] delivery ${deliveryId} failed to record`, error)));
}

/**
 * Sends one attempt of a webhook delivery now and records it, in the caller's transaction: for
 * the ping route, which answers with the result (spec 4.11) and so must wait for it. Where nothing
 * can be sent (a browser), the delivery is answered as it is: pending.
 */
export async function attemptNow(state: MockState, workspace: Workspace, deliveryId: string): Promise<StoredDelivery> {
  const send = await loadSender();
  const prepared = send ? await prepareAttempt(state, workspace, deliveryId, { evenIfDisabled: true }) : null;
  if (send && prepared) {
    const outcome =
      prepared.refusal ?? (prepared.attempt ? await send.sendSigned(prepared.attempt, state.config.allowPrivateWebhooks) : NOTHING_SENT);
    await recordAttempt(state, workspace, deliveryId, prepared.attemptAtMs, outcome);
  }
  return workspace.tables.deliveries.get(deliveryId) as StoredDelivery;
}

/** The next attempt of an app lifecycle delivery after a failed one: the schedule's, unless a named fault moves it. */
function nextAppAttemptAt(state: MockState, delivery: StoredAppDelivery, attemptAtMs: number): number | null {
  const windowStartMs = Date.parse(delivery.window_start);
  return state.deliverySeams.lifecycleNextAttempt(nextAttemptAt(windowStartMs, attemptAtMs), {
    state,
    windowStartMs,
    attemptAtMs,
    attempts: delivery.attempts + 1,
  });
}

type PrepareOptions = { scheduleSeq?: number; evenIfDisabled?: boolean };

/** The next attempt of the delivery, ready to sign and send, or null when it is no longer due. */
async function prepareAttempt(
  state: MockState,
  workspace: Workspace,
  deliveryId: string,
  options: PrepareOptions,
): Promise<PreparedAttempt | null> {
  const delivery = workspace.tables.deliveries.get(deliveryId);
  if (!delivery || !waiting(delivery)) return null;
  if (options.scheduleSeq !== undefined && delivery.schedule_seq !== options.scheduleSeq) return null;
  return toWebhook(delivery)
    ? prepareWebhookAttempt(state, workspace, delivery, options.evenIfDisabled ?? false)
    : prepareAppAttempt(state, workspace, delivery);
}

/** Records an attempt: the delivery's status and log, its next attempt, and (to a webhook) the webhook's streak. */
async function recordAttempt(
  state: MockState,
  workspace: Workspace,
  deliveryId: string,
  attemptAtMs: number,
  outcome: AttemptOutcome,
): Promise<void> {
  const { deliveries } = workspace.tables;
  const delivery = deliveries.get(deliveryId);
  if (!delivery) return; // its webhook was deleted while the attempt was out
  // Spec 6.3's schedule (as named faults may move it); spec 6.5: the same for apps.
  const next = outcome.success
    ? null
    : toWebhook(delivery)
      ? nextWebhookAttemptAt(state, delivery, attemptAtMs)
      : nextAppAttemptAt(state, delivery, attemptAtMs);
  const updated = await deliveries.update(deliveryId, (draft) => recordOnDraft(draft, attemptAtMs, outcome, next, workspace.now()));
  scheduleAttempt(state, workspace, updated);
  if (toWebhook(delivery)) await judgeWebhook(state, workspace, delivery, attemptAtMs, outcome);
}
