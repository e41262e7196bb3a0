// The `message` and `email` timeline items (spec 2.6): a message of a conversation, on the
// timelines of what the conversation is linked to. Written in the message's transaction
// (timeline/record-item.ts).
import type { RecordContext } from '../records/record-context.ts';
import { recordTimelineItem } from '../timeline/record-item.ts';
import type { StoredTimelineItem, TimelineEntity } from '../timeline/timeline-record.ts';
import type { StoredConversation } from './conversation-record.ts';
import type { StoredMessage } from './message-record.ts';

/**
 * A message of `conversation`, on the timelines of its lead and of its contact (whichever it is
 * linked to): kind `email` on email channels, `message` on the others; `ref_id` is the message id.
 */
export async function recordMessage(
  context: RecordContext,
  conversation: Pick<StoredConversation, 'id' | 'channel_id' | 'lead_id' | 'contact_id'>,
  message: Pick<StoredMessage, 'id' | 'direction' | 'text' | 'created_at'>,
): Promise<StoredTimelineItem[]> {
  const channelType = context.tables.channels.get(conversation.channel_id)?.type ?? 'simulator';
  const entities: TimelineEntity[] = [];
  if (conversation.lead_id) entities.push({ type: 'lead', id: conversation.lead_id });
  if (conversation.contact_id) entities.push({ type: 'contact', id: conversation.contact_id });
  const data = { conversation_id: conversation.id, direction: message.direction, channel_type: channelType, text: message.text };
  const items: StoredTimelineItem[] = [];
  for (const entity of entities) {
    items.push(
      await recordTimelineItem(context, {
        kind: channelType === 'email' ? 'email' : 'message',
        entity,
        ref_id: message.id,
        data,
        occurred_at: message.created_at,
      }),
    );
  }
  return items;
}
