// The outbox's deliveries as stored, in one table for every destination (spec 6.3, and 6.5:
// lifecycle events use "the same durable queue as webhooks"): a delivery of one event to one
// webhook of the workspace (`webhook_id`), or of one app lifecycle event to its app's webhook URL
// (`app_id`). Both have the fields of the document's WebhookDelivery (status, attempts, attempt
// log, next attempt, retry window), so one queue runs, snapshots and resumes them (delivery.ts).
// The app's URL and client secret are read at each attempt, so a changed URL or a rotated
// secret applies to retries.
import type { LifecycleEvent } from '../../events/event-record.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import type { Table } from '../../store/table.ts';
import type { QueuedDelivery } from './attempt-record.ts';
import type { StoredDelivery } from './webhook-record.ts';

export type StoredAppDelivery = QueuedDelivery & { app_id: string; payload: LifecycleEvent; webhook_id?: undefined };

/** A delivery of the outbox: to a webhook (StoredDelivery, what the webhook routes show) or to an app. */
export type OutboxDelivery = (StoredDelivery & { app_id?: undefined }) | StoredAppDelivery;

export function toWebhook(delivery: OutboxDelivery): delivery is StoredDelivery & { app_id?: undefined } {
  return delivery.webhook_id !== undefined;
}

export const deliveryTable: TableDefinition<OutboxDelivery> = {
  document: 'crm',
  schema: 'WebhookDelivery',
  // The destination is `webhook_id` or `app_id`: the document's WebhookDelivery requires the first,
  // which a delivery to an app has not; the queue sets exactly one of them (queue-events.ts).
  computed: ['webhook_id'],
  lookups: {
    webhook: (delivery) => delivery.webhook_id,
    // Resend on enable skips events that some delivery (a replay) already got through.
    webhookEvent: (delivery) => (delivery.webhook_id === undefined ? undefined : `${delivery.webhook_id} ${delivery.event_id}`),
    app: (delivery) => delivery.app_id,
  },
  // Snapshots and state files of earlier versions kept webhook and app deliveries in two tables.
  formerNames: ['webhookDeliveries', 'appDeliveries'],
};

/** The deliveries to the webhook, oldest first (ids are in creation order). */
export function deliveriesTo(deliveries: Table<OutboxDelivery>, webhookId: string): StoredDelivery[] {
  return deliveries.findBy('webhook', webhookId) as StoredDelivery[];
}

/** The delivery of that id when it goes to a webhook. */
export function webhookDelivery(deliveries: Table<OutboxDelivery>, id: string): StoredDelivery | undefined {
  const delivery = deliveries.get(id);
  return delivery && toWebhook(delivery) ? delivery : undefined;
}
