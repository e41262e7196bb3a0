// App lifecycle deliveries as stored (spec 6.5: "same durable queue as webhooks"): a delivery of
// one lifecycle event to one app's webhook URL, with the fields of a webhook delivery (status,
// attempts, attempt log, next attempt, retry window) so that the queue runs, snapshots and
// resumes it as it does those. It names its app instead of a webhook; the app's URL and client
// secret are read at each attempt, so a changed URL or a rotated secret applies to retries.
import type { QueuedDelivery } from '../resources/webhooks/attempt-record.ts';
import type { TableDefinition } from '../store/table-definition.ts';
import type { LifecycleEvent } from '../events/build-event.ts';

export type StoredAppDelivery = QueuedDelivery & { app_id: string; payload: LifecycleEvent };

// Checked against the document's WebhookDelivery, less the webhook it has not.
export const appDeliveryTable: TableDefinition<StoredAppDelivery> = {
  document: 'crm',
  schema: 'WebhookDelivery',
  computed: ['webhook_id'],
  lookups: { app: (delivery) => delivery.app_id },
};
