// GET /v1/conversations/{id}/messages (spec 4.8): newest first, cursor paging. Ids sort by
// creation time, so a page starts below the last id seen and new messages never shift it.
import type { CursorPosition } from '../../store/cursor.ts';
import { sortedPage, type Page } from '../../store/paging.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { StoredConversation } from './conversation-record.ts';
import type { StoredMessage } from './message-record.ts';

export async function listMessages(context: RecordContext, conversation: StoredConversation): Promise<Page<StoredMessage>> {
  const newestFirst = context.tables.messages.findBy('conversation', conversation.id).reverse();
  return sortedPage(newestFirst, context.pageRequest(), positionOf, newerFirst);
}

const positionOf = (message: StoredMessage): CursorPosition => ({ id: message.id });

function newerFirst(a: CursorPosition, b: CursorPosition): number {
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
