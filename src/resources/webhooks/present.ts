// What webhook routes show: the documented fields only. The secret, the failure streak and the
// queue's bookkeeping stay inside the stored records.
import type { StoredDelivery, StoredWebhook, Webhook, WebhookDelivery, WebhookDeliveryDetail } from './webhook-record.ts';

export function presentWebhook(webhook: StoredWebhook): Webhook {
  const { id, object, name, url, events, filters, active, status, disabled_at, disabled_reason, created_at } = webhook;
  return {
    id,
    object,
    name,
    url,
    events: [...events],
    filters: structuredClone(filters),
    active,
    status,
    disabled_at,
    disabled_reason,
    created_at,
  };
}

export function presentDelivery(delivery: StoredDelivery): WebhookDelivery {
  const {
    id,
    object,
    webhook_id,
    event_id,
    event_type,
    status,
    attempts,
    response_status,
    latency_ms,
    replay,
    created_at,
    next_attempt_at,
  } = delivery;
  return {
    id,
    object,
    webhook_id,
    event_id,
    event_type,
    status,
    attempts,
    response_status,
    latency_ms,
    replay,
    created_at,
    next_attempt_at,
  };
}

export function presentDeliveryDetail(delivery: StoredDelivery): WebhookDeliveryDetail {
  return {
    ...presentDelivery(delivery),
    payload: structuredClone(delivery.payload),
    response_body: delivery.response_body,
    attempt_log: delivery.attempt_log.map((attempt) => ({ ...attempt })),
  };
}
