// Handlers of the fields routes, by operationId (spec 4.9). Create, change and delete are
// first-party-only: the pipeline refuses API keys and tokens there before a handler runs, and
// lets in only a web app session of an owner or admin.
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { fieldsInOrder } from './field-list.ts';
import { createField, deleteField, updateField } from './field-writes.ts';

export const fieldsHandlers: TagHandlers<'Fields'> = {
  listFields(context) {
    return { body: { data: fieldsInOrder(recordContext(context), context.input.query.entity) } };
  },

  async createField(context) {
    return { status: 201, body: await createField(recordContext(context), context.input.body) };
  },

  async updateField(context) {
    return { body: await updateField(recordContext(context), context.input.path.id, context.input.body) };
  },

  async deleteField(context) {
    return { body: await deleteField(recordContext(context), context.input.path.id) };
  },
};
