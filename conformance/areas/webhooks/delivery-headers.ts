// Spec 6.1 (the headers of a delivery) and 4.11 (ping sends a ping event): a ping's delivery is a
// JSON POST carrying every header of the table, each agreeing with the body, the webhook and the
// ping's answer. Each header is a rule of its own (judged one by one). The body envelope's fields
// are the events family's (events.yaml).
import type { ActiveCheck } from '../../check.ts';
import { withWebhook } from '../../kits/webhook-kit.ts';

export const deliveryHeaders: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.delivery-headers',
  area: 'webhooks',
  title: 'a delivery is a JSON POST with every header of 6.1, each agreeing with the body and the webhook',
  spec: '4.11, 6.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'delivery-headers', ['lead.created'], async (webhook) => {
      const ping = await context.client.call('pingWebhook', { path: { id: webhook.id } });
      context.expectStatus(ping, 200);
      const request = await webhook.delivery(1, 'the ping');
      context.judge('webhooks.ping-sends', undefined, ping);
      const { headers, json: event } = request;
      const show = (name: string) => `${name}: ${JSON.stringify(headers[name] ?? null)}`;
      const judge = (rule: string, ok: boolean, problem: string) =>
        context.judge(rule, ok ? undefined : `the ping's delivery: ${problem}`, ping);
      judge(
        'webhooks.delivery-post-json',
        request.method === 'POST' && event !== undefined && typeof event === 'object',
        `sent with ${request.method} and a body that is ${event && typeof event === 'object' ? 'a JSON object' : 'no JSON object'}, not a POST of a JSON object`,
      );
      judge(
        'webhooks.header-content-type',
        /^application\/json\b/.test(headers['content-type'] ?? ''),
        `${show('content-type')}, not application/json`,
      );
      judge(
        'webhooks.header-user-agent',
        /^Svc-Webhooks\/1\.0\b.*https?:\/\/\S+/.test(headers['user-agent'] ?? ''),
        `${show('user-agent')}, not Svc-Webhooks/1.0 followed by a link to the documentation`,
      );
      judge(
        'webhooks.header-event',
        headers['svc-event'] === 'ping' && headers['svc-event'] === event?.type,
        `${show('svc-event')} for a ping whose body type is ${event?.type}`,
      );
      judge(
        'webhooks.header-event-id',
        /^evt_\S+$/.test(headers['svc-event-id'] ?? '') && headers['svc-event-id'] === event?.id,
        `${show('svc-event-id')}, body id ${event?.id}: an evt_ id equal to the body's`,
      );
      const deliveryProblem = !/^dlv_\S+$/.test(headers['svc-delivery'] ?? '')
        ? `${show('svc-delivery')}, not a dlv_ id`
        : typeof ping.json?.id === 'string' && headers['svc-delivery'] !== ping.json.id
          ? `${show('svc-delivery')}, but the ping answered delivery ${ping.json.id}`
          : undefined;
      judge('webhooks.header-delivery', deliveryProblem === undefined, deliveryProblem ?? '');
      judge(
        'webhooks.header-webhook-id',
        headers['svc-webhook-id'] === webhook.id,
        `${show('svc-webhook-id')}, not the webhook's id ${webhook.id}`,
      );
      judge('webhooks.header-timestamp', /^[0-9]+$/.test(headers['svc-timestamp'] ?? ''), `${show('svc-timestamp')}, not Unix seconds`);
      const signature = /^t=([0-9]+),v1=[0-9a-f]{64}$/.exec(headers['svc-signature'] ?? '');
      judge(
        'webhooks.header-signature-format',
        signature !== null && signature[1] === headers['svc-timestamp'],
        signature
          ? `${show('svc-signature')}: its t is not Svc-Timestamp ${headers['svc-timestamp']}`
          : `${show('svc-signature')}, not t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`,
      );
      judge(
        'webhooks.header-replay-only-on-replays',
        headers['svc-replay'] === undefined,
        `${show('svc-replay')} on a delivery that is no replay (only replays carry it)`,
      );
    });
  },
};
