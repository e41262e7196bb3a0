// Spec 2.9, 4.8 and 7.3: a client who opted out on a channel shows `do_not_contact` true; a message
// to them answers 409 `opted_out` unless `force` is true, which sends it (201, `queued`). The opt-out
// is "on this channel": the same client's conversation on another channel is not touched. Only the
// client opts out, in the messenger: the mock's control API stands in for them, and a deployment's
// opted-out client is a real person, so the check skips there.
import type { ActiveCheck } from '../../check.ts';
import {
  SENDS_REACH_CLIENTS,
  clientWritesIn,
  mockOnly,
  newChannel,
  newClient,
  readConversation,
  setDoNotContact,
} from '../../kits/conversations-kit.ts';

export const optOut: ActiveCheck = {
  kind: 'active',
  id: 'conversations.opt-out',
  area: 'conversations',
  title: 'a client who opted out shows do_not_contact; a send answers 409 opted_out unless force is true',
  spec: '2.9, 4.8, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    mockOnly(context, SENDS_REACH_CLIENTS);
    const [channel, otherChannel] = [await newChannel(context, 'telegram_bot'), await newChannel(context, 'email')];
    const client = newClient(context, 'opt-out');
    const { conversation_id: id } = await clientWritesIn(context, channel.id, client, 'Please stop writing to me.');
    const { conversation_id: elsewhere } = await clientWritesIn(context, otherChannel.id, client, 'Please send the invoice here.');
    const before = await readConversation(context, id);
    await setDoNotContact(context, id, true);
    const after = await readConversation(context, id);
    const shown = before.json.do_not_contact === false && after.json.do_not_contact === true;
    context.judge(
      'conversations.do-not-contact-field',
      !shown && `do_not_contact is ${before.json.do_not_contact} before the client opted out and ${after.json.do_not_contact} after`,
      after,
    );

    const refused = await context.client.call('sendMessage', { path: { id }, body: { text: 'One last offer!' } });
    context.judge(
      'conversations.opted-out',
      (refused.status !== 409 || refused.json?.error?.code !== 'opted_out') &&
        `a send to a client who opted out answered ${[refused.status, refused.json?.error?.code].filter(Boolean).join(' ')}, not 409 opted_out`,
      refused,
    );
    const otherRead = await readConversation(context, elsewhere);
    const otherSend = await context.client.call('sendMessage', { path: { id: elsewhere }, body: { text: 'Here is your invoice.' } });
    const perChannel = otherRead.json.do_not_contact === false && otherSend.status === 201;
    context.judge(
      'conversations.opt-out-per-channel',
      !perChannel &&
        `the client opted out on ${channel.type} only, but on ${otherChannel.type} do_not_contact is ${otherRead.json.do_not_contact} and a send answered ${[otherSend.status, otherSend.json?.error?.code].filter(Boolean).join(' ')}`,
      perChannel ? otherRead : otherSend,
    );
    const forced = await context.client.call('sendMessage', { path: { id }, body: { text: 'Your refund was sent.', force: true } });
    context.judge(
      'conversations.force-sends',
      (forced.status !== 201 || forced.json?.status !== 'queued') &&
        `a send with force true answered ${forced.status} ${forced.json?.status ?? forced.json?.error?.code ?? ''}, not 201 queued`,
      forced,
    );
  },
};
