import type { ActiveCheck } from '../../check.ts';
import { withWebhook } from '../../webhook-kit.ts';
import { signatureProblem } from '../../webhook-signature.ts';

export const replay: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.replay',
  family: 'webhooks',
  title: 'a replay resends the same event (same id) under a new delivery id, with Svc-Replay: true',
  spec: '4.11, 6.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'replay', ['lead.created'], async (webhook) => {
      const lead = await context.createLead();
      const ours = (request: { json: any }) => request.json?.data?.object?.id === lead.id;
      const original = await webhook.delivery(1, 'lead.created', { match: ours });
      const deliveryId = original.headers['svc-delivery'];
      if (!deliveryId) context.fail('the delivery carries no Svc-Delivery: there is no delivery id to replay');
      const replayed = await context.client.send('POST', `/v1/webhooks/${webhook.id}/deliveries/${deliveryId}/replay`);
      context.expectStatus(replayed, 200, 201, 202);
      const again = await webhook.delivery(2, 'the replayed lead.created', { match: ours });
      const sameEvent = again.headers['svc-event-id'] !== original.headers['svc-event-id'] ? `Svc-Event-Id changed from ${original.headers['svc-event-id']} to ${again.headers['svc-event-id']}`
        : again.json?.id !== original.json?.id ? `the body's event id changed from ${original.json?.id} to ${again.json?.id}`
        : undefined;
      context.judge('webhooks.replay-same-event', sameEvent && `the replay: ${sameEvent}`, replayed);
      context.judge('webhooks.at-least-once', sameEvent && `a replayed event cannot be told a duplicate: ${sameEvent}`, replayed);
      context.judge('webhooks.replay-header', again.headers['svc-replay'] === 'true' ? undefined : `the replay carries Svc-Replay ${JSON.stringify(again.headers['svc-replay'] ?? null)}, not "true"`, replayed);
      const newId = !/^dlv_\S+$/.test(again.headers['svc-delivery'] ?? '') || again.headers['svc-delivery'] === deliveryId ? `Svc-Delivery is ${again.headers['svc-delivery']}; a replay has a new delivery id, not the original's ${deliveryId}`
        : typeof replayed.json?.id === 'string' && replayed.json.id !== again.headers['svc-delivery'] ? `Svc-Delivery is ${again.headers['svc-delivery']}, but the replay route answered delivery ${replayed.json.id}`
        : undefined;
      context.judge('webhooks.replay-new-delivery-id', newId && `the replay: ${newId}`, replayed);
      const signed = signatureProblem(again.headers['svc-signature'], again.rawBody, webhook.secret);
      if (signed) context.fail(`the replay's signature does not verify: ${signed}`, replayed, 'webhooks.signature-hmac');
    });
  },
};
