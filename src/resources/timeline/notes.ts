// Notes (spec 4.5): add, edit, pin, unpin, delete. A note is a timeline item of kind `note` whose
// id is the note id; `data` holds `text` and `mentions` (member ids, spec 2.6).
import { ApiError } from '../../errors/api-error.ts';
import type { Texts } from '../../errors/messages.ts';
import { firstMissing } from '../../auth/scopes.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { normalizeId } from '../../ids/ids.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { editRefusal, writeScopeOf } from './item-rights.ts';
import { recordTimelineItem } from './record-item.ts';
import { liveEntity } from './timeline-entity.ts';
import type { StoredTimelineItem } from './timeline-record.ts';
import { notFound } from '../../errors/not-found.ts';

export type NoteCreate = components['schemas']['NoteCreate'];
export type NoteUpdate = components['schemas']['NoteUpdate'];

/**
 * `mentions` are the member ids sent in the body (spec 4.5: "optional member ids, notified"),
 * each one a member of the workspace (422 under `mentions` otherwise), kept once in the order sent.
 */
export async function addNote(context: RecordContext, body: NoteCreate): Promise<StoredTimelineItem> {
  const entity = liveEntity(context.tables, body.entity_type, body.entity_id);
  const mentions = [...new Set((body.mentions ?? []).map((id) => memberIdFrom(context.workspace, id, 'mentions')!))];
  const note = await recordTimelineItem(context, { kind: 'note', entity, data: { text: body.text, mentions } });
  await context.emit('note.created', {
    id: note.id,
    object: 'note',
    entity_type: entity.type,
    entity_id: entity.id,
    text: body.text,
    mentions,
  });
  return note;
}

/** The note a path names; any other item, or none, is 404 (items of other kinds are not notes). */
export function findNote(context: RecordContext, sentId: string): StoredTimelineItem {
  const note = context.tables.timeline.get(normalizeId(sentId));
  if (!note || note.kind !== 'note') throw notFound(sentId, 'note');
  return note;
}

/** Why the window is closed, in each language of spec 7.1. */
const REFUSALS: Record<'api_key' | 'not_author' | 'window_closed', Texts> = {
  api_key: {
    en: 'API keys cannot edit notes; only the member who wrote the note can, within 24 hours.',
    ru: 'Ключи API не могут изменять заметки; изменить заметку может только её автор в течение 24 часов.',
    uz: "API kalitlari eslatmalarni o'zgartira olmaydi; eslatmani faqat uni yozgan a'zo 24 soat ichida o'zgartira oladi.",
  },
  not_author: {
    en: 'Only the member who wrote this note can edit it, within 24 hours.',
    ru: 'Изменить эту заметку может только её автор в течение 24 часов.',
    uz: "Bu eslatmani faqat uni yozgan a'zo 24 soat ichida o'zgartira oladi.",
  },
  window_closed: {
    en: 'Notes can be edited only within 24 hours of being written.',
    ru: 'Заметку можно изменить только в течение 24 часов после её создания.',
    uz: "Eslatmani faqat yozilganidan keyin 24 soat ichida o'zgartirish mumkin.",
  },
};

/**
 * Spec 4.5, 7.3, 8: the editing window is "24 hours, author member only", so an API key, another
 * member or the author after 24 hours all find it closed: 403 `edit_window_closed` (the document's
 * EditWindowClosedError says the same); the message says which.
 */
export async function editNote(context: RecordContext, note: StoredTimelineItem, body: NoteUpdate): Promise<StoredTimelineItem> {
  const refusal = editRefusal(context.caller, note, context.workspace.now());
  if (refusal === 'not_a_note') throw notFound(note.id, 'note');
  if (refusal) throw new ApiError('edit_window_closed', {}, { detail: REFUSALS[refusal] });
  return context.tables.timeline.update(note.id, (draft) => void (draft.data = { ...draft.data, text: body.text }));
}

/** Pinning a pinned note (or unpinning an unpinned one) changes nothing, so retries are harmless. */
export async function pinNote(context: RecordContext, note: StoredTimelineItem, pinned: boolean): Promise<StoredTimelineItem> {
  if (note.pinned === pinned) return note;
  return context.tables.timeline.update(note.id, (draft) => void (draft.pinned = pinned));
}

/** Spec 4.5: deleting needs the write scope of the note's record type, which the route cannot name before the note is read. */
export function deleteNote(context: RecordContext, note: StoredTimelineItem): void {
  const missing = firstMissing(context.caller.scopes, [writeScopeOf(note.entity_type)]);
  if (missing) throw new ApiError('missing_scope', { scope: missing });
  context.tables.timeline.remove(note.id);
}
