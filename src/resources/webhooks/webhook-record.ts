// Webhooks and their deliveries as stored. The signing secret and the start of the current
// failure streak live on the stored webhook and are never shown (the secret is returned once, on
// creation and rotation: spec 4.11). A stored delivery carries what its detail shows (payload,
// response start, attempt log) plus what the queue needs to run it; it is kept in the outbox's one
// table of deliveries (delivery-record.ts).
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Webhook = components['schemas']['Webhook'];
export type WebhookFilters = components['schemas']['WebhookFilters'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryDetail = components['schemas']['WebhookDeliveryDetail'];
export type DeliveryAttempt = components['schemas']['WebhookDeliveryAttempt'];
export type DisabledReason = NonNullable<Webhook['disabled_reason']>;

export type StoredWebhook = Webhook & {
  secret: string;
  /** When the first failed attempt after the last success happened; null while not failing. */
  failing_since: string | null;
};

export type StoredDelivery = WebhookDelivery & {
  payload: WebhookDeliveryDetail['payload'];
  response_body: string | null;
  attempt_log: DeliveryAttempt[];
  /** Retries fall within 24 hours of this: the event's time, or when a replay or resend queued it. */
  window_start: string;
  /** When the delivery became `failed` (resend on enable looks back 3 days from it). */
  failed_at: string | null;
  /** The delivery a replay was made from. */
  replay_of: string | null;
  /**
   * What each attempt sent, in the order of `attempt_log` (null where nothing went out): headers
   * with the signature, and the body. Shown by the control API (GET /_mock/workspaces/{ws}/webhooks)
   * so the inspector page can check the signature (spec 6.2). Absent in older snapshots.
   */
  sent_log?: ({ headers: Record<string, string>; body: string } | null)[];
  /** Bumped whenever the delivery is (re)scheduled or stopped, so a stale timer entry does nothing. */
  schedule_seq: number;
};

export const webhookTable: TableDefinition<StoredWebhook> = { document: 'crm', schema: 'Webhook' };
