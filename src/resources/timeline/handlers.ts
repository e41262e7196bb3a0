// Handlers of the timeline and note routes (spec 4.5), by operationId. The read scope of the
// record type named in the query or body is checked by the pipeline (`x-scopes-by-entity`).
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { listTimeline } from './list-timeline.ts';
import { addNote, deleteNote, editNote, findNote, pinNote } from './notes.ts';
import { presentItem } from './present-item.ts';
import { liveEntity } from './timeline-entity.ts';

export const timelineHandlers: TagHandlers<'Timeline'> = {
  async listTimeline(handler) {
    const context = recordContext(handler);
    const { query } = handler.input;
    const entity = liveEntity(context.tables, query.entity_type, query.entity_id);
    const page = await listTimeline(context, entity, query.kinds);
    return { body: { data: page.data.map((item) => presentItem(context, item)), next_cursor: page.next_cursor } };
  },

  async createNote(handler) {
    const context = recordContext(handler);
    const note = await addNote(context, handler.input.body);
    return { status: 201, body: presentItem(context, note) };
  },

  async updateNote(handler) {
    const context = recordContext(handler);
    const note = findNote(context, handler.input.path.id);
    return { body: presentItem(context, await editNote(context, note, handler.input.body)) };
  },

  async pinNote(handler) {
    const context = recordContext(handler);
    return { body: presentItem(context, await pinNote(context, findNote(context, handler.input.path.id), true)) };
  },

  async unpinNote(handler) {
    const context = recordContext(handler);
    return { body: presentItem(context, await pinNote(context, findNote(context, handler.input.path.id), false)) };
  },

  deleteNote(handler) {
    const context = recordContext(handler);
    const note = findNote(context, handler.input.path.id);
    deleteNote(context, note);
    return { body: { ok: true, id: note.id } };
  },
};
