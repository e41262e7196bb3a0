// Enable with `resend_failed` (spec 4.11, 8): deliveries that failed in the last 3 days are
// queued again, oldest first, at most 1,000. Skipped: test pings, and events that some other
// delivery to this webhook (a replay) already got through or is still trying. One delivery per
// event is queued, so an event whose original and replay both failed is sent once.
//
// A resent delivery keeps its id (it is neither a retry nor a replay, and spec 6.1 gives a new id
// only to replays), keeps its attempt log, and gets a new 24-hour retry window from now: the
// window of its event has passed by the time anyone enables the webhook.
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { scheduleAttempt } from './delivery.ts';
import { RESEND_LOOKBACK_MS, RESEND_MAX } from './retry-schedule.ts';
import type { StoredDelivery } from './webhook-record.ts';
import { deliveriesTo } from './delivery-record.ts';

export async function resendFailed(state: MockState, workspace: Workspace, webhookId: string): Promise<number> {
  const { deliveries } = workspace.tables;
  const nowMs = workspace.now();
  const chosen: StoredDelivery[] = [];
  const events = new Set<string>();
  // Named faults may resend pings too, or look back further; without any, the spec's rules hold (4.11).
  const skipPings = state.deliverySeams.keeps('skip-pings-on-resend', state);
  const lookbackMs = state.deliverySeams.keeps('resend-last-3-days', state) ? RESEND_LOOKBACK_MS : Number.POSITIVE_INFINITY;
  for (const delivery of deliveriesTo(deliveries, webhookId)) {
    if (chosen.length === RESEND_MAX) break;
    if (delivery.status !== 'failed' || (skipPings && delivery.event_type === 'ping') || events.has(delivery.event_id)) continue;
    if (delivery.failed_at === null || nowMs - Date.parse(delivery.failed_at) > lookbackMs) continue;
    const others = deliveries.findBy('webhookEvent', `${webhookId} ${delivery.event_id}`);
    if (others.some((other) => other.status !== 'failed')) continue;
    events.add(delivery.event_id);
    chosen.push(delivery);
  }
  const nowIso = new Date(nowMs).toISOString();
  if (!state.deliverySeams.keeps('resend-oldest-first', state)) chosen.reverse();
  for (const delivery of chosen) {
    const queued = await deliveries.update(delivery.id, (draft) => {
      draft.status = 'pending';
      draft.next_attempt_at = nowIso;
      draft.window_start = nowIso;
      draft.failed_at = null;
      draft.schedule_seq += 1;
    });
    scheduleAttempt(state, workspace, queued);
  }
  return chosen.length;
}
