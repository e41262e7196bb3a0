// The conversation, message or channel a path names (short or long id prefix), or 404. Tables
// belong to one workspace, so an id of another workspace is simply not found.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../store/ids.ts';
import type { Channel } from '../channels/channel-record.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { StoredConversation } from './conversation-record.ts';
import type { StoredMessage } from './message-record.ts';

export function findConversation(tables: WorkspaceTables, id: string): StoredConversation {
  return found(tables.conversations.get(normalizeId(id)));
}

export function findMessage(tables: WorkspaceTables, id: string): StoredMessage {
  return found(tables.messages.get(normalizeId(id)));
}

export function findChannel(tables: WorkspaceTables, id: string): Channel {
  return found(tables.channels.get(normalizeId(id)));
}

function found<T>(record: T | undefined): T {
  if (!record) throw new ApiError('not_found');
  return record;
}
