// What a new message does to its conversation (spec 2.9): the `last_*_at` times, `preview`,
// `unread_count` and `sla_due_at`, which is "set while the client waits for an answer".
import type { StoredConversation } from './conversation-record.ts';

/**
 * How long a client may wait for an answer. The spec gives no number; every example of the
 * document shows `sla_due_at` 15 minutes after the client's message, so the mock uses that.
 */
export const ANSWER_TIME_MS = 15 * 60 * 1000;

/** A client's message: unread, and the clock for an answer starts unless it already runs. */
export function noteInbound(draft: StoredConversation, text: string, atIso: string): void {
  draft.last_message_at = atIso;
  draft.last_inbound_at = atIso;
  draft.unread_count += 1;
  draft.preview = { text, direction: 'in' };
  // The client has waited since the first message nobody answered, not since the latest.
  draft.sla_due_at ??= new Date(Date.parse(atIso) + ANSWER_TIME_MS).toISOString();
}

/**
 * An answer to the client (sent through the API, or by the owner from their own app): nobody
 * waits any more, and whoever answered has read what came before.
 */
export function noteOutbound(draft: StoredConversation, text: string, atIso: string): void {
  draft.last_message_at = atIso;
  draft.last_outbound_at = atIso;
  draft.unread_count = 0;
  draft.preview = { text, direction: 'out' };
  draft.sla_due_at = null;
}

/** Whether the client waits for an answer (`needs_reply`), and past the answer time (`waiting`). */
export function needsReply(conversation: StoredConversation): boolean {
  return conversation.sla_due_at !== null;
}

export function isWaiting(conversation: StoredConversation, nowMs: number): boolean {
  return conversation.sla_due_at !== null && Date.parse(conversation.sla_due_at) <= nowMs;
}
