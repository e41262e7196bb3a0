// The messengers' own rules for replies (spec 2.10, 4.8): a free-form `whatsapp` message, and any
// reply on behalf of a `telegram_business` account, only within 24 hours of the client's last
// message; in `telegram_business` also only when the owner allowed the bot to reply. A message
// that breaks them ends `failed` with the reason.
import type { ChannelType } from '../channels/channel-record.ts';
import type { ChannelOutcome } from './channel-outcome.ts';
import type { StoredConversation } from './conversation-record.ts';

const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const OUTSIDE_WHATSAPP_WINDOW = "Free-form messages are allowed only within 24 hours of the client's last message.";
export const OUTSIDE_BUSINESS_WINDOW = "Replies on behalf of the account are allowed only within 24 hours of the client's last message.";
export const BOT_NOT_ALLOWED = 'The account owner has not allowed the bot to reply.';

/** Why the channel refuses to send a reply at `nowMs`, or null when it may. */
export function channelRefusal(type: ChannelType, conversation: StoredConversation, outcome: ChannelOutcome, nowMs: number): string | null {
  const lastInbound = conversation.last_inbound_at === null ? null : Date.parse(conversation.last_inbound_at);
  const outsideWindow = lastInbound === null || nowMs - lastInbound > REPLY_WINDOW_MS;
  if (type === 'whatsapp' && outsideWindow) return OUTSIDE_WHATSAPP_WINDOW;
  if (type === 'telegram_business') {
    if (!outcome.replies_allowed) return BOT_NOT_ALLOWED;
    if (outsideWindow) return OUTSIDE_BUSINESS_WINDOW;
  }
  return null;
}
