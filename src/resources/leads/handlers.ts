// Handlers of the lead routes (spec 4.2), by operationId.
import type { TagHandlers } from '../../http/handler.ts';
import { jsonPageResponse } from '../../wire/json-response.ts';
import { pageSize, sortedPage } from '../../store/paging.ts';
import { recordContext } from '../records/record-context.ts';
import { findLive } from '../records/trash.ts';
import { trashableHandlers } from '../records/trashable-handlers.ts';
import { createLead, refuseDuplicateOnRestore } from './create-lead.ts';
import { presentContact } from '../contacts/present-contact.ts';
import { leadBoard } from './lead-board.ts';
import { addContact, additionalContacts, removeContact } from './lead-contacts.ts';
import { addLine, changeLine, findLine, linesOf, presentLine } from './lead-products.ts';
import { listLeads } from './list-leads.ts';
import type { StoredLeadProduct } from './lead-product-record.ts';
import { leadJson, presentLead } from './present-lead.ts';
import { updateLead } from './update-lead.ts';

export const leadsHandlers: TagHandlers<'Leads'> = {
  ...trashableHandlers({ kind: 'Lead', tableOf: (tables) => tables.leads, present: presentLead, checkRestore: refuseDuplicateOnRestore }),

  async createLead(handlerContext) {
    const context = recordContext(handlerContext);
    const lead = await createLead(context, handlerContext.input.body);
    return { status: 201, body: presentLead(context.workspace, lead) };
  },

  async listLeads(handlerContext) {
    const context = recordContext(handlerContext);
    const { query } = handlerContext.input;
    const page = await listLeads(context, query, query.sort, query.cursor);
    return jsonPageResponse(page, (lead) => leadJson(context.workspace, lead));
  },

  getLeadBoard(handlerContext) {
    const context = recordContext(handlerContext);
    const { query } = handlerContext.input;
    const board = leadBoard(context, query, pageSize(handlerContext.operation, query));
    return {
      body: {
        ...board,
        data: board.data.map((column) => ({ ...column, leads: column.leads.map((lead) => presentLead(context.workspace, lead)) })),
      },
    };
  },

  async updateLead(handlerContext) {
    const context = recordContext(handlerContext);
    const lead = findLive(context.tables.leads, handlerContext.input.path.id);
    const updated = await updateLead(context, lead, handlerContext.input.body);
    return { body: presentLead(context.workspace, updated) };
  },

  async listLeadContacts(handlerContext) {
    const context = recordContext(handlerContext);
    const lead = findLive(context.tables.leads, handlerContext.input.path.id);
    const links = additionalContacts(context, lead).map(({ linkId, contact }) => ({ id: linkId, contact }));
    const page = await sortedPage(links, context.pageRequest(), (link) => ({ id: link.id }), byOrderAdded);
    return { body: { ...page, data: page.data.map((link) => presentContact(context.workspace, link.contact)) } };
  },

  async addLeadContact(handlerContext) {
    const context = recordContext(handlerContext);
    const lead = findLive(context.tables.leads, handlerContext.input.path.id);
    const { contact, added } = await addContact(context, lead, handlerContext.input.body.contact_id);
    return { status: added ? 201 : 200, body: presentContact(context.workspace, contact) };
  },

  removeLeadContact(handlerContext) {
    const context = recordContext(handlerContext);
    const { path } = handlerContext.input;
    const id = removeContact(context, findLive(context.tables.leads, path.id), path.contactID);
    return { body: { ok: true, id } };
  },

  listLeadProducts(handlerContext) {
    const context = recordContext(handlerContext);
    const lead = findLive(context.tables.leads, handlerContext.input.path.id);
    return pageOfLines(context, linesOf(context, lead));
  },

  async addLeadProduct(handlerContext) {
    const context = recordContext(handlerContext);
    const lead = findLive(context.tables.leads, handlerContext.input.path.id);
    const line = await addLine(context, lead, handlerContext.input.body);
    return { status: 201, body: presentLine(line) };
  },

  async updateLeadProduct(handlerContext) {
    const context = recordContext(handlerContext);
    const { path, body } = handlerContext.input;
    const line = findLine(context, findLive(context.tables.leads, path.id), path.itemID);
    return { body: presentLine(await changeLine(context, line, body)) };
  },

  removeLeadProduct(handlerContext) {
    const context = recordContext(handlerContext);
    const { path } = handlerContext.input;
    const line = findLine(context, findLive(context.tables.leads, path.id), path.itemID);
    context.tables.leadProducts.remove(line.id);
    return { body: { ok: true, id: line.id } };
  },
};

/** Lines and additional contacts stay in the order they were added: their ids grow with time. */
function byOrderAdded(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Lines oldest first, in the list envelope; a lead has at most 200 of them. */
async function pageOfLines(context: ReturnType<typeof recordContext>, lines: StoredLeadProduct[]) {
  const page = await sortedPage(lines, context.pageRequest(), (line) => ({ id: line.id }), byOrderAdded);
  return { body: { ...page, data: page.data.map(presentLine) } };
}
