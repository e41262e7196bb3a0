// The delivery queue's side of the outbox (events/outbox.ts): every event a workspace emits
// (events/emit.ts) becomes stored deliveries here, by its destination. A catalog event goes to
// each subscribed webhook once its change commits (fan-out.ts), after the named faults of the
// events family had their say (the delivery seams: seams/delivery-seams.ts); a ping becomes one delivery to the webhook
// pinged, which the ping route sends at once (handlers.ts, spec 4.11); an app lifecycle event one
// delivery to its app, when the app has a webhook URL (spec 6.5).
import type { EventEnvelope, LifecycleEvent } from '../../events/event-record.ts';
import type { MockState } from '../../mock-state.ts';
import { newAppDelivery, newDelivery, scheduleAttempt } from './delivery.ts';
import { fanOut } from './fan-out.ts';

/** Connects the mock's outbox to its delivery queue; call once per mock. */
export function startDeliveries(state: MockState): void {
  state.outbox.connect(async (workspace, event, destination) => {
    switch (destination.to) {
      case 'subscribers':
        // Named faults of the events family (crmkit mock --fault) may change what the webhooks hear of.
        workspace.transactions.afterCommit(() => {
          for (const sent of state.deliverySeams.events(event as EventEnvelope, { state, workspace })) fanOut(state, workspace, sent);
        });
        return;
      case 'webhook':
        // Not scheduled: the ping route sends it at once and answers with the result (spec 4.11).
        await workspace.tables.deliveries.insert(newDelivery(workspace, destination.webhookId, event as EventEnvelope));
        return;
      case 'app':
        if (!workspace.tables.apps.get(destination.appId)?.webhook_url) return;
        scheduleAttempt(
          state,
          workspace,
          await workspace.tables.deliveries.insert(newAppDelivery(workspace, destination.appId, event as LifecycleEvent)),
        );
        return;
    }
  });
}
