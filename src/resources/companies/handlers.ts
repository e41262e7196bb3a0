// Handlers of the company routes (inferred CRUD with trash and restore, spec 2.1, 4.14), by operationId.
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { findLive } from '../records/trash.ts';
import { trashableHandlers } from '../records/trashable-handlers.ts';
import { createCompany } from './create-company.ts';
import { listCompanies } from './list-companies.ts';
import { presentCompany } from './present-company.ts';
import { updateCompany } from './update-company.ts';

export const companiesHandlers: TagHandlers<'Companies'> = {
  ...trashableHandlers({ kind: 'Company', tableOf: (tables) => tables.companies, present: presentCompany }),

  async listCompanies(handlerContext) {
    const context = recordContext(handlerContext);
    const page = await listCompanies(context, handlerContext.input.query.q);
    return { body: { ...page, data: page.data.map((company) => presentCompany(context.workspace, company)) } };
  },

  async createCompany(handlerContext) {
    const context = recordContext(handlerContext);
    const company = await createCompany(context, handlerContext.input.body);
    return { status: 201, body: presentCompany(context.workspace, company) };
  },

  async updateCompany(handlerContext) {
    const context = recordContext(handlerContext);
    const company = findLive(context.tables.companies, handlerContext.input.path.id);
    const updated = await updateCompany(context, company, handlerContext.input.body);
    return { body: presentCompany(context.workspace, updated) };
  },
};
