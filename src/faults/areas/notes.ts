// Mutants of the timeline and notes rules (spec 2.6, 4.5, 7.3): each is a bug another team's
// timeline service might ship, acting through the handler seams by operationId; the state
// family's checks (notes.timeline-notes, notes.note-edit-window) must catch it.
import { ApiError } from '../../errors/api-error.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { recordContext } from '../../resources/records/record-context.ts';
import { presentItem } from '../../resources/timeline/present-item.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, type Fault } from '../fault.ts';
import { onOperation } from '../request-match.ts';
import { alterResult, eachRecord } from './handler-answer.ts';
import { scopeGuardForgotten } from './forgotten-guard.ts';

/** Every operation whose answer shows timeline items. */
const ITEM_ANSWERS: OperationId[] = ['listTimeline', 'createNote', 'updateNote', 'pinNote', 'unpinNote'];
const DAY_MS = 86_400_000;

/** A mutant that shows timeline items changed by `alter`, as a buggy presenter would. */
function presenter(operations: OperationId[], alter: (item: any) => any): Pick<Fault, 'operations' | 'aroundHandler'> {
  return { operations, aroundHandler: async (next) => alterResult(await next(), eachRecord(alter)) };
}

/** A timeline whose answer leaves out the items `hidden` picks. */
function timelineWithout(hidden: (item: any) => boolean): Pick<Fault, 'operations' | 'aroundHandler'> {
  return {
    operations: ['listTimeline'],
    aroundHandler: async (next) => alterResult(await next(), (body) => ({ ...body, data: body.data.filter((item: any) => !hidden(item)) })),
  };
}

/** The record fields of a timeline query an error answer names (what the document refused). */
const recordFieldsRefused = (body: any) =>
  Object.keys(body?.error?.fields ?? {}).filter((field) => field === 'entity_type' || field === 'entity_id');

export const notesMutants: Fault[] = [
  {
    name: 'note-item-omits-null-ref',
    area: 'notes',
    proves: ['notes.item-fields'],
    description:
      'A note item leaves out ref_id when it is null (the serializer omits empty fields), so the item lacks a field of spec 2.6.',
    ...presenter(ITEM_ANSWERS, (item) => {
      if (item.ref_id !== null) return item;
      const { ref_id: _omitted, ...shown } = item;
      return shown;
    }),
  },
  {
    name: 'note-kind-comment',
    area: 'notes',
    proves: ['notes.item-kinds'],
    description: 'Notes show kind `comment` (the old name of the feature), none of the kinds of spec 2.6.',
    ...presenter(ITEM_ANSWERS, (item) => (item.kind === 'note' ? { ...item, kind: 'comment' } : item)),
  },
  {
    name: 'item-entity-type-plural',
    area: 'notes',
    proves: ['notes.item-entity'],
    description:
      'Timeline items name their record type as the route does, `leads` / `contacts` / `companies`, not lead, contact or company (spec 2.6).',
    ...presenter(ITEM_ANSWERS, (item) => ({ ...item, entity_type: item.entity_type === 'company' ? 'companies' : `${item.entity_type}s` })),
  },
  {
    name: 'note-mentions-not-shown',
    area: 'notes',
    proves: ['notes.item-note-data'],
    description: "A note's mentions are stored but not shown: its data is {text} alone (spec 2.6: data has text and mentions).",
    ...presenter(ITEM_ANSWERS, (item) => {
      if (item.kind !== 'note') return item;
      const { mentions: _hidden, ...data } = item.data ?? {};
      return { ...item, data };
    }),
  },
  {
    name: 'amount-change-not-recorded',
    area: 'notes',
    proves: ['notes.change-item-for-amount'],
    description: "A PATCH of a lead's amount writes no change item: the change log covers the stage, owner and name only (spec 2.6).",
    ...timelineWithout((item) => item.kind === 'change' && item.data?.field === 'amount'),
  },
  {
    name: 'new-note-pinned-null',
    area: 'notes',
    proves: ['notes.item-pinned'],
    description: 'A new note shows pinned null until it is first pinned (a nullable column), not false (spec 2.6: a boolean).',
    ...presenter(['createNote', 'listTimeline'], (item) =>
      item.kind === 'note' && item.pinned === false ? { ...item, pinned: null } : item,
    ),
  },
  {
    name: 'timeline-bad-record-query-empty',
    area: 'notes',
    proves: ['notes.timeline-required', 'notes.timeline-entity-type'],
    description:
      'A timeline query without entity_type or entity_id, or with an entity_type other than lead, contact or company, answers 200 with an empty page instead of being refused (spec 4.5: the record is required and of those types).',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 400 && response.status !== 422) return response;
      return recordFieldsRefused(await jsonOf(response)).length
        ? changed(response, { status: 200, body: { data: [], next_cursor: null } })
        : response;
    }),
  },
  {
    name: 'timeline-limit-over-250-refused',
    area: 'notes',
    proves: ['notes.timeline-limit'],
    description: 'A timeline limit over 250 answers 422 validation_failed instead of being treated as 250 (spec 4.5).',
    operations: ['listTimeline'],
    aroundHandler: async (next, context) => {
      if (Number(context.input.query.limit) > 250) throw new ApiError('validation_failed', { fields: { limit: 'must be at most 250' } });
      return next();
    },
  },
  {
    name: 'note-created-answers-200',
    area: 'notes',
    proves: ['notes.create-answer'],
    description: "Adding a note answers 200, not 201 (the route shares the update handler's answer) (spec 4.5).",
    operations: ['createNote'],
    aroundHandler: async (next) => {
      const result = await next();
      return result instanceof Response ? result : { ...result, status: 200 };
    },
  },
  {
    name: 'key-notes-off-timeline',
    area: 'notes',
    proves: ['notes.create-on-timeline'],
    description:
      'The timeline shows the notes members wrote, not those an API key added (the query joins on the author member) (spec 4.5).',
    ...timelineWithout((item) => item.kind === 'note' && item.actor?.type === 'api_key'),
  },
  {
    name: 'create-note-unguarded',
    area: 'notes',
    proves: ['notes.create-scope'],
    description: 'POST /v1/notes checks only the read scope of the record: a key without notes:write adds notes (spec 4.5).',
    wrap: scopeGuardForgotten(['createNote'], 'notes:write'),
  },
  {
    name: 'note-delete-noop',
    area: 'notes',
    proves: ['notes.delete'],
    description: 'DELETE /v1/notes/{id} answers {ok: true} but deletes nothing (the handler deletes from the wrong table) (spec 4.5).',
    operations: ['deleteNote'],
    aroundHandler: async (next, context) => {
      const note = noteOf(context);
      return note ? { body: { ok: true, id: note.id } } : next();
    },
  },
  {
    name: 'note-author-refused',
    area: 'notes',
    proves: ['notes.author-edits'],
    description:
      "The edit window compares the note's time in seconds with the clock in milliseconds: every edit, its author's within 24 hours too, answers 403 edit_window_closed (spec 4.5).",
    operations: ['updateNote'],
    aroundHandler: async (next, context) => {
      if (noteOf(context)?.kind !== 'note') return next();
      throw new ApiError('edit_window_closed', {}, { detail: 'This note can no longer be edited.' });
    },
  },
  {
    name: 'note-any-member-edits',
    area: 'notes',
    proves: ['notes.only-author-edits'],
    description:
      'Any member may edit a note within 24 hours, not only its author (the handler checks the window but not the author) (spec 4.5).',
    operations: ['updateNote'],
    aroundHandler: async (next, context) => {
      const note = noteOf(context);
      const { actor } = context.caller!;
      const withinWindow = note && context.caller!.workspace.now() < Date.parse(note.occurred_at) + DAY_MS;
      if (!note || note.kind !== 'note' || actor.type !== 'member' || note.actor.id === actor.id || !withinWindow) return next();
      const text = (context.input.body as { text: string }).text;
      const edited = await context.caller!.workspace.tables.timeline.update(
        note.id,
        (draft) => void (draft.data = { ...draft.data, text }),
      );
      return { body: presentItem(recordContext(context), edited) };
    },
  },
  {
    name: 'edit-window-closed-as-409',
    area: 'notes',
    proves: ['notes.error-edit-window-closed'],
    description: "An edit after the 24-hour window answers 409 edit_window_closed (a conflict with the note's state), not 403 (spec 7.3).",
    wrap: onOperation('updateNote', async (next, request, info) => {
      const response = await next(request, info);
      if (response.status !== 403) return response;
      const body = await jsonOf(response);
      return body?.error?.code === 'edit_window_closed' ? changed(response, { status: 409, body }) : response;
    }),
  },
];

/** The stored timeline item the request's path names, if any. */
function noteOf(context: HandlerContext) {
  return context.caller!.workspace.tables.timeline.get(normalizeId(context.input.path.id!));
}
