import type { ActiveCheck } from '../../check.ts';
import { withWebhook } from '../../webhook-kit.ts';

export const deliveryHeaders: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.delivery-headers',
  family: 'webhooks',
  title: 'a delivery is a JSON POST with every header of 6.1, each agreeing with the body and the webhook',
  spec: '4.11, 6.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'delivery-headers', ['lead.created'], async (webhook) => {
      const ping = await context.client.send('POST', `/v1/webhooks/${webhook.id}/ping`);
      context.expectStatus(ping, 200);
      const request = await webhook.delivery(1, 'the ping');
      const { headers, json: event } = request;
      const problems: string[] = [];
      const expect = (ok: boolean, problem: string) => void (ok || problems.push(problem));
      const show = (name: string) => `${name}: ${JSON.stringify(headers[name] ?? null)}`;
      expect(request.method === 'POST', `sent with ${request.method}, not POST`);
      expect(/^application\/json\b/.test(headers['content-type'] ?? ''), `${show('content-type')}, not application/json`);
      expect(event !== undefined && typeof event === 'object', 'the body is not a JSON object');
      expect(/^Svc-Webhooks\/1\.0\b.*https?:\/\/\S+/.test(headers['user-agent'] ?? ''), `${show('user-agent')}, not Svc-Webhooks/1.0 followed by a link to the documentation`);
      expect(headers['svc-event'] === 'ping' && headers['svc-event'] === event?.type, `${show('svc-event')} for a ping whose body type is ${event?.type}`);
      expect(/^evt_\S+$/.test(headers['svc-event-id'] ?? '') && headers['svc-event-id'] === event?.id, `${show('svc-event-id')}, body id ${event?.id}: an evt_ id equal to the body's`);
      expect(/^dlv_\S+$/.test(headers['svc-delivery'] ?? ''), `${show('svc-delivery')}, not a dlv_ id`);
      if (typeof ping.json?.id === 'string') expect(headers['svc-delivery'] === ping.json.id, `${show('svc-delivery')}, but the ping answered delivery ${ping.json.id}`);
      expect(headers['svc-webhook-id'] === webhook.id, `${show('svc-webhook-id')}, not the webhook's id ${webhook.id}`);
      expect(/^[0-9]+$/.test(headers['svc-timestamp'] ?? ''), `${show('svc-timestamp')}, not Unix seconds`);
      const signature = /^t=([0-9]+),v1=[0-9a-f]{64}$/.exec(headers['svc-signature'] ?? '');
      expect(signature !== null, `${show('svc-signature')}, not t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`);
      if (signature) expect(signature[1] === headers['svc-timestamp'], `${show('svc-signature')}: its t is not Svc-Timestamp ${headers['svc-timestamp']}`);
      expect(headers['svc-replay'] === undefined, `${show('svc-replay')} on a delivery that is no replay (only replays carry it)`);
      expect(event?.object === 'event' && event?.workspace_id !== undefined && typeof event?.occurred_at === 'string', 'the body is not the event envelope (object: event, workspace_id, occurred_at)');
      if (problems.length) context.fail(`the ping's delivery: ${problems.join('; ')}`, ping);
    });
  },
};
