// GET /v1/conversations and /counts (spec 4.8): filters, activity order (`recent`: latest message
// first) or `sla` (most urgent first: the earliest answer time, conversations nobody waits in
// last), and the counts over the default list. Conversations are ordered by activity, so pages
// can shift: a cursor holds the last conversation's place, and the next page starts after it.
import type { CursorPosition } from '../../store/cursor.ts';
import { normalizeId } from '../../ids/ids.ts';
import { sortedPage, type Page } from '../../store/paging.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isWaiting, needsReply } from './conversation-activity.ts';
import type { StoredConversation } from './conversation-record.ts';
import { isEffectivelyOpen } from './conversation-states.ts';

export type ConversationFilters = {
  status?: 'open' | 'snoozed' | 'resolved' | 'all';
  channel?: string;
  lead?: string;
  contact?: string;
  unassigned?: boolean;
  waiting?: boolean;
  needs_reply?: boolean;
  unread?: boolean;
  q?: string;
  sort?: 'recent' | 'sla';
};

export async function listConversations(context: RecordContext, filters: ConversationFilters): Promise<Page<StoredConversation>> {
  const nowMs = context.workspace.now();
  const matches = conversationMatcher(filters, nowMs);
  const order = filters.sort === 'sla' ? SLA : RECENT;
  const sorted = candidates(context, filters)
    .filter(matches)
    .sort((a, b) => order.compare(order.positionOf(a), order.positionOf(b)));
  return sortedPage(sorted, context.pageRequest(), order.positionOf, order.compare);
}

export type ConversationCounts = { all: number; mine: number; unassigned: number; waiting: number; unread: number };

/** The counts over what the default list shows (open, snoozed ones whose time is up included). */
export function countConversations(context: RecordContext): ConversationCounts {
  const nowMs = context.workspace.now();
  const counts = { all: 0, mine: 0, unassigned: 0, waiting: 0, unread: 0 };
  for (const conversation of context.tables.conversations.values()) {
    if (!isEffectivelyOpen(conversation, nowMs)) continue;
    counts.all += 1;
    if (context.memberId !== null && conversation.assignee_id === context.memberId) counts.mine += 1;
    if (conversation.assignee_id === null) counts.unassigned += 1;
    if (isWaiting(conversation, nowMs)) counts.waiting += 1;
    if (conversation.unread_count > 0) counts.unread += 1;
  }
  return counts;
}

/** The conversations of one channel, lead or contact come from their lookup; any other list reads them all. */
function candidates(context: RecordContext, filters: ConversationFilters): StoredConversation[] {
  const { conversations } = context.tables;
  if (filters.lead !== undefined) return conversations.findBy('lead', normalizeId(filters.lead));
  if (filters.contact !== undefined) return conversations.findBy('contact', normalizeId(filters.contact));
  if (filters.channel !== undefined) return conversations.findBy('channel', normalizeId(filters.channel));
  return [...conversations.values()];
}

/** The booleans keep only what they name when true; false is no filter (spec 4.8 defines only true). */
export function conversationMatcher(filters: ConversationFilters, nowMs: number): (conversation: StoredConversation) => boolean {
  const status = filters.status ?? 'open';
  const [channel, lead, contact] = [filters.channel, filters.lead, filters.contact].map((id) =>
    id === undefined ? undefined : normalizeId(id),
  );
  const search = filters.q === undefined ? undefined : textSearch(filters.q);
  return (conversation) => {
    if (!hasStatus(conversation, status, nowMs)) return false;
    if (channel !== undefined && conversation.channel_id !== channel) return false;
    if (lead !== undefined && conversation.lead_id !== lead) return false;
    if (contact !== undefined && conversation.contact_id !== contact) return false;
    if (filters.unassigned === true && conversation.assignee_id !== null) return false;
    if (filters.waiting === true && !isWaiting(conversation, nowMs)) return false;
    if (filters.needs_reply === true && !needsReply(conversation)) return false;
    if (filters.unread === true && conversation.unread_count === 0) return false;
    return search === undefined || search(conversation);
  };
}

function hasStatus(conversation: StoredConversation, status: NonNullable<ConversationFilters['status']>, nowMs: number): boolean {
  if (status === 'all') return true;
  if (status === 'open') return isEffectivelyOpen(conversation, nowMs);
  if (status === 'snoozed') return conversation.status === 'snoozed' && !isEffectivelyOpen(conversation, nowMs);
  return conversation.status === 'resolved';
}

/** `q` (spec 4.8): the client's name, handle, phone and the last message, ignoring case; a phone also by its digits. */
function textSearch(q: string): (conversation: StoredConversation) => boolean {
  const needle = q.trim().toLowerCase();
  const digits = needle.replace(/[^0-9]/g, '');
  // Only a query that is a phone number spelled with separators is compared by digits, not "sofa 2".
  const byDigits = digits.length >= 3 && /^[+0-9\s\-().]+$/.test(needle);
  return (conversation) => {
    if (needle === '') return true;
    const texts = [conversation.name, conversation.handle, conversation.phone, conversation.preview.text];
    if (texts.some((text) => text.toLowerCase().includes(needle))) return true;
    return byDigits && conversation.phone.replace(/[^0-9]/g, '').includes(digits);
  };
}

type Order = {
  positionOf: (conversation: StoredConversation) => CursorPosition;
  compare: (a: CursorPosition, b: CursorPosition) => number;
};

const byIdDescending = (a: CursorPosition, b: CursorPosition) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Latest message first; ties (and conversations without messages, last) newest first. */
const RECENT: Order = {
  positionOf: (conversation) => ({
    id: conversation.id,
    sortValue: conversation.last_message_at === null ? null : Date.parse(conversation.last_message_at),
  }),
  compare: (a, b) => compareNullsLast(a.sortValue, b.sortValue, (x, y) => y - x) || byIdDescending(a, b),
};

/** The earliest answer time first; conversations nobody waits in last, newest first. */
const SLA: Order = {
  positionOf: (conversation) => ({
    id: conversation.id,
    sortValue: conversation.sla_due_at === null ? null : Date.parse(conversation.sla_due_at),
  }),
  compare: (a, b) => compareNullsLast(a.sortValue, b.sortValue, (x, y) => x - y) || byIdDescending(a, b),
};

function compareNullsLast(
  a: CursorPosition['sortValue'],
  b: CursorPosition['sortValue'],
  compare: (a: number, b: number) => number,
): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  return compare(a as number, b as number);
}
