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
      const problems: string[] = [];
      if (again.headers['svc-replay'] !== 'true') problems.push(`Svc-Replay is ${JSON.stringify(again.headers['svc-replay'] ?? null)}, not "true"`);
      if (again.headers['svc-event-id'] !== original.headers['svc-event-id']) problems.push(`Svc-Event-Id changed from ${original.headers['svc-event-id']} to ${again.headers['svc-event-id']}`);
      if (again.json?.id !== original.json?.id) problems.push(`the body's event id changed from ${original.json?.id} to ${again.json?.id}`);
      if (!/^dlv_\S+$/.test(again.headers['svc-delivery'] ?? '') || again.headers['svc-delivery'] === deliveryId) {
        problems.push(`Svc-Delivery is ${again.headers['svc-delivery']}; a replay has a new delivery id, not the original's ${deliveryId}`);
      } else if (typeof replayed.json?.id === 'string' && replayed.json.id !== again.headers['svc-delivery']) {
        problems.push(`Svc-Delivery is ${again.headers['svc-delivery']}, but the replay route answered delivery ${replayed.json.id}`);
      }
      const signed = signatureProblem(again.headers['svc-signature'], again.rawBody, webhook.secret);
      if (signed) problems.push(`the replay's signature does not verify: ${signed}`);
      if (problems.length) context.fail(`the replay: ${problems.join('; ')}`, replayed);
    });
  },
};
