// Turning a webhook off (spec 3): its queued deliveries are marked `failed` (enable with
// `resend_failed` can queue them again), and when the service disabled it (410, or 24 hours
// without success) the workspace's other webhooks are told with `webhook.disabled`. A switch-off
// by `PATCH {active: false}` sends no event: the event's reasons are the two of part 3.
import { emit } from '../../events/emit.ts';
import { SYSTEM_ACTOR } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { deliveriesTo } from './delivery-record.ts';
import type { DisabledReason, StoredDelivery, StoredWebhook } from './webhook-record.ts';

export async function disableWebhook(
  state: MockState,
  workspace: Workspace,
  webhook: StoredWebhook,
  reason: DisabledReason,
): Promise<StoredWebhook> {
  const nowIso = new Date(workspace.now()).toISOString();
  const disabled = await workspace.tables.webhooks.update(webhook.id, (draft) => {
    draft.active = false;
    draft.status = 'disabled';
    draft.disabled_at = nowIso;
    draft.disabled_reason = reason;
  });
  // Named faults may leave them queued; without any, they end as `failed` (spec 3).
  const failQueued = state.deliverySeams.keeps('fail-queued-on-disable', state);
  for (const delivery of deliveriesTo(workspace.tables.deliveries, webhook.id)) {
    if (failQueued && (delivery.status === 'pending' || delivery.status === 'retrying')) await stopDelivery(workspace, delivery, nowIso);
  }
  if (reason !== 'manual') await emit(workspace, SYSTEM_ACTOR, 'webhook.disabled', { id: webhook.id, object: 'webhook', reason });
  return disabled;
}

/** Ends a queued delivery as `failed` without an attempt; its timer entry then does nothing. */
export async function stopDelivery(workspace: Workspace, delivery: StoredDelivery, nowIso: string): Promise<void> {
  await workspace.tables.deliveries.update(delivery.id, (draft) => {
    draft.status = 'failed';
    draft.next_attempt_at = null;
    draft.failed_at = nowIso;
    draft.schedule_seq += 1;
  });
}

/** Turns a webhook back on (spec 3): the failure count is reset; nothing is resent here. */
export async function enableWebhook(workspace: Workspace, webhook: StoredWebhook): Promise<StoredWebhook> {
  return workspace.tables.webhooks.update(webhook.id, (draft) => {
    draft.active = true;
    draft.status = 'active';
    draft.disabled_at = null;
    draft.disabled_reason = null;
    draft.failing_since = null;
  });
}
