// GET /_mock/workspaces/{ws}/webhooks (openapi/control/inspector.yaml): each webhook with its
// secret and its newest deliveries, each attempt with the request as it went out, so the
// inspector page can check Svc-Signature against the secret itself (spec 6.2).
import type { StoredDelivery, StoredWebhook } from '../resources/webhooks/webhook-record.ts';
import { deliveriesTo } from '../resources/webhooks/delivery-record.ts';
import { presentDelivery, presentWebhook } from '../resources/webhooks/present.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export function inspectWebhooks(workspace: Workspace, limit: number) {
  const { webhooks, deliveries: all } = workspace.tables;
  return [...webhooks.values()].map((webhook: StoredWebhook) => {
    const deliveries = deliveriesTo(all, webhook.id);
    const newest = deliveries.sort(newestFirst).slice(0, limit);
    return { webhook: presentWebhook(webhook), secret: webhook.secret, deliveries: newest.map(inspectDelivery) };
  });
}

function newestFirst(a: StoredDelivery, b: StoredDelivery): number {
  // Ids are time-ordered within a workspace; created_at ties on a frozen clock.
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

function inspectDelivery(delivery: StoredDelivery) {
  return {
    ...presentDelivery(delivery),
    payload: structuredClone(delivery.payload),
    response_body: delivery.response_body,
    attempts_sent: delivery.attempt_log.map((attempt, index) => ({
      ...attempt,
      request: structuredClone(delivery.sent_log?.[index] ?? null),
    })),
  };
}
