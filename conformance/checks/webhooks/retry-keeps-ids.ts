import type { ActiveCheck } from '../../check.ts';
import { letFirstRetryCome, needRetries, withWebhook } from '../../webhook-kit.ts';
import { signatureProblem } from '../../webhook-signature.ts';

export const retryKeepsIds: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.retry-keeps-ids',
  family: 'webhooks',
  title: 'a failed attempt is retried a minute later with the same event id and delivery id, signed afresh',
  spec: '6.1, 6.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    needRetries(context);
    await withWebhook(context, 'retry-keeps-ids', ['lead.created'], async (webhook) => {
      let leadId: string | undefined;
      const ours = (request: { json: any }) => leadId !== undefined && request.json?.data?.object?.id === leadId;
      // The receiver fails the first attempt at the lead's event, and takes the rest.
      webhook.receiver.answer(webhook.path, (request) => (ours(request) && webhook.receiver.requestsTo(webhook.path, ours).length === 0 ? 500 : 200));
      leadId = (await context.createLead()).id;
      const first = await webhook.delivery(1, 'lead.created', { match: ours });
      const retry = await webhook.delivery(2, 'the retry of lead.created after a 500', { match: ours, timeoutMs: await letFirstRetryCome(context) });
      const problems: string[] = [];
      const same = (name: string, what: string) => {
        if (retry.headers[name] !== first.headers[name]) problems.push(`${what} changed from ${first.headers[name]} to ${retry.headers[name]}`);
      };
      same('svc-event-id', 'Svc-Event-Id');
      if (retry.json?.id !== first.json?.id) problems.push(`the body's event id changed from ${first.json?.id} to ${retry.json?.id}`);
      if (retry.headers['svc-event-id'] !== retry.json?.id) problems.push(`the retry's Svc-Event-Id ${retry.headers['svc-event-id']} is not its body's id ${retry.json?.id}`);
      same('svc-delivery', 'Svc-Delivery');
      same('svc-webhook-id', 'Svc-Webhook-Id');
      if (!(Number(retry.headers['svc-timestamp']) > Number(first.headers['svc-timestamp']))) {
        problems.push(`the retry carries Svc-Timestamp ${retry.headers['svc-timestamp']}, not later than the first attempt's ${first.headers['svc-timestamp']}: every attempt is signed again with a fresh timestamp`);
      }
      const signed = signatureProblem(retry.headers['svc-signature'], retry.rawBody, webhook.secret);
      if (signed) problems.push(`the retry's signature does not verify: ${signed}`);
      if (problems.length) context.fail(`across a retry: ${problems.join('; ')}`);
    });
  },
};
