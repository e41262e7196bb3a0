// The conversation, message or channel a path names (short or long id prefix), or 404. Tables
// belong to one workspace, so an id of another workspace is simply not found.
import { normalizeId } from '../../ids/ids.ts';
import type { Channel } from '../channels/channel-record.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { StoredConversation } from './conversation-record.ts';
import type { StoredMessage } from './message-record.ts';
import { notFound } from '../../errors/not-found.ts';

export function findConversation(tables: WorkspaceTables, id: string): StoredConversation {
  return found(tables.conversations.get(normalizeId(id)), id);
}

export function findMessage(tables: WorkspaceTables, id: string): StoredMessage {
  return found(tables.messages.get(normalizeId(id)), id);
}

export function findChannel(tables: WorkspaceTables, id: string): Channel {
  return found(tables.channels.get(normalizeId(id)), id);
}

function found<T>(record: T | undefined, sent: string): T {
  if (!record) throw notFound(sent);
  return record;
}
