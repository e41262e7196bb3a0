// Spec 2.9: one conversation per client per channel, and what a client's message and an answer do to
// it: `last_*_at`, `unread_count`, `sla_due_at` (set while the client waits for an answer; an answer
// ends the wait, the catalog's reading) and `preview`. Clients write in through the mock's simulated
// channels, and the answer is a send: a deployment offers neither safely, so the check skips there.
import type { ActiveCheck } from '../../check.ts';
import {
  RuleJudge,
  SENDS_REACH_CLIENTS,
  clientWritesIn,
  clockForward,
  isTime,
  mockOnly,
  newChannel,
  newClient,
  readConversation,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';

export const clientActivity: ActiveCheck = {
  kind: 'active',
  id: 'conversations.client-activity',
  area: 'conversations',
  title:
    "a client's messages join one conversation per channel and move its times, unread count, answer time and preview; an answer ends the wait",
  spec: '2.9',
  basis: 'documented',
  writes: true,
  async run(context) {
    mockOnly(context, SENDS_REACH_CLIENTS);
    await withFrozenClock(context, async () => {
      const judge = new RuleJudge(context);
      const [bot, instagram] = [await newChannel(context, 'telegram_bot'), await newChannel(context, 'instagram')];
      const client = newClient(context, 'activity');
      const first = await clientWritesIn(context, bot.id, client, 'Hello, is delivery free?');
      const afterFirst = await readConversation(context, first.conversation_id);
      const one = afterFirst.json;
      judge.expect(
        'conversations.last-times',
        isTime(one.last_inbound_at) && one.last_message_at === one.last_inbound_at && one.last_outbound_at === null,
        `after the client's first message: last_message_at ${one.last_message_at}, last_inbound_at ${one.last_inbound_at}, last_outbound_at ${one.last_outbound_at}`,
        afterFirst,
      );
      judge.expect(
        'conversations.sla-due-while-waiting',
        isTime(one.sla_due_at),
        `the client waits for an answer, but sla_due_at is ${JSON.stringify(one.sla_due_at)}`,
        afterFirst,
      );

      await clockForward(context, 1);
      const second = await clientWritesIn(context, bot.id, client, 'And to Samarkand?');
      judge.expect(
        'conversations.one-per-client-per-channel',
        second.conversation_id === first.conversation_id,
        `the same client's second message on the channel started ${second.conversation_id}, not ${first.conversation_id}`,
      );
      const afterSecond = await readConversation(context, first.conversation_id);
      const two = afterSecond.json;
      judge.expect(
        'conversations.unread-count',
        one.unread_count === 1 && two.unread_count === 2,
        `unread_count is ${one.unread_count} after one message from the client and ${two.unread_count} after two`,
        afterSecond,
      );
      judge.expect(
        'conversations.preview',
        two.preview?.text === 'And to Samarkand?' && two.preview?.direction === 'in',
        `preview ${JSON.stringify(two.preview)} is not the client's last message`,
        afterSecond,
      );
      judge.expect(
        'conversations.last-times',
        Date.parse(two.last_inbound_at) > Date.parse(one.last_inbound_at) && two.last_message_at === two.last_inbound_at,
        `last_inbound_at ${two.last_inbound_at} did not move to the second message`,
        afterSecond,
      );

      const elsewhere = await clientWritesIn(context, instagram.id, client, 'Hello again');
      judge.expect(
        'conversations.one-per-client-per-channel',
        elsewhere.conversation_id !== first.conversation_id,
        "the same client on another channel joined the first channel's conversation",
      );
      const other = await clientWritesIn(context, bot.id, newClient(context, 'activity'), 'Do you sell chairs?');
      judge.expect(
        'conversations.one-per-client-per-channel',
        other.conversation_id !== first.conversation_id,
        "another client's message joined the first client's conversation",
      );

      await clockForward(context, 1);
      const answer = await context.client.call('sendMessage', {
        path: { id: first.conversation_id },
        body: { text: 'Yes, delivery is free.' },
      });
      context.expectStatus(answer, 201);
      const afterAnswer = await readConversation(context, first.conversation_id);
      const three = afterAnswer.json;
      judge.expect(
        'conversations.preview',
        three.preview?.text === 'Yes, delivery is free.' && three.preview?.direction === 'out',
        `after an answer, preview is ${JSON.stringify(three.preview)}`,
        afterAnswer,
      );
      const outboundTimes =
        isTime(three.last_outbound_at) && three.last_message_at === three.last_outbound_at && three.last_inbound_at === two.last_inbound_at;
      judge.expect(
        'conversations.last-times',
        outboundTimes,
        `after an answer: last_message_at ${three.last_message_at}, last_outbound_at ${three.last_outbound_at}, last_inbound_at ${three.last_inbound_at}`,
        afterAnswer,
      );
      // Spec 2.9: set while the client waits; that an answer clears it is crmkit's reading.
      const stillDue = `the client has an answer, but sla_due_at is still ${three.sla_due_at}`;
      judge.expect('conversations.sla-due-cleared-by-answer', three.sla_due_at === null, stillDue, afterAnswer);
      judge.judgeAll();
    });
  },
};
