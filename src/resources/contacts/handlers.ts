// Handlers of the contact routes (spec 4.3), by operationId.
import type { HandlerMap } from '../../http/handler.ts';
import { findRecord } from '../../store/find-record.ts';
import { recordContext } from '../records/record-context.ts';
import { findLive, moveToTrash, restoreFromTrash } from '../records/trash.ts';
import { createContact, type ContactCreate } from './create-contact.ts';
import { listContacts, type ContactFilters } from './list-contacts.ts';
import { presentContact } from './present-contact.ts';
import { updateContact, type ContactUpdate } from './update-contact.ts';

export const contactsHandlers: HandlerMap = {
  async listContacts(handlerContext) {
    const context = recordContext(handlerContext);
    const page = await listContacts(context, handlerContext.input.query as ContactFilters);
    return { body: { ...page, data: page.data.map((contact) => presentContact(context.workspace, contact)) } };
  },

  async createContact(handlerContext) {
    const context = recordContext(handlerContext);
    const contact = await createContact(context, handlerContext.input.body as ContactCreate);
    return { status: 201, body: presentContact(context.workspace, contact) };
  },

  getContact(handlerContext) {
    const context = recordContext(handlerContext);
    return { body: presentContact(context.workspace, findLive(context.tables.contacts, handlerContext.input.path.id!)) };
  },

  async updateContact(handlerContext) {
    const context = recordContext(handlerContext);
    const contact = findLive(context.tables.contacts, handlerContext.input.path.id!);
    const updated = await updateContact(context, contact, handlerContext.input.body as ContactUpdate);
    return { body: presentContact(context.workspace, updated) };
  },

  async deleteContact(handlerContext) {
    const context = recordContext(handlerContext);
    const contact = findLive(context.tables.contacts, handlerContext.input.path.id!);
    await moveToTrash(context.tables.contacts, contact, context.nowIso());
    return { body: { ok: true, id: contact.id } };
  },

  async restoreContact(handlerContext) {
    const context = recordContext(handlerContext);
    const contact = findRecord(context.tables.contacts, handlerContext.input.path.id!);
    return { body: presentContact(context.workspace, await restoreFromTrash(context.tables.contacts, contact)) };
  },
};
