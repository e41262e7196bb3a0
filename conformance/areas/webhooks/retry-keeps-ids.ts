import type { ActiveCheck } from '../../check.ts';
import { letFirstRetryCome, needRetries, withWebhook } from '../../kits/webhook-kit.ts';
import { signatureProblem } from '../../kits/webhook-signature.ts';

export const retryKeepsIds: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.retry-keeps-ids',
  area: 'webhooks',
  title:
    'a failed attempt is retried a minute later with the same event id, delivery id and occurred_at, without Svc-Replay, signed afresh',
  spec: '6.1, 6.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    needRetries(context);
    await withWebhook(context, 'retry-keeps-ids', ['lead.created'], async (webhook) => {
      let leadId: string | undefined;
      const ours = (request: { json: any }) => leadId !== undefined && request.json?.data?.object?.id === leadId;
      // The receiver fails the first attempt at the lead's event, and takes the rest.
      webhook.receiver.answer(webhook.path, (request) =>
        ours(request) && webhook.receiver.requestsTo(webhook.path, ours).length === 0 ? 500 : 200,
      );
      leadId = (await context.createLead()).id;
      const first = await webhook.delivery(1, 'lead.created', { match: ours });
      const retry = await webhook.delivery(2, 'the retry of lead.created after a 500', {
        match: ours,
        timeoutMs: await letFirstRetryCome(context),
      });
      const eventId =
        retry.headers['svc-event-id'] !== first.headers['svc-event-id']
          ? `Svc-Event-Id changed from ${first.headers['svc-event-id']} to ${retry.headers['svc-event-id']}`
          : retry.json?.id !== first.json?.id
            ? `the body's event id changed from ${first.json?.id} to ${retry.json?.id}`
            : retry.headers['svc-event-id'] !== retry.json?.id
              ? `the retry's Svc-Event-Id ${retry.headers['svc-event-id']} is not its body's id ${retry.json?.id}`
              : undefined;
      context.judge('webhooks.event-id-same-on-retry', eventId && `across a retry: ${eventId}`);
      context.judge('webhooks.at-least-once', eventId && `a retried event cannot be told a duplicate: ${eventId}`);
      const sameDelivery =
        retry.headers['svc-delivery'] === first.headers['svc-delivery'] &&
        retry.headers['svc-webhook-id'] === first.headers['svc-webhook-id'];
      context.judge(
        'webhooks.delivery-id-same-on-retry',
        sameDelivery
          ? undefined
          : `across a retry Svc-Delivery went from ${first.headers['svc-delivery']} to ${retry.headers['svc-delivery']} (Svc-Webhook-Id ${first.headers['svc-webhook-id']} to ${retry.headers['svc-webhook-id']})`,
      );
      // Spec 6.1: Svc-Replay belongs to replays only; a retry of the same delivery is no replay.
      context.judge(
        'webhooks.header-replay-only-on-replays',
        retry.headers['svc-replay'] !== undefined &&
          `the retry of a delivery carries Svc-Replay ${JSON.stringify(retry.headers['svc-replay'])}: only replayed deliveries carry it, not retries`,
      );
      // Spec 6.1, 6.3: occurred_at is when the event occurred (receivers order by it), the same on every attempt of it.
      context.judge(
        'webhooks.occurred-at-same-on-retry',
        retry.json?.occurred_at !== first.json?.occurred_at &&
          `the retry carries occurred_at ${JSON.stringify(retry.json?.occurred_at)}, the first attempt ${JSON.stringify(first.json?.occurred_at)}: the event occurred once, and a retry keeps its time`,
      );
      // The retry came at least a second after the first attempt (letFirstRetryCome): signed again, its timestamp is later, and the time it was sent.
      const stamp = Number(retry.headers['svc-timestamp']);
      const fresh = stamp > Number(first.headers['svc-timestamp']);
      const drift = Math.round(Math.abs(stamp - retry.receivedAtMs / 1000));
      const signed = signatureProblem(retry.headers['svc-signature'], retry.rawBody, webhook.secret);
      context.judge(
        'webhooks.fresh-timestamp-per-attempt',
        !fresh
          ? `the retry carries Svc-Timestamp ${stamp}, not later than the first attempt's ${first.headers['svc-timestamp']}: every attempt is signed again with a fresh timestamp`
          : drift > 5 * 60
            ? `the retry carries Svc-Timestamp ${stamp}, ${drift} s from the receiver's clock when it came: not the time it was signed`
            : signed
              ? `the retry's signature does not verify: ${signed}`
              : undefined,
      );
    });
  },
};
