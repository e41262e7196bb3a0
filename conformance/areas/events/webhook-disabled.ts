// Spec 6.4 and 3: a webhook the service disables (its endpoint answered 410) sends
// webhook.disabled about it (data.object is that webhook) to the workspace's other webhooks, also
// those that subscribe to other events; `invoice.*` is a pattern a subscription takes. Three
// webhooks of the check's own: one whose endpoint answers 410 to a lead.created (so the service
// disables it), one subscribed to `*` and one subscribed only to `invoice.*`, which must both be told.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { EnvelopeJudge, eventAbout, eventWaitMs, missing } from '../../kits/events-kit.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { withWebhook, type TestWebhook } from '../../kits/webhook-kit.ts';

export const webhookDisabled: ActiveCheck = {
  kind: 'active',
  id: 'events.webhook-disabled',
  area: 'events',
  title:
    'a webhook disabled after a 410 answer is announced with webhook.disabled about it, also to a webhook subscribed only to invoice.*',
  spec: '3, 6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withWebhook(context, 'disabled-invoices', ['invoice.*'], async (invoices) => {
      context.judge('events.invoice-pattern', undefined);
      await withWebhook(context, 'disabled-all', ['*'], (all) =>
        withWebhook(context, 'disabled-gone', ['lead.created'], async (gone) => {
          gone.receiver.answer(gone.path, () => 410);
          const lead = await context.createLead();
          const refused = await gone.receiver.nth(gone.path, 1, eventWaitMs(context), eventAbout('lead.created', lead.id));
          if (!refused) context.fail(missing(`lead.created about ${lead.id} (to be answered 410)`, eventWaitMs(context) / 1000));
          const judge = new EnvelopeJudge(undefined);
          const toAll = await announcement(context, all, gone.id, judge);
          context.judge('events.webhook-disabled', disabledProblem(toAll, gone.id, eventWaitMs(context) / 1000));
          const toInvoices = await announcement(context, invoices, gone.id, judge);
          context.judge(
            'events.webhook-disabled-whatever-subscribed',
            !toInvoices &&
              missing(
                `webhook.disabled about ${gone.id} at another webhook of the workspace subscribed only to invoice.*`,
                eventWaitMs(context) / 1000,
              ),
          );
          judge.judge(context, ['events.actor-system-empty-id']);
        }),
      );
    });
  },
};

async function announcement(
  context: CheckContext,
  webhook: TestWebhook,
  disabledId: string,
  judge: EnvelopeJudge,
): Promise<ReceivedRequest | undefined> {
  const found = await webhook.receiver.nth(webhook.path, 1, eventWaitMs(context), eventAbout('webhook.disabled', disabledId));
  if (found) judge.add(found, { recordId: disabledId, byKey: false });
  return found;
}

/** The announcement came, and its data.object is the disabled webhook (matched by id; `object` too). */
function disabledProblem(announced: ReceivedRequest | undefined, disabledId: string, seconds: number): string | undefined {
  if (!announced) return missing(`webhook.disabled about ${disabledId} at another webhook of the workspace (subscribed to *)`, seconds);
  const object = announced.json?.data?.object;
  return object?.object !== 'webhook'
    ? `webhook.disabled about ${disabledId} has data.object.object ${JSON.stringify(object?.object)}, not "webhook"`
    : undefined;
}
