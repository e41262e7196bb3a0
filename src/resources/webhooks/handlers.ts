// Handlers of the webhook routes (spec 4.11), by operationId.
import { emit } from '../../events/emit.ts';
import type { TagHandlers } from '../../http/handler.ts';
import { refuseOverPlanLimit } from '../../limits/plans.ts';
import { normalizeId } from '../../ids/ids.ts';
import { newestFirstPage, sortedPage } from '../../store/paging.ts';
import { recordContext, type RecordContext } from '../records/record-context.ts';
import { attemptNow, newDelivery, scheduleAttempt } from './delivery.ts';
import { disableWebhook, enableWebhook } from './disable-webhook.ts';
import { presentDelivery, presentDeliveryDetail, presentWebhook } from './present.ts';
import { resendFailed } from './resend-failed.ts';
import type { StoredDelivery, StoredWebhook } from './webhook-record.ts';
import { deliveriesTo, webhookDelivery } from './delivery-record.ts';
import { newWebhookSecret } from './webhook-secret.ts';
import { newWebhook, webhookChanges } from './webhook-values.ts';
import { notFound } from '../../errors/not-found.ts';

export const webhooksHandlers: TagHandlers<'Webhooks'> = {
  async createWebhook(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = newWebhook(context, handlerContext.input.body);
    // Spec 4.11: the count by plan; app event subscriptions are not webhooks of this table.
    refuseOverPlanLimit(context.workspace, 'webhooks', context.tables.webhooks.size);
    const stored = await context.tables.webhooks.insert(webhook);
    return { status: 201, body: { webhook: presentWebhook(stored), secret: stored.secret } };
  },

  async listWebhooks(handlerContext) {
    const context = recordContext(handlerContext);
    const page = await newestFirstPage(context.tables.webhooks, context.pageRequest());
    return { body: { ...page, data: page.data.map(presentWebhook) } };
  },

  getWebhook(handlerContext) {
    const context = recordContext(handlerContext);
    return { body: presentWebhook(findWebhook(context, handlerContext)) };
  },

  async updateWebhook(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    const body = handlerContext.input.body;
    let updated = await context.tables.webhooks.update(webhook.id, (draft) => void Object.assign(draft, webhookChanges(context, body)));
    // Spec 3, 4.11: `active: true` only turns it on (failure count reset, nothing resent).
    if (body.active === true && !updated.active) updated = await enableWebhook(context.workspace, updated);
    if (body.active === false && updated.active) updated = await disableWebhook(context.state, context.workspace, updated, 'manual');
    return { body: presentWebhook(updated) };
  },

  // No more deliveries to it: its queued deliveries go with it, and their timer entries find nothing.
  deleteWebhook(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    for (const delivery of deliveriesTo(context.tables.deliveries, webhook.id)) context.tables.deliveries.remove(delivery.id);
    context.tables.webhooks.remove(webhook.id);
    return { body: { ok: true, id: webhook.id } };
  },

  // Spec 4.11: "sends a ping event at once and answers with the delivery result". The answer
  // needs the attempt, so this is the one place an attempt is sent inside the request's
  // transaction (at most the 10-second answer limit). A disabled webhook can be pinged: that is
  // how one checks a receiver before enabling it again.
  async pingWebhook(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    const event = await emit(context.workspace, context.actor, 'ping', { id: webhook.id, object: 'webhook' });
    // The outbox stored it as the one delivery of this event to this webhook (queue-events.ts).
    const [delivery] = context.tables.deliveries.findBy('webhookEvent', `${webhook.id} ${event.id}`);
    if (!delivery) throw new Error(`the outbox kept no delivery of ping ${event.id} to ${webhook.id}`);
    return { body: presentDelivery(await attemptNow(context.state, context.workspace, delivery.id)) };
  },

  async enableWebhook(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    const resend = handlerContext.input.body?.resend_failed === true;
    // Enabling an active webhook resets its failure count too (spec 3: "failure count reset").
    const enabled = await enableWebhook(context.workspace, webhook);
    const resent = resend ? await resendFailed(context.state, context.workspace, enabled.id) : 0;
    return { body: { webhook: presentWebhook(enabled), resent } };
  },

  // Spec 4.11: no overlap; deliveries waiting for retry are signed with the new secret, since
  // every attempt reads the webhook's secret when it is signed.
  async rotateWebhookSecret(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    const secret = newWebhookSecret();
    const updated = await context.tables.webhooks.update(webhook.id, (draft) => void (draft.secret = secret));
    return { body: { webhook: presentWebhook(updated), secret } };
  },

  // The administrative envelope of spec 4.11: `next_cursor` is an empty string on the last page.
  async listWebhookDeliveries(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    const newestFirst = deliveriesTo(context.tables.deliveries, webhook.id).reverse();
    const request = context.pageRequest();
    // The cursor is bound to this webhook's list, not only to the operation.
    const page = await sortedPage(
      newestFirst,
      { ...request, list: `${request.list} ${webhook.id}` },
      (delivery) => ({ id: delivery.id }),
      (a, b) => (a.id > b.id ? -1 : a.id < b.id ? 1 : 0),
    );
    return {
      body: {
        object: 'list',
        data: page.data.map(presentDelivery),
        next_cursor: page.next_cursor ?? '',
        has_more: page.next_cursor !== null,
      },
    };
  },

  getWebhookDelivery(handlerContext) {
    const context = recordContext(handlerContext);
    return { body: presentDeliveryDetail(findDelivery(context, handlerContext, findWebhook(context, handlerContext))) };
  },

  // Spec 4.11, 6.1: the same event (same id) under a new delivery id, sent with `Svc-Replay: true`.
  async replayWebhookDelivery(handlerContext) {
    const context = recordContext(handlerContext);
    const webhook = findWebhook(context, handlerContext);
    const original = findDelivery(context, handlerContext, webhook);
    const replay = await context.tables.deliveries.insert(
      newDelivery(context.workspace, webhook.id, original.payload, { replayOf: original.id }),
    );
    scheduleAttempt(context.state, context.workspace, replay);
    return { status: 201, body: presentDelivery(replay) };
  },
};

/** The webhook of a route's `{id}`. */
function findWebhook(context: RecordContext, { input }: { input: { path: { id: string } } }): StoredWebhook {
  const webhook = context.tables.webhooks.get(normalizeId(input.path.id));
  if (!webhook) throw notFound(input.path.id, 'webhook');
  return webhook;
}

/** The delivery of a route's `{did}`, of that webhook only. */
function findDelivery(context: RecordContext, { input }: { input: { path: { did: string } } }, webhook: StoredWebhook): StoredDelivery {
  const delivery = webhookDelivery(context.tables.deliveries, input.path.did);
  if (!delivery || delivery.webhook_id !== webhook.id) throw notFound(input.path.did, 'delivery');
  return delivery;
}
