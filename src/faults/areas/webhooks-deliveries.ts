// Mutants of webhook deliveries (spec 3 Webhook delivery, 4.11, 6.3): the delivery log,
// resend, disabling on failures and enabling again.
import { resendFailed } from '../../resources/webhooks/resend-failed.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { DeliveryFault } from '../fault-seam.ts';
import { callerOf } from '../../http/handler.ts';
import { retryAsOwner } from '../owner-key.ts';
import { onErrorCode } from '../fault.ts';
import { alterOk, onOperation, sentJson, withQuery } from '../request-match.ts';
import { alterAnswer, unchanged, WEBHOOK_DELIVERIES } from '../webhook-requests.ts';

export const webhooksDeliveriesMutants: readonly DeliveryFault[] = [
  {
    name: 'ping-answers-queued-delivery',
    area: 'webhooks',
    proves: ['webhooks.ping-answers-result'],
    description:
      'Ping queues the ping and answers the delivery as it stood before the attempt (pending, no attempt, no response status), not the delivery result.',
    wrap: alterAnswer(['pingWebhook'], (delivery) => ({
      ...delivery,
      status: 'pending',
      attempts: 0,
      response_status: null,
      latency_ms: null,
    })),
  },
  {
    name: 'deliveries-end-cursor-null',
    area: 'webhooks',
    proves: ['webhooks.deliveries-list-end-cursor', 'responses.shape.list-webhook-deliveries'],
    description: "The last page of a webhook's deliveries answers next_cursor null (the standard list), not the empty string of spec 4.11.",
    wrap: alterAnswer(['listWebhookDeliveries'], (page) => (page.next_cursor === '' ? { ...page, next_cursor: null } : page)),
  },
  {
    name: 'delivery-log-keeps-256-characters',
    area: 'webhooks',
    proves: ['webhooks.log-keeps-2kb'],
    description: "A delivery's log keeps the first 256 characters of the receiver's answer, not the first 2 KB.",
    wrap: alterAnswer(['getWebhookDelivery'], (delivery) =>
      typeof delivery.response_body === 'string' ? { ...delivery, response_body: delivery.response_body.slice(0, 256) } : delivery,
    ),
  },
  {
    name: 'gone-answer-not-disabling',
    area: 'webhooks',
    proves: ['webhooks.gone-disables', 'webhooks.resend-last-3-days', 'webhooks.resend-oldest-first'],
    description: 'An endpoint answering 410 Gone is retried like any failure; the webhook stays active, where a 410 disables it.',
    wrap: unchanged,
    breaks: ['disable-on-gone'],
  },
  {
    name: 'disabling-leaves-deliveries-queued',
    area: 'webhooks',
    proves: ['webhooks.disabling-fails-queued', 'webhooks.enable-resends-failed'],
    description: 'Deliveries still queued when a webhook is disabled stay retrying (and are never sent), instead of being marked failed.',
    wrap: unchanged,
    breaks: ['fail-queued-on-disable'],
  },
  {
    name: 'resend-includes-pings',
    area: 'webhooks',
    proves: ['webhooks.resend-skips-pings'],
    description: 'Enable with resend_failed queues failed test pings again too, where they are skipped.',
    wrap: unchanged,
    breaks: ['skip-pings-on-resend'],
  },
  {
    name: 'resend-without-time-limit',
    area: 'webhooks',
    proves: ['webhooks.resend-last-3-days'],
    description: "Enable with resend_failed queues every failed delivery of the webhook, however old, where only the last 3 days' are.",
    wrap: unchanged,
    breaks: ['resend-last-3-days'],
  },
  {
    name: 'resend-newest-first',
    area: 'webhooks',
    proves: ['webhooks.resend-oldest-first'],
    description: "Enable with resend_failed queues the failed deliveries newest first (the list's order), where they go oldest first.",
    wrap: unchanged,
    breaks: ['resend-oldest-first'],
  },
  {
    name: 'patch-active-resends-failed',
    area: 'webhooks',
    proves: ['webhooks.resend-last-3-days', 'webhooks.patch-active-resends-nothing'],
    description:
      "PATCH {active: true} on a disabled webhook also queues its failed deliveries again (it shares the enable route's code), where it only turns the webhook on.",
    // Inside the request's transaction: the change and the resend are one.
    operations: ['updateWebhook'],
    aroundHandler: async (next, context) => {
      const { workspace } = callerOf(context);
      const before = workspace.tables.webhooks.get(normalizeId(String(context.input.path.id)));
      const result = await next();
      if (before && !before.active && (context.input.body as { active?: unknown } | undefined)?.active === true)
        await resendFailed(context.state, workspace, before.id);
      return result;
    },
  },
  {
    name: 'success-keeps-failure-streak',
    area: 'webhooks',
    proves: ['webhooks.success-resets-failures'],
    description:
      'A successful delivery does not reset the failure count: a webhook is disabled 24 hours after its first failure even with successes in between.',
    wrap: unchanged,
    breaks: ['reset-failures-on-success'],
  },
  {
    name: 'enable-keeps-failure-streak',
    area: 'webhooks',
    proves: ['webhooks.enable-resets-failures'],
    description: 'Enable turns a webhook on without resetting its failure count: the next failed attempt disables it again at once.',
    // Inside the request's transaction: the streak the handler reset is written back before it commits.
    operations: ['enableWebhook'],
    aroundHandler: async (next, context) => {
      const { workspace } = callerOf(context);
      const before = workspace.tables.webhooks.get(normalizeId(String(context.input.path.id)));
      const result = await next();
      if (!before || before.failing_since === null) return result;
      const { failing_since: since } = before;
      await workspace.tables.webhooks.update(before.id, (draft) => void (draft.failing_since = since));
      return result;
    },
  },
  {
    name: 'deliveries-open-to-any-scope',
    area: 'webhooks',
    proves: ['webhooks.manage-scope'],
    description:
      "A webhook's deliveries (list, read, replay) are served to any key of the workspace; only the other webhook routes check webhooks:manage.",
    wrap: (next, state) =>
      onOperation(WEBHOOK_DELIVERIES, (inner, request, info) =>
        onErrorCode('missing_scope', async (response, body, copy) =>
          body.error.scope === 'webhooks:manage' ? retryAsOwner(state, next, copy, response) : response,
        )(inner)(request, info),
      )(next, state),
  },
  {
    name: 'enable-without-resent',
    area: 'webhooks',
    proves: ['webhooks.enable-answer', 'webhooks.enable-resends-failed', 'responses.shape.enable-webhook'],
    description: 'Enabling a webhook answers the webhook alone, without the resent count (spec 4.11: {webhook, resent}).',
    wrap: onOperation('enableWebhook', async (next, request, info) =>
      alterOk(await next(request, info), ({ resent: _resent, ...rest }) => rest),
    ),
  },
  {
    name: 'deliveries-bad-cursor-ignored',
    area: 'webhooks',
    proves: ['webhooks.deliveries-bad-cursor'],
    description: "A webhook's deliveries list answers a bad cursor with its first page (spec 4.13: invalid_cursor or validation_failed).",
    wrap: (next, state) =>
      onOperation('listWebhookDeliveries', (inner, request, info) =>
        onErrorCode('invalid_cursor', (_response, _body, copy) => next(withQuery(copy, (query) => query.delete('cursor'))))(inner)(
          request,
          info,
        ),
      )(next, state),
  },
  {
    name: 'enable-resent-omitted-without-resend',
    area: 'webhooks',
    proves: ['webhooks.enable-answer', 'responses.shape.enable-webhook'],
    description:
      'Enable with resend_failed false answers {webhook} alone, without resent: 0 (spec 4.11: answers {webhook, resent: integer}).',
    wrap: onOperation('enableWebhook', async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      if (sent?.resend_failed === true) return response;
      return alterOk(response, ({ resent: _resent, ...rest }) => rest);
    }),
  },
  {
    name: 'delivery-log-payload-summary-only',
    area: 'webhooks',
    proves: ['webhooks.delivery-detail-payload'],
    description: "The single delivery shows a payload cut to data.object's id and object, not the event sent (spec 4.11).",
    wrap: onOperation('getWebhookDelivery', async (next, request, info) =>
      alterOk(await next(request, info), (body) => {
        const object = body.payload?.data?.object;
        if (!object) return body;
        const data = { ...body.payload.data, object: { id: object.id, object: object.object } };
        return { ...body, payload: { ...body.payload, data } };
      }),
    ),
  },
  // A stated rule without a fault of its own (docs/readings-review.md; issue 22, H2 item 4).
  {
    name: 'connection-error-as-success',
    area: 'webhooks',
    description:
      'An attempt that got no answer at all (connection refused) counts as delivered: only an HTTP error status marks an attempt failed, so a ping to a closed port answers success (spec 6.3: a timeout or a connection error is a failed attempt).',
    proves: ['webhooks.connection-error-fails'],
    wrap: alterAnswer(['pingWebhook'], (delivery) =>
      delivery.attempts >= 1 && delivery.response_status == null && delivery.status !== 'success'
        ? { ...delivery, status: 'success', next_attempt_at: null }
        : delivery,
    ),
  },
];
