// Mutants of the contacts and companies rules (spec 2.4, 4.3, 4.13, 4.14): each is a bug another
// team's contacts service might ship, acting through the handler seams by operationId; the records
// family's checks (records.contact-*, fields.custom-values, contacts.route-scopes, contacts.companies)
// must catch it.
import type { HandlerContext } from '../../http/handler.ts';
import type { ValidatedInput } from '../../http/request-validation.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { Fault } from '../fault.ts';
import { onOperation, sentJson, withJson } from '../request-match.ts';
import { alterResult, eachRecord } from './handler-answer.ts';
import { scopeGuardForgotten } from './forgotten-guard.ts';

/** Every operation whose answer shows contacts. */
const CONTACT_ANSWERS: OperationId[] = ['listContacts', 'createContact', 'getContact', 'updateContact', 'restoreContact'];
const CONTACT_READS: OperationId[] = ['listContacts', 'getContact'];
const CONTACT_WRITES: OperationId[] = ['createContact', 'updateContact', 'deleteContact', 'restoreContact'];

/** A mutant that shows records changed by `alter`, as a buggy presenter would. */
function presenter(operations: OperationId[], alter: (record: any) => any): Pick<Fault, 'operations' | 'aroundHandler'> {
  return { operations, aroundHandler: async (next) => alterResult(await next(), eachRecord(alter)) };
}

/** A handler that misreads the body it is given: `misread` changes a copy of it. */
function misreadBody(
  operations: OperationId[],
  misread: (body: Record<string, any>, context: HandlerContext) => void,
): Pick<Fault, 'operations' | 'alterInput'> {
  return {
    operations,
    alterInput: (input: ValidatedInput, context) => {
      const body = { ...(input.body as Record<string, any>) };
      misread(body, context);
      return { ...input, body };
    },
  };
}

/** The stored contact a request's path names, if any. */
const storedContact = (context: HandlerContext) => context.caller!.workspace.tables.contacts.get(normalizeId(context.input.path.id!));

/** A list page in the reverse of the order the handler gave it (oldest first instead of newest first). */
const oldestFirst = (operation: OperationId): Pick<Fault, 'operations' | 'aroundHandler'> => ({
  operations: [operation],
  aroundHandler: async (next) => alterResult(await next(), (body) => ({ ...body, data: [...body.data].reverse() })),
});

export const contactsMutants: Fault[] = [
  {
    name: 'contact-number-as-string',
    area: 'contacts',
    proves: ['contacts.fields'],
    description: 'A contact\'s number is shown as a string ("12"), as a 64-bit column is serialized, not an integer (spec 2.4).',
    ...presenter(CONTACT_ANSWERS, (contact) => ({ ...contact, number: String(contact.number) })),
  },
  {
    name: 'contact-company-without-name',
    area: 'contacts',
    proves: ['contacts.company-object'],
    description: "A contact's company is shown as {id} without its name (the company is not joined) (spec 2.4: {id, name}).",
    ...presenter(CONTACT_ANSWERS, (contact) => (contact.company ? { ...contact, company: { id: contact.company.id } } : contact)),
  },
  {
    name: 'contact-owner-not-expanded',
    area: 'contacts',
    proves: ['contacts.owner-object'],
    description: 'A contact with a responsible member shows owner_id but owner null (the member is not joined) (spec 2.4).',
    ...presenter(CONTACT_ANSWERS, (contact) => ({ ...contact, owner: null })),
  },
  {
    name: 'contact-language-lowercased',
    area: 'contacts',
    proves: ['contacts.preferred-language-values'],
    description:
      'preferred_language is shown lower-cased (uz-cyrl, uz-latn), as a case-insensitive column keeps it, not as spec 2.4 spells the languages.',
    ...presenter(CONTACT_ANSWERS, (contact) => ({ ...contact, preferred_language: String(contact.preferred_language).toLowerCase() })),
  },
  {
    name: 'contact-language-defaults-to-ru',
    area: 'contacts',
    proves: ['contacts.preferred-language-empty'],
    description: "A contact created without preferred_language gets ru (the workspace's language), not the empty value of spec 2.4.",
    ...misreadBody(['createContact'], (body) => void (body.preferred_language ??= 'ru')),
  },
  {
    name: 'contact-language-empty-ignored',
    area: 'contacts',
    proves: ['contacts.preferred-language-cleared'],
    description: 'A PATCH with preferred_language "" is treated like the field not sent: the language cannot be emptied (spec 2.4).',
    ...misreadBody(['updateContact'], (body) => void (body.preferred_language === '' && delete body.preferred_language)),
  },
  {
    name: 'contact-open-leads-null',
    area: 'contacts',
    proves: ['contacts.open-leads-zero'],
    description: 'A contact without leads shows open_leads null (a count over an outer join with no rows), not 0 (spec 2.4).',
    ...presenter(CONTACT_ANSWERS, (contact) => (contact.open_leads === 0 ? { ...contact, open_leads: null } : contact)),
  },
  {
    name: 'contact-tags-cut-to-10',
    area: 'contacts',
    proves: ['contacts.tags-limit'],
    description: 'A contact sent with more than 10 tags keeps the first 10 instead of being refused with 422 under tags (spec 2.4).',
    wrap: onOperation(['createContact', 'updateContact'], async (next, request, info) => {
      const sent = await sentJson(request);
      const tags = sent?.tags;
      return next(Array.isArray(tags) && tags.length > 10 ? withJson(request, { ...sent, tags: tags.slice(0, 10) }) : request, info);
    }),
  },
  {
    name: 'contact-read-without-custom',
    area: 'contacts',
    proves: ['contacts.custom-values'],
    description:
      'GET of one contact does not load its custom values: custom reads {} (the values are joined on the list only) (spec 2.4, 2.11).',
    ...presenter(['getContact'], (contact) => ({ ...contact, custom: {} })),
  },
  {
    name: 'contact-reads-unguarded',
    area: 'contacts',
    proves: ['contacts.read-scope'],
    description:
      'GET /v1/contacts and GET /v1/contacts/{id} lost their scope guard: a key without contacts:read lists and reads contacts (spec 4.3).',
    wrap: scopeGuardForgotten(CONTACT_READS, 'contacts:read'),
  },
  {
    name: 'contact-writes-unguarded',
    area: 'contacts',
    proves: ['contacts.write-scope'],
    description:
      'The contact write routes check no scope: a key without contacts:write creates, changes, deletes and restores contacts (spec 4.3).',
    wrap: scopeGuardForgotten(CONTACT_WRITES, 'contacts:write'),
  },
  {
    name: 'contact-company-filter-ignored',
    area: 'contacts',
    proves: ['contacts.list-company'],
    description: 'The contact list ignores company=: it lists the contacts of every company (spec 4.3).',
    operations: ['listContacts'],
    alterInput: (input) => {
      const { company: _ignored, ...query } = input.query;
      return { ...input, query };
    },
  },
  {
    name: 'contact-q-skips-name',
    area: 'contacts',
    proves: ['contacts.q-name'],
    description: 'q on the contact list searches phones and emails only, not names (spec 4.3).',
    operations: ['listContacts'],
    aroundHandler: async (next, context) => {
      const q = String(context.input.query.q ?? '')
        .trim()
        .toLowerCase();
      if (!q) return next();
      const byPhoneOrEmail = (contact: any) =>
        [...contact.phones, ...contact.emails].some((value: string) => value.toLowerCase().includes(q));
      return alterResult(await next(), (body) => ({ ...body, data: body.data.filter(byPhoneOrEmail) }));
    },
  },
  {
    name: 'contact-email-appended',
    area: 'contacts',
    proves: ['contacts.email-goes-first'],
    description: 'On create, `email` is appended after `emails` instead of going first (spec 4.3).',
    ...misreadBody(['createContact'], (body) => {
      if (typeof body.email !== 'string' || !Array.isArray(body.emails)) return;
      body.emails = [...body.emails, body.email];
      delete body.email;
    }),
  },
  {
    name: 'contact-create-ignores-owner',
    area: 'contacts',
    proves: ['contacts.create-fields'],
    description: 'Create takes no owner_id (only a PATCH sets the responsible member): the new contact has none (spec 4.3).',
    ...misreadBody(['createContact'], (body) => void delete body.owner_id),
  },
  {
    name: 'contact-unknown-company-dropped',
    area: 'contacts',
    proves: ['contacts.company-must-exist'],
    description:
      'A company_id that names no company of the workspace is dropped silently: the request answers 200 and the contact keeps its company (spec 4.3: an existing company).',
    ...misreadBody(['createContact', 'updateContact'], (body, context) => {
      if (typeof body.company_id === 'string' && !context.caller!.workspace.tables.companies.get(normalizeId(body.company_id)))
        delete body.company_id;
    }),
  },
  {
    name: 'contact-without-identity-unnamed',
    area: 'contacts',
    proves: ['contacts.identity-required'],
    description: 'A contact sent without a name, a phone or an email is created as "Unnamed contact" instead of refused (spec 4.3).',
    // The document itself requires one of them (anyOf), so the request is changed before it is validated.
    wrap: onOperation('createContact', async (next, request, info) => {
      const sent = await sentJson(request);
      const none = (value: unknown) =>
        value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      const nameless =
        sent && typeof sent === 'object' && ['name', 'phone', 'phones', 'email', 'emails'].every((field) => none(sent[field]));
      return next(nameless ? withJson(request, { ...sent, name: 'Unnamed contact' }) : request, info);
    }),
  },
  {
    name: 'contact-patch-tags-merged',
    area: 'contacts',
    proves: ['contacts.patch-tags-replace'],
    description:
      'tags on a contact PATCH are added to the tags it has instead of replacing them: an empty list removes nothing (spec 4.3).',
    ...misreadBody(['updateContact'], (body, context) => {
      const kept = storedContact(context)?.tags ?? [];
      if (Array.isArray(body.tags)) body.tags = [...new Set([...kept, ...body.tags])];
    }),
  },
  {
    name: 'company-created-without-number',
    area: 'contacts',
    proves: ['companies.create'],
    description:
      'The answer to a company create shows number null: the number is given by a trigger after the insert and shows from the next read on (spec 2.1).',
    ...presenter(['createCompany'], (company) => ({ ...company, number: null })),
  },
  {
    name: 'company-list-oldest-first',
    area: 'contacts',
    proves: ['companies.list-newest-first'],
    description: 'The company list is ordered by number ascending (oldest first), not newest first (spec 4.13).',
    ...oldestFirst('listCompanies'),
  },
];
