// Spec 2.13 and 4.11: the `channels` filter applies to events carrying `channel` (conversation and
// message events; its values are channel types, a reading of the document). Two channels of the
// check's own on a mock (whatsapp and telegram_bot), a client writing in on each (the mock's
// control API: a deployment offers no way to make a client write in), and each conversation
// resolved: conversation.status_changed must reach a webhook filtered on whatsapp only for the
// whatsapp conversation. What is kept out is judged once an unfiltered watcher has both events,
// after a moment more.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { clientWritesIn, mockOnly, newChannel, newClient } from '../../kits/conversations-kit.ts';
import type { ReceivedRequest } from '../../../harness/webhook-receiver.ts';
import { allDeliveries, settle, withWebhook } from '../../kits/webhook-kit.ts';

export const channelFilter: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.channel-filter',
  area: 'webhooks',
  title: 'a channels filter keeps out conversation events of channels it does not list, and lets listed ones through',
  spec: '2.13, 4.11',
  basis: 'documented',
  writes: true,
  async run(context) {
    mockOnly(context, 'a deployment offers no way to make a client write in on a channel');
    const events = ['conversation.status_changed'];
    await withWebhook(context, 'channel-filter', { events, filters: { channels: ['whatsapp'] } }, async (filtered) => {
      await withWebhook(context, 'channel-filter-watcher', events, async (watcher) => {
        const listed = await resolvedConversation(context, 'whatsapp');
        const other = await resolvedConversation(context, 'telegram_bot');
        const about = (id: string) => (request: ReceivedRequest) =>
          request.json?.type === 'conversation.status_changed' && request.json?.data?.object?.id === id;
        const otherEvent = await watcher.delivery(1, `conversation.status_changed of ${other}`, { match: about(other) });
        await watcher.delivery(1, `conversation.status_changed of ${listed}`, { match: about(listed) });
        const passed = await filtered.receiver.nth(filtered.path, 1, 2_000, about(listed));
        await settle(200);
        const strayed =
          filtered.receiver.requestsTo(filtered.path, about(other)).length > 0 ||
          (await allDeliveries(context, filtered.id)).some((delivery) => delivery.event_id === otherEvent.json?.id);
        context.judge(
          'webhooks.filter-channel',
          !passed
            ? 'conversation.status_changed of a whatsapp conversation did not reach a webhook filtered on whatsapp'
            : strayed
              ? 'conversation.status_changed of a telegram_bot conversation reached a webhook filtered on whatsapp'
              : undefined,
        );
      });
    });
  },
};

/** A client writes in on a new channel of `type`, and the conversation is resolved; answers its id. */
async function resolvedConversation(context: CheckContext, type: 'whatsapp' | 'telegram_bot'): Promise<string> {
  const channel = await newChannel(context, type);
  const { conversation_id: id } = await clientWritesIn(
    context,
    channel.id,
    newClient(context, `channel-filter-${type}`),
    'Is the grey sofa still available?',
  );
  context.expectStatus(await context.client.call('resolveConversation', { path: { id } }), 200);
  return id;
}
