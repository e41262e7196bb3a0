// Handlers of the contact routes (spec 4.3), by operationId.
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { findLive } from '../records/trash.ts';
import { trashableHandlers } from '../records/trashable-handlers.ts';
import { createContact, type ContactCreate } from './create-contact.ts';
import { listContacts } from './list-contacts.ts';
import { presentContact } from './present-contact.ts';
import { updateContact } from './update-contact.ts';

export const contactsHandlers: TagHandlers<'Contacts'> = {
  ...trashableHandlers({ kind: 'Contact', tableOf: (tables) => tables.contacts, present: presentContact }),

  async listContacts(handlerContext) {
    const context = recordContext(handlerContext);
    const page = await listContacts(context, handlerContext.input.query);
    return { body: { ...page, data: page.data.map((contact) => presentContact(context.workspace, contact)) } };
  },

  async createContact(handlerContext) {
    const context = recordContext(handlerContext);
    // The document's body is an anyOf (a name, a phone or an email), which its generated type widens to unknown.
    const contact = await createContact(context, handlerContext.input.body as ContactCreate);
    return { status: 201, body: presentContact(context.workspace, contact) };
  },

  async updateContact(handlerContext) {
    const context = recordContext(handlerContext);
    const contact = findLive(context.tables.contacts, handlerContext.input.path.id);
    const updated = await updateContact(context, contact, handlerContext.input.body);
    return { body: presentContact(context.workspace, updated) };
  },
};
