// Mutants of companies (spec 2.1, 4.3): what a company stores and answers, and its
// contacts.
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { presentContact } from '../../resources/contacts/present-contact.ts';
import { normalizeId } from '../../ids/ids.ts';
import { nextRecordNumber } from '../../store/record-numbers.ts';
import { callerOf } from '../../http/handler.ts';
import { alterOk, callerWorkspace, onOperation, probe, queryOf } from '../request-match.ts';
import { shortId } from '../record-requests.ts';

export const contactsCompaniesMutants: readonly Fault[] = [
  {
    name: 'company-delete-removes',
    area: 'contacts',
    proves: ['companies.delete-to-trash', 'errors.docs-url-names-code'],
    description: 'A deleted company reads 404 not_found (as if removed for good) instead of 410 gone from the trash.',
    wrap: onOperation(['getCompany', 'updateCompany', 'deleteCompany', 'restoreCompany'], (next, request, info) =>
      onErrorCode('gone', (response, body) =>
        changed(response, {
          status: 404,
          body: { error: { ...body.error, code: 'not_found', message: 'Not found.', deleted_at: undefined } },
        }),
      )(next)(request, info),
    ),
  },
  {
    name: 'company-filter-lists-trashed-contacts',
    area: 'contacts',
    proves: ['contacts.delete-to-trash'],
    description:
      "The contact list filtered by company reads the company's contacts from their own index, which forgets the trash: contacts in the trash are listed with the live ones (spec 2.1: a deleted record leaves lists).",
    wrap: (next, state) =>
      onOperation('listContacts', async (inner, request, info) => {
        const query = queryOf(request);
        const company = query.get('company');
        const response = await inner(request, info);
        const workspace = callerWorkspace(state, request);
        if (!company || query.has('cursor') || !workspace) return response;
        const trashed = workspace.tables.contacts.findBy('company', normalizeId(company)).filter((contact) => contact.deleted_at !== null);
        if (!trashed.length) return response;
        return alterOk(response, (body) => ({
          ...body,
          data: [...(body.data ?? []), ...trashed.map((contact) => presentContact(workspace, contact))].sort((a: any, b: any) =>
            a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
          ),
        }));
      })(next, state),
  },
  // Stated rules without a fault of their own (docs/readings-review.md; issue 22, H2 item 4).
  {
    name: 'company-read-without-number',
    area: 'contacts',
    description:
      "GET /v1/companies/{id} answers the company without its record number: the single read's serializer predates numbers (spec 2.1: companies have an integer number; read answers 200 with the record).",
    proves: ['companies.read'],
    wrap: onOperation('getCompany', async (next, request, info, { params }) =>
      shortId('co', params.id) ? alterOk(await next(request, info), ({ number: _number, ...company }) => company) : next(request, info),
    ),
  },
  {
    name: 'company-patch-answers-before',
    area: 'contacts',
    description:
      'PATCH /v1/companies/{id} saves the change but answers the company as it was read before it (spec 2.1: PATCH changes only the fields sent, and the change answers 200 with the record).',
    proves: ['companies.patch'],
    wrap: onOperation('updateCompany', async (next, request, info, { params }) => {
      if (!shortId('co', params.id)) return next(request, info);
      const before = await next(probe(request, `/v1/companies/${params.id}`), info);
      const after = await next(request, info);
      return after.ok && before.ok ? changed(after, { body: await jsonOf(before) }) : after;
    }),
  },
  {
    name: 'company-restore-renumbers',
    area: 'contacts',
    description:
      'POST /v1/companies/{id}/restore brings the company back under a new number, as if it were created again (spec 2.1: numbers are kept on restore).',
    proves: ['companies.restore'],
    // The handler's own renumbering, inside the request's transaction (a company named by its short id).
    operations: ['restoreCompany'],
    async aroundHandler(next, context) {
      const result = await next();
      const id = context.input.path.id!;
      const { workspace } = callerOf(context);
      if (shortId('co', id) && workspace.tables.companies.get(id)) {
        await workspace.tables.companies.update(id, (company) => {
          company.number = nextRecordNumber(workspace.numbers, 'company');
        });
      }
      return result;
    },
  },
];
