// `editable` and `deletable` of an item for the caller (spec 2.6), and the rules behind the note
// routes (spec 4.5, 8):
// - edit: only the member who wrote the note, within 24 hours on the workspace clock; API keys
//   never (a note written with an API key has no author member, so nobody can edit it);
// - delete: anyone holding the write scope of the note's record type, author or not.
// Items of other kinds are written by the service and cannot be changed or deleted.
import type { Caller } from '../../auth/authenticate.ts';
import { grants } from '../../auth/scopes.ts';
import type { StoredTimelineItem, TimelineEntityType } from './timeline-record.ts';

/** Spec 8: "Note editing window: 24 hours, author member only". */
export const NOTE_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

const WRITE_SCOPE: Record<TimelineEntityType, string> = { lead: 'leads:write', contact: 'contacts:write', company: 'companies:write' };

export function writeScopeOf(type: TimelineEntityType): string {
  return WRITE_SCOPE[type];
}

/** Why the caller cannot edit the note, or undefined when it can. */
export function editRefusal(
  caller: Caller,
  item: StoredTimelineItem,
  nowMs: number,
): 'not_a_note' | 'api_key' | 'not_author' | 'window_closed' | undefined {
  if (item.kind !== 'note') return 'not_a_note';
  if (caller.kind === 'api_key') return 'api_key';
  if (item.actor.type !== 'member' || caller.actor.type !== 'member' || item.actor.id !== caller.actor.id) return 'not_author';
  if (nowMs >= Date.parse(item.occurred_at) + NOTE_EDIT_WINDOW_MS) return 'window_closed';
  return undefined;
}

export function isEditable(caller: Caller, item: StoredTimelineItem, nowMs: number): boolean {
  return editRefusal(caller, item, nowMs) === undefined;
}

export function isDeletable(caller: Caller, item: StoredTimelineItem): boolean {
  return item.kind === 'note' && grants(caller.scopes, writeScopeOf(item.entity_type));
}
