// Spec 4.11 and 6.4: a webhook subscribes with patterns, "an event name, a group (`lead.*`), or
// `*`". Three webhooks of the check's own, one per kind of pattern, and three events the check
// causes: lead.created and lead.stage_changed (group `lead`) and contact.created. What should
// arrive is waited for; what should not is judged once the events that did arrive are in (the
// deliveries of one event are made together), after a moment more, on the receiver and in the
// webhook's deliveries list. Only the records this check made are looked at. Without a receiver
// the deployment reaches, the webhooks point at a URL that reaches no one and what each got is
// read from its delivery log (4.11).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { allDeliveries, settle, withEventWebhook, type EventWebhook } from '../../kits/webhook-kit.ts';

type Caused = { type: string; recordId: string };

export const eventPatterns: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.event-patterns',
  area: 'webhooks',
  title:
    'a webhook gets the events its patterns name: an event name only that type, a group such as lead.* every type of the group and no other, * every type',
  spec: '4.11, 6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    await withEventWebhook(context, 'pattern-group', ['lead.*'], async (group) => {
      await withEventWebhook(context, 'pattern-all', ['*'], async (all) => {
        await withEventWebhook(context, 'pattern-name', ['contact.created'], async (name) => {
          const caused = await causeEvents(context);
          const [leadCreated, stageChanged, contactCreated] = caused;
          const leadEvents = [leadCreated, ...(stageChanged ? [stageChanged] : [])];
          // The webhook on * learns each event's id, by which the others' deliveries lists are searched.
          const ids = await arrivals(context, all, [...leadEvents, contactCreated], 'a webhook subscribed to *', 'webhooks.pattern-all');
          context.judge('webhooks.pattern-all', undefined);
          await arrivals(context, group, leadEvents, 'a webhook subscribed to lead.*', 'webhooks.pattern-group');
          await arrivals(context, name, [contactCreated], 'a webhook subscribed to contact.created', 'webhooks.pattern-name');
          await settle(context.target.mock ? 200 : 2_000);
          const groupStray = await strays(context, group, [contactCreated], ids);
          const nameStray = await strays(context, name, leadEvents, ids);
          context.judge('webhooks.pattern-group', groupStray ? `a webhook subscribed to lead.* got ${groupStray}` : undefined);
          context.judge('webhooks.pattern-name', nameStray ? `a webhook subscribed to contact.created got ${nameStray}` : undefined);
        });
      });
    });
  },
};

/** A lead (lead.created), its move to another open stage (lead.stage_changed, when the pipelines route answers) and a contact (contact.created). */
async function causeEvents(context: CheckContext): Promise<[Caused, Caused | undefined, Caused]> {
  const lead = await context.createLead();
  let stageChanged: Caused | undefined;
  const pipelines = await context.client.call('listPipelines');
  const pipeline = pipelines.status === 200 ? pipelines.json?.data?.find((candidate: any) => candidate.id === lead.pipeline_id) : undefined;
  const otherOpen = pipeline?.stages?.find((stage: any) => stage.type === 'open' && stage.id !== lead.stage_id);
  if (otherOpen) {
    const moved = await context.client.call('updateLead', { path: { id: lead.id }, body: { stage_id: otherOpen.id } });
    context.expectStatus(moved, 200);
    stageChanged = { type: 'lead.stage_changed', recordId: lead.id };
  }
  const contact = await context.client.call('createContact', { body: { name: `conformance ${context.runId} event-patterns` } });
  context.expectStatus(contact, 201);
  context.cleanup(() => context.client.call('deleteContact', { path: { id: contact.json.id } }));
  return [{ type: 'lead.created', recordId: lead.id }, stageChanged, { type: 'contact.created', recordId: contact.json.id }];
}

const isEvent = (event: Caused) => (request: SeenEvent) =>
  request.json?.type === event.type && request.json?.data?.object?.id === event.recordId;

/** Waits for each event at the webhook (the check fails at `rule` when one does not come); answers the events' ids. */
async function arrivals(
  context: CheckContext,
  webhook: EventWebhook,
  events: Caused[],
  who: string,
  rule: string,
): Promise<Map<Caused, string>> {
  const ids = new Map<Caused, string>();
  const waitMs = context.target.mock ? 5_000 : 30_000;
  for (const event of events) {
    const found = await webhook.event(1, waitMs, isEvent(event));
    const where = webhook.seenAt === 'log' ? ' (its delivery log shows none)' : '';
    if (!found) context.fail(`${who} did not get ${event.type} of ${event.recordId} within ${waitMs / 1000} s${where}`, undefined, rule);
    ids.set(event, found.json.id);
  }
  return ids;
}

/** The events of `unwanted` that reached the webhook or are among its deliveries, described; undefined when none did. */
async function strays(
  context: CheckContext,
  webhook: EventWebhook,
  unwanted: Caused[],
  ids: Map<Caused, string>,
): Promise<string | undefined> {
  const deliveries = await allDeliveries(context, webhook.id);
  const seen = await webhook.events(() => true);
  const found = unwanted.filter(
    (event) => seen.some(isEvent(event)) || deliveries.some((delivery) => delivery.event_id === ids.get(event)),
  );
  return found.length ? found.map((event) => `${event.type} of ${event.recordId}`).join(', ') : undefined;
}
