// Spec 6.4 and 3: a webhook the service disables (its endpoint answered 410) sends
// webhook.disabled about it to the workspace's other webhooks; the ping route sends a `ping`
// event; `invoice.*` is a pattern a subscription takes. Three webhooks of the check's own: one
// whose endpoint takes its ping and then answers 410 to a lead.created (so the service disables
// it), one subscribed to `*` and one subscribed only to `invoice.*`, which must both be told. The
// 410 comes from a real event rather than the ping: whether a test ping's answer may disable a
// webhook is not shown.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { EnvelopeJudge, eventAbout, eventWaitMs, missing } from '../../events-kit.ts';
import type { ReceivedRequest } from '../../webhook-receiver.ts';
import { withWebhook, type TestWebhook } from '../../webhook-kit.ts';

export const webhookDisabled: ActiveCheck = {
  kind: 'active',
  id: 'events.webhook-disabled',
  family: 'events',
  title: "a webhook disabled after a 410 answer is announced with webhook.disabled to the workspace's other webhooks, whatever they subscribe to; a ping sends `ping`",
  spec: '3, 6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'disabled-invoices', ['invoice.*'], async (invoices) => {
      context.judge('events.invoice-pattern', undefined);
      await withWebhook(context, 'disabled-all', ['*'], (all) =>
        withWebhook(context, 'disabled-gone', ['lead.created'], async (gone) => {
          await judgePing(context, gone);
          gone.receiver.answer(gone.path, () => 410);
          const lead = await context.createLead();
          const refused = await gone.receiver.nth(gone.path, 1, eventWaitMs(context), eventAbout('lead.created', lead.id));
          if (!refused) context.fail(missing(`lead.created about ${lead.id} (to be answered 410)`, eventWaitMs(context) / 1000));
          const judge = new EnvelopeJudge(undefined);
          const toAll = await announcement(context, all, gone.id, judge);
          context.judge('events.webhook-disabled', !toAll && missing(`webhook.disabled about ${gone.id} at another webhook of the workspace (subscribed to *)`, eventWaitMs(context) / 1000));
          const toInvoices = await announcement(context, invoices, gone.id, judge);
          context.judge('events.webhook-disabled-whatever-subscribed', !toInvoices && missing(`webhook.disabled about ${gone.id} at another webhook of the workspace subscribed only to invoice.*`, eventWaitMs(context) / 1000));
          judge.judge(context, ['events.actor-system-empty-id']);
        }),
      );
    });
  },
};

/** The ping route (spec 4.11) sends a `ping` event to the webhook pinged. */
async function judgePing(context: CheckContext, webhook: TestWebhook): Promise<void> {
  const pinged = await context.client.send('POST', `/v1/webhooks/${webhook.id}/ping`);
  context.expectStatus(pinged, 200, 201);
  const ping = await webhook.receiver.nth(webhook.path, 1, eventWaitMs(context), (request) => request.json?.type === 'ping' || request.headers['svc-event'] === 'ping');
  context.judge('events.ping', !ping && missing(`a ping event after POST /v1/webhooks/${webhook.id}/ping`, eventWaitMs(context) / 1000));
}

async function announcement(context: CheckContext, webhook: TestWebhook, disabledId: string, judge: EnvelopeJudge): Promise<ReceivedRequest | undefined> {
  const found = await webhook.receiver.nth(webhook.path, 1, eventWaitMs(context), eventAbout('webhook.disabled', disabledId));
  if (found) judge.add(found, { recordId: disabledId, byKey: false });
  return found;
}
