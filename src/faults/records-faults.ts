// Faults in the records rules: each breaks one rule the way a real implementation might, and a check
// of the records family must catch it (test/conformance/mutation.test.ts). Contacts (spec 2.4,
// 4.3), companies (2.1), products (2.8, 4.7), custom fields and their values (2.11, 4.9), members
// and teams (2.7, 4.6).
import { newSession, SESSION_COOKIE, sessionTokenOf } from '../auth/session.ts';
import type { MockState } from '../mock-state.ts';
import type { OperationId } from '../spec/operation-types.ts';
import type { RoutedOperation } from './operation-of.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { faultMemory } from './fault-memory.ts';
import { presentContact } from '../resources/contacts/present-contact.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { retryAsOwner } from './owner-key.ts';
import { presentMember } from '../resources/members/present-member.ts';
import { normalizeId } from '../ids/ids.ts';
import { nextRecordNumber } from '../store/record-numbers.ts';
import { callerOf, type HandlerContext, type HandlerResult } from '../http/handler.ts';
import {
  alterOk,
  callerWorkspace,
  errorAnswer,
  offsetDropped,
  onOperation,
  overTheEdge,
  probe,
  queryOf,
  sentJson,
  withJson,
  withQuery,
} from './request-match.ts';

/** A path's id that is a short-prefixed id of `prefix` (not a number, not a long prefix: spec 2.2). */
const shortId = (prefix: string, id: string | undefined) => id !== undefined && new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id);

/** The writes (create, PATCH) of the records that carry `custom` (spec 2.11), and the table and field entity of each. */
const CUSTOM_WRITES = {
  createLead: ['leads', 'lead'],
  updateLead: ['leads', 'lead'],
  createContact: ['contacts', 'contact'],
  updateContact: ['contacts', 'contact'],
  createCompany: ['companies', 'company'],
  updateCompany: ['companies', 'company'],
  createProduct: ['products', 'product'],
  updateProduct: ['products', 'product'],
} as const satisfies Partial<Record<OperationId, readonly [string, string]>>;
const CUSTOM_WRITE_IDS = Object.keys(CUSTOM_WRITES) as (keyof typeof CUSTOM_WRITES)[];
const customTableOf = (operation: OperationId) => CUSTOM_WRITES[operation as keyof typeof CUSTOM_WRITES];

/** The body sent, or undefined when there is none or it is not JSON. */
async function sentBody(request: Request): Promise<any> {
  if (request.method === 'GET' || request.method === 'DELETE') return undefined;
  return request
    .clone()
    .json()
    .catch(() => undefined);
}

/** The same request with another JSON body. */
function withBody(request: Request, body: unknown): Request {
  return new Request(request, { body: JSON.stringify(body) });
}

/** The same request with its query changed, and no body (a GET's). */
function withUrlQuery(request: Request, change: (query: URLSearchParams) => void): Request {
  return new Request(withQuery(request, change).url, { method: request.method, headers: request.headers });
}

/** A stored contact by id, in whichever workspace holds it. */
function storedContact(state: MockState, id: string): any {
  for (const workspace of state.workspaces.values()) {
    const contact = workspace.tables.contacts.get(id);
    if (contact) return contact;
  }
  return undefined;
}

/** A pick of requests among its operations' (the routed operation and the query sent). */
type RequestPick = { operations: readonly OperationId[]; matches?: (routed: RoutedOperation, query: URLSearchParams) => boolean };

/** Runs `next`, then lets `alter` change a successful JSON answer to a request `pick` picks (given the body and query sent). */
function onSuccess(pick: RequestPick, alter: (body: any, sent: any, query: URLSearchParams) => any) {
  return onOperation(pick.operations, async (next, request, info, routed) => {
    const query = queryOf(request);
    if (pick.matches && !pick.matches(routed, query)) return next(request, info);
    const sent = await sentBody(request);
    const response = await next(request, info);
    if (!response.ok) return response;
    const body = await jsonOf(response);
    return body === undefined ? response : changed(response, { body: alter(body, sent, query) });
  });
}

/** A contact named by its short id (a create names none). */
const byContactId = ({ params }: RoutedOperation) => params.id === undefined || shortId('ct', params.id);
const contactWrite: RequestPick = { operations: ['createContact', 'updateContact'], matches: byContactId };
const contactRead: RequestPick = { operations: ['listContacts', 'createContact', 'getContact', 'updateContact'], matches: byContactId };
const contactList: RequestPick = { operations: ['listContacts'] };
const productList: RequestPick = { operations: ['listProducts'] };

/** Each contact of a single or list answer, changed. */
function eachContact(body: any, change: (contact: any) => any): any {
  return Array.isArray(body.data) ? { ...body, data: body.data.map(change) } : change(body);
}

/** The `custom` of a contact answer, changed given the `custom` sent. */
function alterCustom(change: (custom: Record<string, any>, sent: Record<string, any>) => Record<string, any>) {
  return onSuccess(contactWrite, (body, sent) =>
    sent?.custom && body.custom ? { ...body, custom: change(body.custom, sent.custom) } : body,
  );
}

/** The `custom.<key>` a validation_failed answer names, when the request sent that key. */
function customKeyOf(body: any): string | undefined {
  return Object.keys(body.error.fields ?? {})
    .find((field) => field.startsWith('custom.'))
    ?.slice('custom.'.length);
}

/** What a buggy write stores differently: fields of the record, and values of its `custom`. */
type OtherWrite = { fields?: Record<string, unknown>; custom?: Record<string, unknown> } | undefined;

/**
 * The handler of `operations` writing as a buggy one would: after its own write, `other` says what
 * it stores differently (given the record it answers, the body sent and the caller's workspace),
 * written to the record's table inside the request's transaction and answered.
 */
function alsoWrites(
  operations: readonly OperationId[],
  table: (operation: OperationId) => string,
  other: (record: any, sent: any, workspace: Workspace, context: HandlerContext) => OtherWrite,
) {
  return {
    operations,
    async aroundHandler(next: () => Promise<HandlerResult>, context: HandlerContext): Promise<HandlerResult> {
      const result = await next();
      const record: any = result instanceof Response ? undefined : result.body;
      const { workspace } = callerOf(context);
      const change = record?.id && context.input.body ? other(record, context.input.body, workspace, context) : undefined;
      if (result instanceof Response || !change || (!change.fields && !change.custom)) return result;
      await (workspace.tables as any)[table(context.operation.id as OperationId)].update(record.id, (draft: any) => {
        Object.assign(draft, change.fields ?? {});
        if (change.custom) Object.assign(draft.custom, change.custom);
      });
      return {
        ...result,
        body: { ...record, ...change.fields, ...(change.custom ? { custom: { ...record.custom, ...change.custom } } : {}) },
      };
    },
  } satisfies Pick<Fault, 'operations' | 'aroundHandler'>;
}

/** A contact write (create, or PATCH by short id) whose answer and stored record `alter` changes, given the body sent. */
function onContactWrite(alter: (contact: any, sent: any) => Record<string, unknown> | undefined) {
  return alsoWrites(
    contactWrite.operations,
    () => 'contacts',
    (contact, sent, _workspace, context) => {
      const fields = context.input.path.id === undefined || shortId('ct', context.input.path.id) ? alter(contact, sent) : undefined;
      return fields && { fields };
    },
  );
}

/** The phone as a parser with Russia as its home region stores it: a leading trunk 8 read as +7. */
function russianTrunkPhone(sent: string): string | null {
  if (sent.trim().startsWith('+')) return null;
  const digits = sent.replace(/\D/g, '');
  return digits.startsWith('8') && digits.length >= 10 ? `+7${digits.slice(1)}` : null;
}

/** The keys of the custom fields of `entity` of type `type` in the workspace. */
function customKeysOfType(workspace: Workspace, entity: string, type: string): string[] {
  return [...workspace.tables.fields.values()]
    .filter((field: any) => field.entity === entity && field.type === type)
    .map((field: any) => field.key);
}

/**
 * A record write (POST or PATCH on leads, contacts, companies, products) whose stored custom
 * values of fields of `type` `alter` changes, given the value sent; the answer shows the change.
 */
function onCustomOfType(type: string, alter: (sent: unknown, stored: unknown) => unknown) {
  return alsoWrites(
    CUSTOM_WRITE_IDS,
    (operation) => customTableOf(operation)[0],
    (record, sent, workspace, context) => {
      if (!record.custom || !sent.custom || typeof sent.custom !== 'object') return undefined;
      const change: Record<string, unknown> = {};
      for (const key of customKeysOfType(workspace, customTableOf(context.operation.id as OperationId)[1], type)) {
        if (sent.custom[key] === undefined || sent.custom[key] === null || record.custom[key] === undefined) continue;
        change[key] = alter(sent.custom[key], record.custom[key]);
      }
      return Object.keys(change).length ? { custom: change } : undefined;
    },
  );
}

export const recordsFaults: Fault[] = [
  {
    // Readings review: members.first-party-owners-admins, fields.label-plain-string and
    // conventions.localized-names-plain-string are stated (4.6; 2.1 "used for every language").
    name: 'first-party-owner-only',
    area: 'members',
    proves: ['members.first-party-owners-admins', 'members.deactivate-status', 'members.patch-team-ids'],
    description:
      'First-party-only routes let only the owner in: an admin signed in to the web app gets 403 forbidden (spec 4.6: reserved for owners and admins).',
    wrap: (next, state) => async (request, info) => {
      const found = state.findCredential(sessionTokenOf(request) ?? '');
      const member = found?.credential.kind === 'session' ? found.workspace.members.get(found.credential.session.memberId) : undefined;
      if (request.method === 'GET' || member?.role !== 'admin') return next(request, info);
      const seen = await next(probe(request, '/v1/fields'), info);
      return errorAnswer(state, seen, 403, { code: 'forbidden', message: 'Only the workspace owner may do this.', permission: 'owner' });
    },
  },
  {
    name: 'field-label-string-replaces-english',
    area: 'conventions',
    proves: ['conventions.localized-names-plain-string', 'fields.label-plain-string'],
    description:
      'A field label changed to a plain string replaces only its English text; the other languages keep the old label (spec 2.1: a plain string is used for every language).',
    wrap: onOperation('updateField', async (inner, request, info, { params }, state) => {
      const body = await sentJson(request);
      if (typeof body?.label !== 'string') return inner(request, info);
      const id = normalizeId(params.id ?? '');
      const stored = [...state.workspaces.values()].map((workspace) => workspace.tables.fields.get(id) as any).find(Boolean);
      return inner(withJson(request, { ...body, label: { ...(stored?.label ?? {}), en: body.label } }), info);
    }),
  },
  {
    // Readings review: products.price-integer is stated (2.8 "price | integer | smallest currency unit"; 2.1).
    name: 'product-price-decimal-rounded',
    area: 'products',
    proves: ['products.price-integer'],
    description:
      'A product price sent as a decimal is rounded to the smallest unit and taken instead of refused (spec 2.1, 2.8: an integer, never decimals).',
    wrap: onOperation(['createProduct', 'updateProduct'], async (next, request, info) => {
      const body = await sentJson(request);
      const decimal = typeof body?.price === 'number' && !Number.isInteger(body.price);
      return next(decimal ? withJson(request, { ...body, price: Math.round(body.price) }) : request, info);
    }),
  },
  {
    // Readings review: members.deactivate-status is stated (2.7 "member.status | `active` or `deactivated`").
    name: 'member-status-inactive',
    area: 'members',
    proves: ['members.deactivate-status', 'responses.shape.deactivate-member'],
    description: "A deactivated member shows status inactive (the user table's word) instead of deactivated (spec 2.7).",
    wrap: onOperation(['listMembers', 'updateMember', 'deactivateMember'], async (next, request, info) => {
      const response = await next(request, info);
      const rename = (member: any) => (member?.status === 'deactivated' ? { ...member, status: 'inactive' } : member);
      return alterOk(response, (body) => (Array.isArray(body?.data) ? { ...body, data: body.data.map(rename) } : rename(body)));
    }),
  },
  {
    name: 'contact-phones-not-normalized',
    area: 'contacts',
    proves: [
      'contacts.phones-international',
      'contacts.phones-spaces-dashes',
      'contacts.phones-leading-8',
      'contacts.phone-goes-first',
      'contacts.patch-phones-replace',
      'contacts.patch-normalizes',
      'responses.shape.create-contact',
      'responses.shape.update-contact',
    ],
    description: 'Contact phones are kept as sent (only trimmed): local spellings with spaces, dashes or a leading 8 never become +998...',
    wrap: onSuccess(contactWrite, (body, sent) => {
      const phones = [sent?.phone, ...(sent?.phones ?? [])]
        .filter((phone) => typeof phone === 'string')
        .map((phone: string) => phone.trim());
      return phones.length ? { ...body, phones, name: sent.name ?? phones[0] } : body;
    }),
  },
  {
    name: 'contact-emails-case-kept',
    area: 'contacts',
    proves: [
      'contacts.emails-lowercased',
      'contacts.patch-emails-replace',
      'contacts.patch-normalizes',
      'responses.shape.create-contact',
      'responses.shape.update-contact',
    ],
    description: 'Contact emails are kept in the case they were sent in instead of lowercased.',
    wrap: onSuccess(contactWrite, (body, sent) => {
      const emails = [sent?.email, ...(sent?.emails ?? [])].filter((email) => typeof email === 'string');
      return emails.length ? { ...body, emails } : body;
    }),
  },
  {
    name: 'contact-phone-after-phones',
    area: 'contacts',
    proves: ['contacts.phone-goes-first'],
    description:
      'A contact created with both `phone` and `phones` gets `phone` last instead of first (and is named after the first of `phones`).',
    wrap: onOperation('createContact', async (next, request, info) => {
      const sent = await sentBody(request);
      if (typeof sent?.phone !== 'string' || !Array.isArray(sent.phones)) return next(request, info);
      const { phone, ...rest } = sent;
      return next(withBody(request, { ...rest, phones: [...sent.phones, phone] }), info);
    }),
  },
  {
    name: 'contact-unnamed-placeholder',
    area: 'contacts',
    proves: ['contacts.name-from-phone', 'contacts.name-from-email'],
    description: 'A contact created without a name is named "Unnamed contact" instead of after its first phone or email.',
    wrap: onOperation('createContact', async (next, request, info) => {
      const sent = await sentBody(request);
      const identified = sent && ['phone', 'phones', 'email', 'emails'].some((field) => field in sent);
      return identified && !sent.name ? next(withBody(request, { ...sent, name: 'Unnamed contact' }), info) : next(request, info);
    }),
  },
  {
    name: 'contact-language-unchecked',
    area: 'contacts',
    proves: ['contacts.preferred-language-other-refused'],
    description: 'Any preferred_language is taken (and left unchanged) instead of refusing values other than uz-Latn, uz-Cyrl, ru, en.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        if (!body.error.fields?.preferred_language) return response;
        const { preferred_language: _ignored, ...sent } = await request.clone().json();
        return next(withBody(request, sent));
      })(next),
  },
  {
    name: 'contact-extra-phones-dropped',
    area: 'contacts',
    proves: ['contacts.phones-limit', 'contacts.emails-limit'],
    description: 'A contact with more than 10 phones or emails keeps the first 10 silently instead of answering validation_failed.',
    wrap: onOperation(contactWrite.operations, async (next, request, info, routed) => {
      const sent = byContactId(routed) ? await sentBody(request) : undefined;
      const over = (list: unknown) => Array.isArray(list) && list.length > 10;
      if (!sent || !(over(sent.phones) || over(sent.emails))) return next(request, info);
      return next(
        withBody(request, {
          ...sent,
          ...(over(sent.phones) ? { phones: sent.phones.slice(0, 10) } : {}),
          ...(over(sent.emails) ? { emails: sent.emails.slice(0, 10) } : {}),
        }),
        info,
      );
    }),
  },
  {
    name: 'contact-patch-appends-lists',
    area: 'contacts',
    proves: ['contacts.patch-phones-replace', 'contacts.patch-emails-replace', 'contacts.patch-normalizes'],
    description: 'PATCH of a contact adds the phones and emails sent to the ones it has instead of replacing the lists.',
    wrap: onOperation('updateContact', async (next, request, info, { params }, state) => {
      const id = shortId('ct', params.id) ? params.id : undefined;
      const sent = id ? await sentBody(request) : undefined;
      const stored = id && storedContact(state, id);
      if (!stored || !(Array.isArray(sent?.phones) || Array.isArray(sent?.emails))) return next(request, info);
      const merged = (field: 'phones' | 'emails') =>
        Array.isArray(sent[field]) ? { [field]: [...new Set([...stored[field], ...sent[field]])].slice(0, 10) } : {};
      return next(withBody(request, { ...sent, ...merged('phones'), ...merged('emails') }), info);
    }),
  },
  {
    name: 'contact-null-references-ignored',
    area: 'contacts',
    proves: ['contacts.patch-null-company', 'contacts.patch-null-owner'],
    description: 'company_id: null and owner_id: null on a contact PATCH are treated as not sent: the company and owner stay.',
    wrap: onOperation('updateContact', async (next, request, info, { params }) => {
      const sent = shortId('ct', params.id) ? await sentBody(request) : undefined;
      if (!sent || !(sent.company_id === null || sent.owner_id === null)) return next(request, info);
      const kept = Object.fromEntries(
        Object.entries(sent).filter(([field, value]) => !(['company_id', 'owner_id'].includes(field) && value === null)),
      );
      return next(withBody(request, Object.keys(kept).length ? kept : { custom: {} }), info);
    }),
  },
  {
    name: 'contact-open-leads-not-counted',
    area: 'contacts',
    proves: ['contacts.open-leads'],
    description: 'A contact always shows open_leads 0, whatever leads it has.',
    wrap: onSuccess(contactRead, (body) => eachContact(body, (contact) => ({ ...contact, open_leads: 0 }))),
  },
  {
    name: 'contact-open-leads-count-closed',
    area: 'contacts',
    proves: ['contacts.open-leads'],
    description: "A contact's open_leads counts all its leads, won and lost ones too.",
    wrap: (next, state) =>
      onSuccess(contactRead, (body) =>
        eachContact(body, (contact) => {
          const workspace = [...state.workspaces.values()].find((candidate) => candidate.tables.contacts.get(contact.id));
          const leads = workspace
            ? workspace.tables.leads.records().filter((lead: any) => lead.contact_id === contact.id && !lead.deleted_at)
            : [];
          return { ...contact, open_leads: leads.length };
        }),
      )(next, state),
  },
  {
    name: 'contact-search-names-only',
    area: 'contacts',
    proves: ['contacts.q-phones', 'contacts.q-emails'],
    description: 'q on the contact list searches names only, not phones or emails.',
    wrap: onSuccess({ ...contactList, matches: (_routed, query) => query.has('q') }, (body, _sent, query) => {
      const q = query.get('q')!.toLowerCase();
      return { ...body, data: body.data.filter((contact: { name: string }) => contact.name.toLowerCase().includes(q)) };
    }),
  },
  {
    name: 'contacts-oldest-first',
    area: 'contacts',
    proves: ['contacts.list-newest-first'],
    description: 'The contact list is oldest first (each page reversed).',
    wrap: onSuccess(contactList, (body) => ({ ...body, data: [...body.data].reverse() })),
  },
  {
    name: 'contact-company-scope-unchecked',
    area: 'contacts',
    proves: ['contacts.company-needs-companies-read'],
    description:
      'A key without companies:read creates a contact with company_id (the company silently dropped) instead of answering missing_scope.',
    wrap: onOperation(['listContacts', 'createContact'], (next, request, info) =>
      onErrorCode('missing_scope', async (response, body, request) => {
        if (body.error.scope !== 'companies:read') return response;
        const { company_id: _dropped, ...sent } = await request.clone().json();
        return next(withBody(request, sent));
      })(next)(request, info),
    ),
  },
  {
    name: 'members-scope-misnamed',
    area: 'members',
    proves: ['members.missing-scope', 'teams.scope'],
    description: 'The members and teams lists answer missing_scope with scope members:read instead of users:read.',
    wrap: onErrorCode('missing_scope', (response, body) =>
      body.error.scope === 'users:read' ? changed(response, { body: { error: { ...body.error, scope: 'members:read' } } }) : response,
    ),
  },
  {
    name: 'products-archived-listed',
    area: 'products',
    proves: ['products.list-default-active'],
    description: 'The product list includes archived products by default (as if archived=all).',
    wrap: onOperation(productList.operations, async (next, request, info) => {
      if (queryOf(request).has('archived')) return next(request, info);
      return next(
        withUrlQuery(request, (query) => query.set('archived', 'all')),
        info,
      );
    }),
  },
  {
    name: 'products-search-names-only',
    area: 'products',
    proves: ['products.q-sku'],
    description: 'q on the product list searches names only, not SKUs.',
    wrap: onSuccess({ ...productList, matches: (_routed, query) => query.has('q') }, (body, _sent, query) => {
      const q = query.get('q')!.toLowerCase();
      return { ...body, data: body.data.filter((product: { name: string }) => product.name.toLowerCase().includes(q)) };
    }),
  },
  {
    name: 'product-patch-archive-ignored',
    area: 'products',
    proves: ['products.list-default-active', 'products.list-archived-true', 'products.patch-archives'],
    description: 'PATCH of a product ignores archived (only create sets it), so a product cannot be archived.',
    wrap: onOperation('updateProduct', async (next, request, info) => {
      const sent = await sentBody(request);
      if (!sent || !('archived' in sent)) return next(request, info);
      const { archived: _ignored, ...rest } = sent;
      return next(withBody(request, Object.keys(rest).length ? rest : { custom: {} }), info);
    }),
  },
  {
    name: 'fields-need-record-scope',
    area: 'fields',
    proves: ['fields.no-scope'],
    description: "GET /v1/fields asks for the read scope of the fields' entity (leads:read without entity) instead of no scope.",
    wrap: onOperation('listFields', async (next, request, info) => {
      const entity = queryOf(request).get('entity') ?? 'lead';
      const allowed = await next(
        new Request(probe(request, `/v1/${entity === 'company' ? 'companies' : `${entity}s`}?limit=1`).url, {
          method: request.method,
          headers: request.headers,
        }),
        info,
      );
      return allowed.status === 403 ? allowed : next(request, info);
    }),
  },
  {
    name: 'fields-entity-filter-ignored',
    area: 'fields',
    proves: ['fields.entity-filter'],
    description: 'GET /v1/fields ignores entity and lists the fields of every entity.',
    wrap: onOperation('listFields', async (next, request, info) => {
      if (!queryOf(request).has('entity')) return next(request, info);
      return next(
        withUrlQuery(request, (query) => query.delete('entity')),
        info,
      );
    }),
  },
  {
    name: 'custom-datetime-offset-kept',
    area: 'fields',
    proves: ['fields.datetime-utc'],
    description: 'A custom datetime value is kept with the offset it was sent with instead of stored in UTC.',
    wrap: alterCustom((custom, sent) => {
      const kept = Object.entries(sent).filter(
        ([, value]) => typeof value === 'string' && /T\d\d:\d\d.*[+-]\d\d:\d\d$/.test(value) && !/[+-]00:00$/.test(value),
      );
      return { ...custom, ...Object.fromEntries(kept) };
    }),
  },
  {
    name: 'custom-money-currency-missing',
    area: 'fields',
    proves: ['fields.money-currency-default'],
    description: 'A custom money value sent without currency is kept without one instead of defaulting to UZS.',
    wrap: alterCustom((custom, sent) => {
      const bare = Object.entries(sent).filter(
        ([, value]) => value && typeof value === 'object' && !Array.isArray(value) && 'amount' in value && !('currency' in value),
      );
      return { ...custom, ...Object.fromEntries(bare.map(([key, value]) => [key, { amount: (value as { amount: number }).amount }])) };
    }),
  },
  {
    name: 'custom-patch-replaces-all',
    area: 'fields',
    proves: ['conventions.patch-custom-keys', 'fields.only-sent-keys-change', 'fields.null-clears'],
    description: 'A PATCH with custom answers only the keys sent: the other values are lost.',
    wrap: alterCustom((custom, sent) => Object.fromEntries(Object.entries(custom).filter(([key]) => key in sent))),
  },
  {
    name: 'custom-required-cleared-silently',
    area: 'fields',
    proves: ['fields.required-not-clearable'],
    description: 'null for a required custom field is ignored with 200 instead of answering validation_failed.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const key = customKeyOf(body);
        const sent = key
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
        if (!key || !sent?.custom || sent.custom[key] !== null) return response;
        const { [key]: _ignored, ...custom } = sent.custom;
        return next(withBody(request, { ...sent, custom }));
      })(next),
  },
  {
    name: 'custom-errors-under-custom',
    area: 'fields',
    proves: ['fields.multiselect-limit', 'fields.unknown-key-error', 'fields.bad-value-error'],
    description: 'Problems with custom values are reported under `custom` instead of `custom.<key>`.',
    wrap: onErrorCode('validation_failed', (response, body) => {
      const fields = body.error.fields ?? {};
      if (!Object.keys(fields).some((field) => field.startsWith('custom.'))) return response;
      const renamed = Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field.startsWith('custom.') ? 'custom' : field, message]),
      );
      return changed(response, { body: { error: { ...body.error, fields: renamed } } });
    }),
  },
  {
    name: 'custom-rating-clamped',
    area: 'fields',
    proves: ['fields.value-rating', 'fields.bad-value-error'],
    description: 'A custom rating above 5 is stored as 5 instead of refused.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const key = customKeyOf(body);
        const sent = key
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
        const value = sent?.custom?.[key!];
        if (!Number.isInteger(value) || value <= 5) return response;
        const retried = await next(withBody(request, { ...sent, custom: { ...sent.custom, [key!]: 5 } }));
        return retried.ok ? retried : response;
      })(next),
  },
  {
    name: 'member-team-ids-null',
    area: 'members',
    proves: ['members.fields', 'members.team-ids-empty', 'responses.shape.list-members'],
    description: 'A member in no team shows team_ids null instead of [].',
    wrap: onSuccess({ operations: ['listMembers'] }, (body) => ({
      ...body,
      data: body.data.map((member: { team_ids: string[] }) => (member.team_ids.length ? member : { ...member, team_ids: null })),
    })),
  },
  {
    name: 'team-writes-take-keys',
    area: 'members',
    proves: ['auth.first-party-only', 'teams.create-refuses-keys', 'teams.patch-refuses-keys', 'teams.delete-refuses-keys'],
    description: "The team routes forgot the first-party guard: an API key creates, changes and deletes teams as the key's member.",
    wrap: firstPartyGuardForgotten(['listTeams', 'createTeam', 'updateTeam', 'deleteTeam']),
  },
  {
    name: 'first-party-any-role',
    area: 'members',
    proves: ['members.first-party-other-roles'],
    description: 'First-party-only routes let any signed-in member in (a manager creates teams and fields), not only owners and admins.',
    wrap: (next, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'owner_or_admin') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const owner =
          found && [...found.workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
        return found && owner ? next(asMember(state, request, found.workspace.id, owner.id)) : response;
      })(next),
  },
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
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'contact-patch-emails-case-kept',
    area: 'contacts',
    proves: ['contacts.patch-emails-replace', 'contacts.patch-normalizes', 'responses.shape.update-contact'],
    description: 'Emails are lowercased on create only: the answer to a PATCH with emails shows them in the case sent (spec 2.4).',
    wrap: onOperation('updateContact', async (next, request, info, { params }) => {
      if (!shortId('ct', params.id)) return next(request, info);
      const emails = (await sentJson(request))?.emails;
      const response = await next(request, info);
      if (!Array.isArray(emails) || !emails.every((email) => typeof email === 'string')) return response;
      return alterOk(response, (body) => ({ ...body, emails: emails.map((email: string) => email.trim()) }));
    }),
  },
  {
    name: 'products-archived-true-lists-all',
    area: 'products',
    proves: ['products.list-archived-true'],
    description:
      'archived=true on the product list is read like archived=all: active products are listed with the archived ones (spec 4.7).',
    wrap: onOperation('listProducts', (next, request, info) =>
      next(
        withQuery(request, (query) => void (query.get('archived') === 'true' && query.set('archived', 'all'))),
        info,
      ),
    ),
  },
  {
    name: 'product-price-decimal-string',
    area: 'conventions',
    proves: [
      'products.fields',
      'products.create-fields',
      'responses.shape.list-products',
      'responses.shape.create-product',
      'responses.shape.get-product',
      'responses.shape.update-product',
    ],
    description:
      'Product answers show price as a decimal string in major units ("1500.00") instead of an integer in the smallest unit (spec 2.1 money, 2.8).',
    wrap: onOperation(['listProducts', 'createProduct', 'getProduct', 'updateProduct'], async (next, request, info) => {
      const response = await next(request, info);
      const asText = (product: any) =>
        typeof product?.price === 'number' ? { ...product, price: (product.price / 100).toFixed(2) } : product;
      return alterOk(response, (body) => (Array.isArray(body.data) ? { ...body, data: body.data.map(asText) } : asText(body)));
    }),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'custom-phone-not-normalized',
    area: 'fields',
    proves: ['fields.value-phone'],
    description:
      "A custom field of type phone keeps the value as typed (90 123-45-67): only the contact's own phones go through the normalizer (spec 2.11: normalized like contact phones).",
    ...alsoWrites(
      CUSTOM_WRITE_IDS,
      (operation) => customTableOf(operation)[0],
      (record, sent, workspace) => {
        if (!record.custom || !sent.custom || typeof sent.custom !== 'object') return undefined;
        const phoneKeys = new Set(
          [...workspace.tables.fields.values()].filter((field: any) => field.type === 'phone').map((field: any) => field.key),
        );
        const asTyped = Object.fromEntries(
          Object.entries(sent.custom).filter(
            ([key, value]) => phoneKeys.has(key) && typeof value === 'string' && value !== record.custom[key],
          ),
        );
        return Object.keys(asTyped).length ? { custom: asTyped } : undefined;
      },
    ),
  },
  {
    name: 'phone-leading-8-as-russian',
    area: 'contacts',
    proves: ['contacts.phones-leading-8', 'contacts.phone-goes-first'],
    description:
      'Phones are parsed with Russia as the home region, so a local spelling with the trunk 8 (8 90 123 45 67) becomes +790... instead of +99890... (spec 2.4).',
    ...onContactWrite((contact, sent) => {
      const phones = [sent.phone, ...(Array.isArray(sent.phones) ? sent.phones : [])].filter((phone) => typeof phone === 'string');
      if (phones.length !== contact.phones?.length || !phones.some((phone) => russianTrunkPhone(phone))) return undefined;
      const stored = contact.phones.map((phone: string, index: number) => russianTrunkPhone(phones[index] ?? '') ?? phone);
      return { phones: stored, ...(contact.name === contact.phones[0] ? { name: stored[0] } : {}) };
    }),
  },
  {
    name: 'custom-datetime-offset-dropped',
    area: 'fields',
    proves: ['fields.value-datetime'],
    description:
      'A custom datetime sent with an offset (10:00+05:00) is stored as that clock reading in UTC (10:00Z), the offset dropped instead of converted (spec 2.11: stored in UTC).',
    wrap: onOperation(CUSTOM_WRITE_IDS, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent?.custom || typeof sent.custom !== 'object') return next(request, info);
      const custom = Object.fromEntries(Object.entries(sent.custom).map(([key, value]) => [key, offsetDropped(value)]));
      return next(withJson(request, { ...sent, custom }), info);
    }),
  },
  {
    name: 'deleted-contact-still-searchable',
    area: 'contacts',
    proves: ['contacts.delete-to-trash'],
    description: 'The contact search index is not told of deletes: q still finds contacts in the trash, which have left lists (spec 2.1).',
    wrap: (next, state) =>
      onOperation('listContacts', async (next, request, info) => {
        const response = await next(request, info);
        const query = queryOf(request);
        const q = query.get('q')?.trim().toLowerCase();
        const workspace = callerWorkspace(state, request);
        const body = response.ok && q && !query.get('cursor') ? await jsonOf(response) : undefined;
        if (!Array.isArray(body?.data) || !workspace) return response;
        const found = [...workspace.tables.contacts.values()].filter(
          (contact) =>
            contact.deleted_at !== null &&
            [contact.name, ...contact.phones, ...contact.emails].some((text) => text.toLowerCase().includes(q!)),
        );
        return changed(response, {
          body: { ...body, data: [...body.data, ...found.map((contact) => presentContact(workspace, contact))] },
        });
      })(next, state),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'product-vat-percent-rounded',
    area: 'products',
    proves: ['products.create-fields'],
    description: "A product's vat_percent is kept in an integer column: 12.5 comes back as 13 (spec 2.8: vat_percent is a number).",
    // PATCH of a product named by its id (not a number: spec 2.8's products have none).
    ...alsoWrites(
      ['createProduct', 'updateProduct'],
      () => 'products',
      (product, _sent, _workspace, { input }) =>
        (input.path.id === undefined || /^[a-z]+_[0-9a-z]{26}$/.test(input.path.id)) &&
        typeof product.vat_percent === 'number' &&
        !Number.isInteger(product.vat_percent)
          ? { fields: { vat_percent: Math.round(product.vat_percent) } }
          : undefined,
    ),
  },
  {
    name: 'custom-email-case-kept',
    area: 'fields',
    proves: ['fields.value-email'],
    description:
      "A custom field of type email keeps the address as typed (Ali@Example.UZ): only the contact's own emails are lowercased (spec 2.11: email address, lowercased).",
    ...onCustomOfType('email', (sent, stored) => (typeof sent === 'string' ? sent.trim() : stored)),
  },
  {
    name: 'custom-money-currency-defaults-usd',
    area: 'fields',
    proves: ['fields.money-currency-default'],
    description:
      'A custom money value sent without currency is stored in USD, the library default, instead of UZS (spec 2.11: currency defaults to UZS).',
    ...onCustomOfType('money', (sent, stored: any) =>
      sent && typeof sent === 'object' && !('currency' in sent) && stored && typeof stored === 'object'
        ? { ...stored, currency: 'USD' }
        : stored,
    ),
  },
  {
    name: 'teams-list-without-scope',
    area: 'members',
    proves: ['teams.scope'],
    description:
      'GET /v1/teams checks no scope (the guard is only on members): a key without users:read lists the teams (spec 4.6: users:read).',
    wrap: onOperation('listTeams', async (inner, request, info, _routed, state) => {
      const copy = request.clone();
      const response = await inner(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'missing_scope' ? retryAsOwner(state, inner, copy, response) : response;
    }),
  },
  // Found by the fifth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'invite-any-signed-in-role',
    area: 'members',
    proves: ['members.first-party-other-roles'],
    description:
      'POST /v1/invites checks only that a web app session exists, not its role: a signed-in manager or viewer invites people (spec 4.6: owners and admins only).',
    wrap: onOperation('createInvite', (next, request, info, _routed, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'owner_or_admin') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const owner =
          found && [...found.workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
        return found && owner ? next(asMember(state, request, found.workspace.id, owner.id)) : response;
      })(next)(request, info),
    ),
  },
  {
    name: 'member-deactivate-takes-keys',
    area: 'auth',
    proves: ['auth.first-party-only', 'members.deactivate-refuses-keys'],
    description:
      "POST /v1/members/{id}/deactivate forgot the first-party guard: an API key deactivates members as the key's member (spec 4.6, 5.1: first-party web app only).",
    wrap: firstPartyGuardForgotten(['deactivateMember']),
  },
  {
    name: 'owner-deactivatable',
    area: 'members',
    proves: ['members.owner-stays'],
    description:
      "Deactivation checks the caller's role but not the target's: the workspace's one owner is deactivated (200) and the workspace is left without an owner (spec 4.6; the document: the owner stays the owner).",
    wrap: onOperation('deactivateMember', (next, request, info, { params }, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'transfer_ownership') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const member = found?.workspace.members.get(normalizeId(params.id!));
        if (!found || !member) return response;
        member.status = 'deactivated';
        const meId = found.credential.kind === 'session' ? found.credential.session.memberId : null;
        return changed(response, { status: 200, body: presentMember(member, meId) });
      })(next)(request, info),
    ),
  },
  {
    name: 'team-delete-leaves-member-team-ids',
    area: 'members',
    proves: ['teams.delete-leaves-members'],
    description:
      "Deleting a team removes the team row only: its members' team_ids still name the deleted team (spec 2.7: team_ids are the member's teams).",
    wrap: onOperation('deleteTeam', async (inner, request, info, { params }, state) => {
      const workspace = sessionWorkspace(state, request);
      const teamId = normalizeId(params.id!);
      const members = workspace ? [...workspace.members.values()].filter((member) => member.teamIds.includes(teamId)) : [];
      const response = await inner(request, info);
      if (response.ok) for (const member of members) if (!member.teamIds.includes(teamId)) member.teamIds.push(teamId);
      return response;
    }),
  },
  {
    name: 'member-is-me-every-active',
    area: 'members',
    proves: ['members.is-me'],
    description:
      "The members list computes is_me from the member's status instead of comparing with the caller: every active member is is_me (spec 2.7: is_me is the caller's own member).",
    wrap: onOperation('listMembers', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: (body.data ?? []).map((member: any) => ({ ...member, is_me: member.status === 'active' })),
      })),
    ),
  },
  {
    name: 'team-member-ids-stale-after-member-patch',
    area: 'members',
    proves: ['members.patch-team-ids'],
    description:
      "A member's team_ids changed by PATCH /v1/members/{id} are saved on the member only: the teams list keeps showing the old member_ids (two copies of the membership out of step, spec 2.7).",
    wrap: (next, state) => {
      // Each patched member's teams before, per workspace (the fault is wrapped anew for each request).
      const before = faultMemory(state, 'team-member-ids-stale-after-member-patch', () => new WeakMap<Workspace, Map<string, string[]>>());
      const patched = onOperation('updateMember', async (inner, request, info, { params }) => {
        const workspace = sessionWorkspace(state, request);
        const sent = await sentJson(request);
        const id = normalizeId(params.id!);
        const old = workspace?.members.get(id)?.teamIds.slice();
        const response = await inner(request, info);
        if (!response.ok || !workspace || !old || !Array.isArray(sent?.team_ids)) return response;
        const stale = before.get(workspace) ?? new Map<string, string[]>();
        before.set(workspace, stale);
        if (!stale.has(id)) stale.set(id, old);
        return response;
      });
      const listed = onOperation('listTeams', async (inner, request, info) => {
        const response = await inner(request, info);
        const workspace = callerWorkspace(state, request) ?? sessionWorkspace(state, request);
        const stale = workspace && before.get(workspace);
        if (!stale) return response;
        return alterOk(response, (body) => ({
          ...body,
          data: (body.data ?? []).map((team: any) => {
            const kept = team.member_ids.filter((memberId: string) => !stale.has(memberId));
            const old = [...stale].filter(([, teamIds]) => teamIds.includes(team.id)).map(([memberId]) => memberId);
            return { ...team, member_ids: [...kept, ...old].sort() };
          }),
        }));
      });
      return patched(listed(next, state), state);
    },
  },
  {
    name: 'phone-plus-spelling-kept',
    area: 'contacts',
    proves: ['contacts.phones-international', 'contacts.phones-spaces-dashes', 'responses.shape.create-contact'],
    description:
      'A phone sent with its + is taken as already international and kept as typed (+998 90 123-45-67, spaces and dashes included): only local spellings go through the normalizer (spec 2.4: + and digits).',
    wrap: plusSpellingKept,
  },
  {
    name: 'contact-tenth-phone-refused',
    area: 'contacts',
    proves: ['contacts.phones-limit', 'contacts.emails-limit'],
    description:
      'Off by one in the list limits: a contact with exactly 10 phones (or 10 emails) answers 422 validation_failed under phones (emails): the check is count >= 10 (spec 2.4, 8: up to 10 each).',
    wrap: overTheEdge('createContact', (sent) => {
      const phones = Array.isArray(sent.phones) ? sent.phones.length + (typeof sent.phone === 'string' ? 1 : 0) : 0;
      const emails = Array.isArray(sent.emails) ? sent.emails.length + (typeof sent.email === 'string' ? 1 : 0) : 0;
      if (phones === 10) return { ...sent, phones: [...sent.phones, '+998999999999'] };
      if (emails === 10) return { ...sent, emails: [...sent.emails, 'one.more@example.org'] };
      return undefined;
    }),
  },
  {
    name: 'contact-name-255-refused',
    area: 'contacts',
    proves: ['contacts.name-limit'],
    description: 'A contact name of exactly 255 characters is refused with 422 under name: the column holds 254 (spec 2.4, 8: up to 255).',
    wrap: overTheEdge(['createContact', 'updateContact'], (sent) =>
      typeof sent.name === 'string' && [...sent.name].length === 255 ? { ...sent, name: `${sent.name}x` } : undefined,
    ),
  },
  {
    name: 'contact-named-after-raw-phone',
    area: 'contacts',
    proves: ['contacts.name-from-phone'],
    description:
      'A contact created without a name is named after its first phone as typed (90 123-45-67), the name taken from the body before the phones are normalized, instead of after its first phone (+998901234567) (spec 2.4).',
    ...alsoWrites(
      ['createContact'],
      () => 'contacts',
      (contact, sent) => {
        const typed = [sent.phone, ...(Array.isArray(sent.phones) ? sent.phones : [])].find((phone) => typeof phone === 'string');
        if (
          (typeof sent.name === 'string' && sent.name.trim()) ||
          typeof typed !== 'string' ||
          contact.name !== contact.phones?.[0] ||
          typed === contact.name
        )
          return undefined;
        return { fields: { name: typed } };
      },
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
  {
    name: 'custom-select-any-field-option',
    area: 'fields',
    proves: ['fields.value-select'],
    description:
      "A select value is checked against every option id of the workspace (one options table, no field filter): the id of another field's option is taken (spec 2.11: select is the id of one of the field's own options).",
    wrap: acceptingCustom((workspace, field, value) => {
      if (field?.type !== 'select' || typeof value !== 'string') return undefined;
      const elsewhere = [...workspace.tables.fields.values()].some(
        (other: any) => other.id !== field.id && other.options.some((option: any) => option.id === value),
      );
      return elsewhere ? 'store' : undefined;
    }),
  },
  {
    name: 'custom-rating-zero-accepted',
    area: 'fields',
    proves: ['fields.value-rating'],
    description:
      'A custom rating of 0 is taken (the range is checked as 0 to 5, zero meaning "not rated") instead of refused: a rating is an integer 1 to 5 (spec 2.11).',
    wrap: acceptingCustom((_workspace, field, value) => (field?.type === 'rating' && value === 0 ? 'store' : undefined)),
  },
  {
    name: 'custom-unknown-key-ignored',
    area: 'fields',
    proves: ['fields.unknown-key-error'],
    description:
      'An unknown key inside custom is skipped silently (200, nothing stored) instead of answering validation_failed under custom.<key> (spec 2.11).',
    wrap: acceptingCustom((_workspace, field) => (field === undefined ? 'ignore' : undefined)),
  },
  {
    name: 'contact-restore-not-saved',
    area: 'contacts',
    proves: ['contacts.restore'],
    description:
      'Restoring a contact answers 200 with the contact but the change is never saved: it stays in the trash (reads 410 gone, left out of the list) (spec 2.1: restore brings it back).',
    // The handler's own lost write, inside the request's transaction: the trash stamp is put back.
    operations: ['restoreContact'],
    async aroundHandler(next, context) {
      const { workspace } = callerOf(context);
      const named = context.input.path.id!;
      const stored = /^[0-9]+$/.test(named)
        ? workspace.tables.contacts.firstBy('number', Number(named))
        : workspace.tables.contacts.get(normalizeId(named));
      const deletedAt = stored?.deleted_at;
      const result = await next();
      if (stored && deletedAt) await workspace.tables.contacts.update(stored.id, (draft) => void (draft.deleted_at = deletedAt));
      return result;
    },
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
  {
    name: 'member-team-ids-first-only',
    area: 'members',
    description:
      "A member's team_ids lists only its first team: the member list still reads the single team column of before members could be in several (spec 2.7: team_ids are the teams of the member, a team's member_ids its members).",
    proves: ['members.team-ids-match'],
    wrap: onOperation('listMembers', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: (body.data ?? []).map((member: any) => ({ ...member, team_ids: (member.team_ids ?? []).slice(0, 1) })),
      })),
    ),
  },
];

/** The same request made by a web app session of the member (a guard that lets a request through acts as someone allowed). */
/** The workspace of the request's web app session. */
function sessionWorkspace(state: MockState, request: Request): Workspace | undefined {
  return state.findCredential(sessionTokenOf(request) ?? '')?.workspace;
}

/**
 * Routes (by path) that forgot the first-party guard (spec 5.1): an API key's request refused as
 * first_party_only is sent again as the key's member (the owner for a key of no member).
 */
function firstPartyGuardForgotten(guarded: readonly OperationId[]) {
  return onOperation(guarded, (next, request, info, _routed, state) =>
    onErrorCode('forbidden', async (response, body, request) => {
      if (body.error.permission !== 'first_party_only') return response;
      const found = state.findCredential((request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
      const key = found?.credential.kind === 'api_key' ? found.credential.apiKey : undefined;
      const memberId = key?.memberId ?? [...(found?.workspace.members.values() ?? [])].find((member) => member.role === 'owner')?.id;
      return found && memberId ? next(asMember(state, request, found.workspace.id, memberId)) : response;
    })(next)(request, info),
  );
}

function asMember(state: MockState, request: Request, workspaceId: string, memberId: string): Request {
  const session = newSession(workspaceId, memberId, state.workspaces.get(workspaceId)?.now() ?? Date.now());
  state.addSession(session);
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  headers.set('cookie', `${SESSION_COOKIE}=${session.token}`);
  return new Request(request, { headers });
}

/** Contact writes keep a +-spelled phone as typed; reads show what was kept. */
function plusSpellingKept(next: Handle, state: MockState): Handle {
  return onOperation(['createContact', 'updateContact', 'listContacts', 'getContact'], async (next, request, info, { operationId }) => {
    const isWrite = operationId === 'createContact' || operationId === 'updateContact';
    const sent = isWrite ? await sentJson(request) : undefined;
    const response = await next(request, info);
    const workspace = callerWorkspace(state, request);
    if (!workspace || !response.ok) return response;
    // The phones as typed, by contact, per workspace.
    const byWorkspace = faultMemory(state, 'phone-plus-spelling-kept', () => new WeakMap<Workspace, Map<string, string[]>>());
    const kept = byWorkspace.get(workspace) ?? new Map<string, string[]>();
    byWorkspace.set(workspace, kept);
    const digits = (phone: string) => phone.replace(/\D/g, '');
    const shown = (contact: any) => {
      const typed = kept.get(contact.id);
      if (!typed || !Array.isArray(contact.phones)) return contact;
      const phones = contact.phones.map((stored: string) => typed.find((phone) => digits(phone) === digits(stored)) ?? stored);
      return { ...contact, phones, name: contact.name === contact.phones[0] ? phones[0] : contact.name };
    };
    return alterOk(response, (body) => {
      if (isWrite && body?.id) {
        const list = [sent?.phone, ...(Array.isArray(sent?.phones) ? sent.phones : [])].filter(
          (phone): phone is string => typeof phone === 'string',
        );
        const typed = list.map((phone) => phone.trim()).filter((phone) => phone.startsWith('+') && /[^+0-9]/.test(phone));
        if (sent?.phone !== undefined || sent?.phones !== undefined) kept.set(body.id, typed);
      }
      return Array.isArray(body.data) ? { ...body, data: body.data.map(shown) } : shown(body);
    });
  })(next, state);
}

type CustomDecision = 'store' | 'ignore' | undefined;

/**
 * A record write refused (422) only for custom values that `accepts` lets through: sent again
 * without them, then those it stores are kept (as sent) and answered, the ignored ones dropped.
 */
function acceptingCustom(accepts: (workspace: Workspace, field: any, value: unknown) => CustomDecision) {
  return onOperation(CUSTOM_WRITE_IDS, async (next, request, info, routed, state) => {
    const sent = await sentJson(request);
    const response = await next(request, info);
    const workspace = callerWorkspace(state, request);
    if (response.status !== 422 || !workspace || !sent?.custom || typeof sent.custom !== 'object') return response;
    const [table, entity] = customTableOf(routed.operationId);
    const fields = Object.keys((await jsonOf(response))?.error?.fields ?? {});
    const decisions = fields.map((name) => {
      const key = name.startsWith('custom.') ? name.slice('custom.'.length) : undefined;
      const field =
        key === undefined
          ? undefined
          : [...workspace.tables.fields.values()].find((each: any) => each.entity === entity && each.key === key);
      return [key, key === undefined || !(key in sent.custom) ? undefined : accepts(workspace, field, sent.custom[key])] as const;
    });
    if (!decisions.length || decisions.some(([, decision]) => !decision)) return response;
    const custom = { ...sent.custom };
    for (const [key] of decisions) delete custom[key!];
    const retried = await next(withJson(request, { ...sent, custom }), info);
    const body = retried.ok ? await jsonOf(retried) : undefined;
    const stored = Object.fromEntries(decisions.filter(([, decision]) => decision === 'store').map(([key]) => [key!, sent.custom[key!]]));
    if (!body?.id || !Object.keys(stored).length) return retried;
    try {
      await (workspace.tables as any)[table].update(body.id, (draft: any) => void Object.assign(draft.custom, stored));
    } catch {
      // A value the stored record's schema cannot hold is answered only.
    }
    return changed(retried, { body: { ...body, custom: { ...body.custom, ...stored } } });
  });
}
