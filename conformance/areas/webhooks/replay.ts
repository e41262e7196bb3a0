// Spec 4.11 ("Replay resends with the same event id and header `Svc-Replay: true`; new delivery
// id") and 6.1. Without a receiver the deployment reaches, the webhook points at a URL that
// reaches no one and the replay is found in its delivery log: the same event (its payload's id)
// under a new delivery id; the header and the signature need a receiver.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { eventAbout, eventWaitMs } from '../../kits/events-kit.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { RECEIVER_ONLY, receiverReachable, withEventWebhook, withWebhook } from '../../kits/webhook-kit.ts';
import { signatureProblem } from '../../kits/webhook-signature.ts';

export const replay: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.replay',
  area: 'webhooks',
  title: 'a replay resends the same event (same id) under a new delivery id, with Svc-Replay: true',
  spec: '4.11, 6.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!receiverReachable(context)) return replayFromLog(context);
    await withWebhook(context, 'replay', ['lead.created'], async (webhook) => {
      const lead = await context.createLead();
      const ours = (request: { json: any }) => request.json?.data?.object?.id === lead.id;
      const original = await webhook.delivery(1, 'lead.created', { match: ours });
      const deliveryId = original.headers['svc-delivery'];
      if (!deliveryId) context.fail('the delivery carries no Svc-Delivery: there is no delivery id to replay');
      const replayed = await context.client.call('replayWebhookDelivery', { path: { id: webhook.id, did: deliveryId } });
      context.expectStatus(replayed, 200, 201, 202);
      const again = await webhook.delivery(1, 'the replayed lead.created', {
        match: (request) => ours(request) && request !== original && claimsReplay(request, deliveryId!, replayed.json?.id),
      });
      const sameEvent =
        again.headers['svc-event-id'] !== original.headers['svc-event-id']
          ? `Svc-Event-Id changed from ${original.headers['svc-event-id']} to ${again.headers['svc-event-id']}`
          : again.json?.id !== original.json?.id
            ? `the body's event id changed from ${original.json?.id} to ${again.json?.id}`
            : undefined;
      context.judge('webhooks.replay-same-event', sameEvent && `the replay: ${sameEvent}`, replayed);
      context.judge('webhooks.at-least-once', sameEvent && `a replayed event cannot be told a duplicate: ${sameEvent}`, replayed);
      context.judge(
        'webhooks.replay-header',
        again.headers['svc-replay'] === 'true'
          ? undefined
          : `the replay carries Svc-Replay ${JSON.stringify(again.headers['svc-replay'] ?? null)}, not "true"`,
        replayed,
      );
      const newId =
        !/^dlv_\S+$/.test(again.headers['svc-delivery'] ?? '') || again.headers['svc-delivery'] === deliveryId
          ? `Svc-Delivery is ${again.headers['svc-delivery']}; a replay has a new delivery id, not the original's ${deliveryId}`
          : typeof replayed.json?.id === 'string' && replayed.json.id !== again.headers['svc-delivery']
            ? `Svc-Delivery is ${again.headers['svc-delivery']}, but the replay route answered delivery ${replayed.json.id}`
            : undefined;
      context.judge('webhooks.replay-new-delivery-id', newId && `the replay: ${newId}`, replayed);
      const signed = signatureProblem(again.headers['svc-signature'], again.rawBody, webhook.secret);
      if (signed) context.fail(`the replay's signature does not verify: ${signed}`, replayed, 'webhooks.signature-hmac');
    });
  },
};

/** A replay of a delivery to a URL that reaches no one, as the log shows it: a second delivery of the event, with an id of its own. */
async function replayFromLog(context: CheckContext): Promise<void> {
  await withEventWebhook(context, 'replay', ['lead.created'], async (webhook) => {
    const lead = await context.createLead();
    const ours = eventAbout('lead.created', lead.id);
    const absent = (what: string) => `${what} about ${lead.id} did not appear in the webhook's delivery log`;
    const original = (await webhook.event(1, eventWaitMs(context), ours)) ?? context.fail(absent('lead.created'));
    const deliveryId = original.logged?.json?.id;
    // String(): a delivery the log shows without an id is still asked for by its path, and the answer judged, as before.
    const replayed = await context.client.call('replayWebhookDelivery', { path: { id: webhook.id, did: String(deliveryId) } });
    context.expectStatus(replayed, 200, 201, 202);
    const replayedId = typeof replayed.json?.id === 'string' ? replayed.json.id : undefined;
    // Spec 6.3 allows duplicates: the replay is the delivery the route answered, not the event's second delivery.
    const isReplay = (event: SeenEvent) =>
      ours(event) && (replayedId ? event.logged?.json?.id === replayedId : event.logged?.json?.id !== deliveryId);
    const again = (await webhook.event(1, eventWaitMs(context), isReplay)) ?? context.fail(absent('the replayed lead.created'), replayed);
    const sameEvent =
      again.json?.id !== original.json?.id && `the replay's payload has event id ${again.json?.id}, not ${original.json?.id}`;
    context.judge('webhooks.replay-same-event', sameEvent, again.logged);
    const againId = again.logged?.json?.id;
    const shown = `the log shows the replay as delivery ${againId}`;
    const newId =
      !/^dlv_\S+$/.test(againId ?? '') || againId === deliveryId
        ? `${shown}; a replay has a new delivery id, not the original's ${deliveryId}`
        : typeof replayed.json?.id === 'string' && replayed.json.id !== againId
          ? `${shown}, but the replay route answered delivery ${replayed.json.id}`
          : undefined;
    context.judge('webhooks.replay-new-delivery-id', newId, replayed);
    for (const rule of ['webhooks.replay-header', 'webhooks.signature-hmac', 'webhooks.at-least-once']) {
      context.skipRule(rule, `it is in the request's headers; ${RECEIVER_ONLY}`);
    }
  });
}

/**
 * A request that says it is the replay: it carries the delivery id the replay route answered, or a
 * Svc-Replay header, or the original's delivery id again. A duplicate of the original (spec 6.3:
 * at-least-once) comes under a delivery id of its own and says none of these.
 */
function claimsReplay(request: ReceivedRequest, originalId: string, answeredId: unknown): boolean {
  const delivery = request.headers['svc-delivery'];
  return delivery === answeredId || delivery === originalId || request.headers['svc-replay'] !== undefined;
}
