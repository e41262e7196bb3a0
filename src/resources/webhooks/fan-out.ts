// Catalog events to webhooks (spec 6): once a change commits, each of the workspace's active webhooks
// whose patterns and filters match the event gets a delivery. `webhook.disabled` goes to every
// other active webhook of the workspace, whatever it subscribes to: spec 3 and 6.4 name its
// recipients ("the workspace's other webhooks") instead of leaving them to subscriptions.
import type { EventEnvelope } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { newDelivery, scheduleAttempt } from './delivery.ts';
import { passesFilters } from './event-filters.ts';
import { subscribesTo } from './event-patterns.ts';
import type { StoredWebhook } from './webhook-record.ts';

/**
 * Queues a committed catalog event's deliveries. They are made on the workspace clock, so
 * advancing it (or the clock route with nothing to advance) waits for them like for any other
 * work that fell due.
 */
export function fanOut(state: MockState, workspace: Workspace, event: EventEnvelope): void {
  if (recipientsOf(state, workspace, event).length === 0) return;
  workspace.clock.schedule(workspace.now(), () => queueDeliveries(state, workspace, event));
  void workspace.clock.runDue();
}

export function recipientsOf(state: MockState, workspace: Workspace, event: EventEnvelope): StoredWebhook[] {
  if (event.type === 'ping') return []; // a ping goes only to the webhook pinged
  const object = event.data.object as Record<string, unknown>;
  const active = [...workspace.tables.webhooks.values()].filter((webhook) => webhook.active);
  const recipients = active.filter((webhook) => {
    if (event.type === 'webhook.disabled') return webhook.id !== object.id;
    return subscribesTo(webhook.events, event.type) && passesFilters(webhook.filters, object);
  });
  // Named faults in patterns or filters may choose otherwise; without any, these are the spec's.
  return state.deliverySeams.recipients(recipients, { state, workspace, event, active });
}

async function queueDeliveries(state: MockState, workspace: Workspace, event: EventEnvelope): Promise<void> {
  if (state.workspaces.get(workspace.id) !== workspace) return; // removed or replaced meanwhile
  await workspace.transactions.run(async () => {
    for (const webhook of recipientsOf(state, workspace, event)) {
      const delivery = await workspace.tables.deliveries.insert(
        newDelivery(workspace, webhook.id, event, { windowStartMs: Date.parse(event.occurred_at) }),
      );
      scheduleAttempt(state, workspace, delivery);
    }
  });
}
