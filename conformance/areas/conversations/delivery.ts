// Spec 3 "Message (outgoing)", 2.10 and 7.3: an outgoing message walks queued -> sent -> delivered
// -> read as the channel reports; a channel failure from `queued` or from `sent` ends it `failed`
// with the reason in `error`; a retry of a failed message sends it again (its state right after the
// retry is not shown: anything but `failed`, then `sent` once the channel reports); a retry of any
// other message answers 409 `not_failed`. The mock's channel reports on its clock (sent 1 s after
// queuing, delivered at 2 s, read at 5 s; control/channels.yaml), which the check moves; a
// deployment's channels are real messengers, and sends reach real clients: it skips there.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import {
  SENDS_REACH_CLIENTS,
  clientWritesIn,
  clockForward,
  mockOnly,
  newChannel,
  newClient,
  readMessage,
  setChannelOutcome,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';

const REFUSAL = 'The client blocked the bot.';

export const messageDelivery: ActiveCheck = {
  kind: 'active',
  id: 'conversations.delivery',
  area: 'conversations',
  title:
    'outgoing messages walk queued, sent, delivered, read; fail with the reason from queued or sent; a failed one retries, another answers not_failed',
  spec: '3, 2.10, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    mockOnly(context, SENDS_REACH_CLIENTS);
    await withFrozenClock(context, async () => {
      const channel = await newChannel(context, 'simulator');
      const conversationId = (await clientWritesIn(context, channel.id, newClient(context, 'delivery'), 'Where is my order?'))
        .conversation_id;
      const send = async (text: string) => {
        const sent = await context.client.call('sendMessage', { path: { id: conversationId }, body: { text } });
        context.expectStatus(sent, 201);
        return sent.json.id as string;
      };
      const statusAfter = async (seconds: number, messageId: string) => {
        await clockForward(context, seconds);
        return readMessage(context, conversationId, messageId);
      };

      const walked = await send('It left the warehouse today.');
      const expectStatus = async (rule: string, seconds: number, status: string) => {
        const { message, exchange } = await statusAfter(seconds, walked);
        context.judge(rule, message.status !== status && `the channel reported ${status}, but the message is ${message.status}`, exchange);
        context.judge(
          'conversations.status-outbound',
          !['queued', 'sent', 'delivered', 'read', 'failed'].includes(message.status) && `status ${message.status}`,
          exchange,
        );
      };
      await expectStatus('conversations.queued-to-sent', 1.2, 'sent');
      await expectStatus('conversations.sent-to-delivered', 1, 'delivered');
      await expectStatus('conversations.delivered-to-read', 3.2, 'read');
      const notFailed = await context.client.call('retryMessage', { path: { id: walked } });
      context.judge(
        'conversations.not-failed',
        (notFailed.status !== 409 || notFailed.json?.error?.code !== 'not_failed') &&
          `a retry of a read message answered ${[notFailed.status, notFailed.json?.error?.code].filter(Boolean).join(' ')}`,
        notFailed,
      );

      await setChannelOutcome(context, channel.id, { status: 'failed', failed_from: 'queued', error: REFUSAL });
      const refused = await send('Your order is ready.');
      const failedAtOnce = await statusAfter(1.2, refused);
      judgeFailed(context, 'conversations.failed-from-queued', failedAtOnce.message, failedAtOnce.exchange);

      await setChannelOutcome(context, channel.id, { status: 'failed', failed_from: 'sent', error: REFUSAL });
      const lost = await send('We can deliver on Saturday.');
      const sentFirst = await statusAfter(1.2, lost);
      const failedLater = await statusAfter(1, lost);
      context.judge(
        'conversations.failed-from-sent',
        sentFirst.message.status !== 'sent' && `before failing it was ${sentFirst.message.status}, not sent`,
        sentFirst.exchange,
      );
      judgeFailed(context, 'conversations.failed-from-sent', failedLater.message, failedLater.exchange);

      await setChannelOutcome(context, channel.id, { status: 'read' });
      await judgeRetry(context, refused, statusAfter);
    });
  },
};

function judgeFailed(context: CheckContext, rule: string, message: any, exchange: Parameters<CheckContext['judge']>[2]): void {
  context.judge(rule, message.status !== 'failed' && `the channel failed it, but the message is ${message.status}`, exchange);
  context.judge(
    'conversations.error-when-failed',
    message.status === 'failed' &&
      message.error !== REFUSAL &&
      `a failed message's error is ${JSON.stringify(message.error)}, not the channel's reason`,
    exchange,
  );
}

async function judgeRetry(
  context: CheckContext,
  failedId: string,
  statusAfter: (seconds: number, id: string) => Promise<{ message: any; exchange: any }>,
): Promise<void> {
  const retried = await context.client.call('retryMessage', { path: { id: failedId } });
  if (retried.status >= 300 || retried.json?.status === 'failed') {
    return context.judge(
      'conversations.retry-failed',
      `a retry of a failed message answered ${retried.status} in status ${retried.json?.status ?? retried.json?.error?.code}`,
      retried,
    );
  }
  const after = await statusAfter(1.2, failedId);
  context.judge(
    'conversations.retry-failed',
    !['sent', 'delivered', 'read'].includes(after.message.status) &&
      `after a retry and the channel's report the message is ${after.message.status}, not sent`,
    after.exchange,
  );
  context.judge(
    'conversations.error-when-failed',
    after.message.status !== 'failed' &&
      after.message.error !== null &&
      `a message sent again still shows error ${JSON.stringify(after.message.error)}`,
    after.exchange,
  );
}
