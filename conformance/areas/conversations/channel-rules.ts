// Spec 2.10 and 4.8: the messengers' own rules fail a message later, not at once. A free-form
// `whatsapp` message more than 24 hours after the client's last message is accepted (201 `queued`)
// and ends `failed` with the reason; within 24 hours it is sent. A `telegram_business` reply is
// sent only within 24 hours and when the owner allowed the bot to reply; otherwise `failed` with a
// reason. The 24 hours count from the client's last message: a reply 23 hours on is sent, and one
// 25 hours on fails although the team answered 2 hours before. The mock's channels apply these rules on its clock, which the check moves past 24 hours,
// and the owner's permission is set through the control API; a deployment skips (real clients).
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

const DAY_AND_HOUR_SECONDS = 25 * 3600;
const LATE_IN_WINDOW_SECONDS = 23 * 3600;

export const channelRules: ActiveCheck = {
  kind: 'active',
  id: 'conversations.channel-rules',
  area: 'conversations',
  title: 'whatsapp and telegram_business replies outside 24 hours, or without the bot permission, are queued and then fail with a reason',
  spec: '2.10, 4.8',
  basis: 'documented',
  writes: true,
  async run(context) {
    mockOnly(context, SENDS_REACH_CLIENTS);
    await withFrozenClock(context, async () => {
      const whatsapp = await newChannel(context, 'whatsapp');
      const business = await newChannel(context, 'telegram_business');
      const whatsappChat = (await clientWritesIn(context, whatsapp.id, newClient(context, 'rules'), 'Is the sofa in stock?'))
        .conversation_id;
      const businessChat = (await clientWritesIn(context, business.id, newClient(context, 'rules'), 'Can I come on Monday?'))
        .conversation_id;

      const inTime = await sendAndWalk(context, whatsappChat, 'Yes, it is.');
      context.judge(
        'conversations.channel-rule-fails-later',
        inTime.message.status !== 'sent' && `a whatsapp reply within 24 hours is ${inTime.message.status}, not sent`,
        inTime.exchange,
      );
      await setChannelOutcome(context, business.id, { replies_allowed: false });
      const notAllowed = await sendAndWalk(context, businessChat, 'Yes, we are open.');
      judgeFailed(context, 'conversations.business-bot-permission', notAllowed, 'a telegram_business reply the owner did not allow');
      await setChannelOutcome(context, business.id, { replies_allowed: true });
      const allowed = await sendAndWalk(context, businessChat, 'Yes, from 9 to 18.');
      context.judge(
        'conversations.business-bot-permission',
        allowed.message.status !== 'sent' && `an allowed telegram_business reply within 24 hours is ${allowed.message.status}, not sent`,
        allowed.exchange,
      );

      // 23 hours on, still within the window: sent. Two hours later the client's message is 25 hours
      // old, the team's answer only two: the window counts from the client's message, so it fails.
      await clockForward(context, LATE_IN_WINDOW_SECONDS);
      const late = await sendAndWalk(context, whatsappChat, 'We hold it for you until tomorrow.');
      context.judge(
        'conversations.channel-rule-fails-later',
        late.message.status !== 'sent' && `a whatsapp reply 23 hours after the client wrote is ${late.message.status}, not sent`,
        late.exchange,
      );
      const lateBusiness = await sendAndWalk(context, businessChat, 'We are open until 18.');
      context.judge(
        'conversations.business-reply-window',
        lateBusiness.message.status !== 'sent' &&
          `an allowed telegram_business reply 23 hours after the client wrote is ${lateBusiness.message.status}, not sent`,
        lateBusiness.exchange,
      );
      await clockForward(context, DAY_AND_HOUR_SECONDS - LATE_IN_WINDOW_SECONDS);
      judgeFailed(
        context,
        'conversations.channel-rule-fails-later',
        await sendAndWalk(context, whatsappChat, 'Still interested?'),
        "a whatsapp free-form message 25 hours after the client wrote (2 hours after the team's answer)",
      );
      judgeFailed(
        context,
        'conversations.business-reply-window',
        await sendAndWalk(context, businessChat, 'Are you coming?'),
        "a telegram_business reply 25 hours after the client wrote (2 hours after the team's answer)",
      );
    });
  },
};

type Walked = { queued: boolean; answer: string; message: any; exchange: any };

/** Sends, and lets the channel take it (its first report comes 1 s after queuing on the mock). */
async function sendAndWalk(context: CheckContext, conversationId: string, text: string): Promise<Walked> {
  const sent = await context.client.call('sendMessage', { path: { id: conversationId }, body: { text } });
  const queued = sent.status === 201 && sent.json?.status === 'queued';
  if (!queued)
    return {
      queued,
      answer: `${sent.status} ${sent.json?.status ?? sent.json?.error?.code ?? ''}`,
      message: sent.json ?? {},
      exchange: sent,
    };
  await clockForward(context, 1.2);
  return { queued, answer: '201 queued', ...(await readMessage(context, conversationId, sent.json.id)) };
}

function judgeFailed(context: CheckContext, rule: string, walked: Walked, what: string): void {
  if (!walked.queued)
    return context.judge(
      rule,
      `${what} answered ${walked.answer}: the channel's rule must fail it later, not refuse the send`,
      walked.exchange,
    );
  const failed = walked.message.status === 'failed' && typeof walked.message.error === 'string' && walked.message.error.length > 0;
  context.judge(
    rule,
    !failed && `${what} is ${walked.message.status} with error ${JSON.stringify(walked.message.error)}, not failed with a reason`,
    walked.exchange,
  );
}
