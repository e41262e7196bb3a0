// Faults in the records rules: each breaks one rule the way a real implementation might, and a check
// of the records family must catch it (test/conformance/mutation.test.ts). Contacts (spec 2.4,
// 4.3), companies (2.1), products (2.8, 4.7), custom fields and their values (2.11, 4.9), members
// and teams (2.7, 4.6).
import { newSession, SESSION_COOKIE, sessionTokenOf } from '../auth/session.ts';
import type { MockState } from '../mock-state.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { alterOk, onRoute, sentJson, withQuery } from './request-match.ts';

const CONTACT = /^\/v1\/contacts\/(ct_[0-9a-z]{26})$/;

/** The body sent, or undefined when there is none or it is not JSON. */
async function sentBody(request: Request): Promise<any> {
  if (request.method === 'GET' || request.method === 'DELETE') return undefined;
  return request.clone().json().catch(() => undefined);
}

/** The same request with another JSON body. */
function withBody(request: Request, body: unknown): Request {
  return new Request(request, { body: JSON.stringify(body) });
}

/** The same request with another URL (query). */
function withUrl(request: Request, url: URL): Request {
  return new Request(url, { method: request.method, headers: request.headers });
}

/** A stored contact by id, in whichever workspace holds it. */
function storedContact(state: MockState, id: string): any {
  for (const workspace of state.workspaces.values()) {
    const contact = workspace.tables.contacts.get(id);
    if (contact) return contact;
  }
  return undefined;
}

/** Runs `next`, then lets `alter` change a successful JSON answer to a request `matches` picks (given the body sent). */
function onSuccess(matches: (request: Request, url: URL) => boolean, alter: (body: any, sent: any, url: URL) => any) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const url = new URL(request.url);
      if (!matches(request, url)) return next(request, info);
      const sent = await sentBody(request);
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return body === undefined ? response : changed(response, { body: alter(body, sent, url) });
    };
}

const contactWrite = (request: Request, url: URL) => (request.method === 'POST' && url.pathname === '/v1/contacts') || (request.method === 'PATCH' && CONTACT.test(url.pathname));
const contactRead = (request: Request, url: URL) => request.method !== 'DELETE' && (url.pathname === '/v1/contacts' || CONTACT.test(url.pathname));
const contactList = (request: Request, url: URL) => request.method === 'GET' && url.pathname === '/v1/contacts';
const productList = (request: Request, url: URL) => request.method === 'GET' && url.pathname === '/v1/products';

/** Each contact of a single or list answer, changed. */
function eachContact(body: any, change: (contact: any) => any): any {
  return Array.isArray(body.data) ? { ...body, data: body.data.map(change) } : change(body);
}

/** The `custom` of a contact answer, changed given the `custom` sent. */
function alterCustom(change: (custom: Record<string, any>, sent: Record<string, any>) => Record<string, any>) {
  return onSuccess(contactWrite, (body, sent) => (sent?.custom && body.custom ? { ...body, custom: change(body.custom, sent.custom) } : body));
}

/** The `custom.<key>` a validation_failed answer names, when the request sent that key. */
function customKeyOf(body: any): string | undefined {
  return Object.keys(body.error.fields ?? {}).find((field) => field.startsWith('custom.'))?.slice('custom.'.length);
}

export const recordsFaults: Fault[] = [
  {
    name: 'contact-phones-not-normalized',
    family: 'records',
    description: 'Contact phones are kept as sent (only trimmed): local spellings with spaces, dashes or a leading 8 never become +998...',
    wrap: onSuccess(contactWrite, (body, sent) => {
      const phones = [sent?.phone, ...(sent?.phones ?? [])].filter((phone) => typeof phone === 'string').map((phone: string) => phone.trim());
      return phones.length ? { ...body, phones, name: sent.name ?? phones[0] } : body;
    }),
  },
  {
    name: 'contact-emails-case-kept',
    family: 'records',
    description: 'Contact emails are kept in the case they were sent in instead of lowercased.',
    wrap: onSuccess(contactWrite, (body, sent) => {
      const emails = [sent?.email, ...(sent?.emails ?? [])].filter((email) => typeof email === 'string');
      return emails.length ? { ...body, emails } : body;
    }),
  },
  {
    name: 'contact-phone-after-phones',
    family: 'records',
    description: 'A contact created with both `phone` and `phones` gets `phone` last instead of first (and is named after the first of `phones`).',
    wrap: (next) => async (request, info) => {
      const sent = request.method === 'POST' && new URL(request.url).pathname === '/v1/contacts' ? await sentBody(request) : undefined;
      if (typeof sent?.phone !== 'string' || !Array.isArray(sent.phones)) return next(request, info);
      const { phone, ...rest } = sent;
      return next(withBody(request, { ...rest, phones: [...sent.phones, phone] }), info);
    },
  },
  {
    name: 'contact-unnamed-placeholder',
    family: 'records',
    description: 'A contact created without a name is named "Unnamed contact" instead of after its first phone or email.',
    wrap: (next) => async (request, info) => {
      const sent = request.method === 'POST' && new URL(request.url).pathname === '/v1/contacts' ? await sentBody(request) : undefined;
      const identified = sent && ['phone', 'phones', 'email', 'emails'].some((field) => field in sent);
      return identified && !sent.name ? next(withBody(request, { ...sent, name: 'Unnamed contact' }), info) : next(request, info);
    },
  },
  {
    name: 'contact-language-unchecked',
    family: 'records',
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
    family: 'records',
    description: 'A contact with more than 10 phones or emails keeps the first 10 silently instead of answering validation_failed.',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      const sent = contactWrite(request, url) ? await sentBody(request) : undefined;
      const over = (list: unknown) => Array.isArray(list) && list.length > 10;
      if (!sent || !(over(sent.phones) || over(sent.emails))) return next(request, info);
      return next(withBody(request, { ...sent, ...(over(sent.phones) ? { phones: sent.phones.slice(0, 10) } : {}), ...(over(sent.emails) ? { emails: sent.emails.slice(0, 10) } : {}) }), info);
    },
  },
  {
    name: 'contact-patch-appends-lists',
    family: 'records',
    description: 'PATCH of a contact adds the phones and emails sent to the ones it has instead of replacing the lists.',
    wrap: (next, state) => async (request, info) => {
      const id = request.method === 'PATCH' ? CONTACT.exec(new URL(request.url).pathname)?.[1] : undefined;
      const sent = id ? await sentBody(request) : undefined;
      const stored = id && storedContact(state, id);
      if (!stored || !(Array.isArray(sent?.phones) || Array.isArray(sent?.emails))) return next(request, info);
      const merged = (field: 'phones' | 'emails') => (Array.isArray(sent[field]) ? { [field]: [...new Set([...stored[field], ...sent[field]])].slice(0, 10) } : {});
      return next(withBody(request, { ...sent, ...merged('phones'), ...merged('emails') }), info);
    },
  },
  {
    name: 'contact-null-references-ignored',
    family: 'records',
    description: 'company_id: null and owner_id: null on a contact PATCH are treated as not sent: the company and owner stay.',
    wrap: (next) => async (request, info) => {
      const sent = request.method === 'PATCH' && CONTACT.test(new URL(request.url).pathname) ? await sentBody(request) : undefined;
      if (!sent || !(sent.company_id === null || sent.owner_id === null)) return next(request, info);
      const kept = Object.fromEntries(Object.entries(sent).filter(([field, value]) => !(['company_id', 'owner_id'].includes(field) && value === null)));
      return next(withBody(request, Object.keys(kept).length ? kept : { custom: {} }), info);
    },
  },
  {
    name: 'contact-open-leads-not-counted',
    family: 'records',
    description: 'A contact always shows open_leads 0, whatever leads it has.',
    wrap: onSuccess(contactRead, (body) => eachContact(body, (contact) => ({ ...contact, open_leads: 0 }))),
  },
  {
    name: 'contact-open-leads-count-closed',
    family: 'records',
    description: "A contact's open_leads counts all its leads, won and lost ones too.",
    wrap: (next, state) =>
      onSuccess(contactRead, (body) =>
        eachContact(body, (contact) => {
          const workspace = [...state.workspaces.values()].find((candidate) => candidate.tables.contacts.get(contact.id));
          const leads = workspace ? workspace.tables.leads.records().filter((lead: any) => lead.contact_id === contact.id && !lead.deleted_at) : [];
          return { ...contact, open_leads: leads.length };
        }),
      )(next),
  },
  {
    name: 'contact-search-names-only',
    family: 'records',
    description: 'q on the contact list searches names only, not phones or emails.',
    wrap: onSuccess(
      (request, url) => contactList(request, url) && url.searchParams.has('q'),
      (body, _sent, url) => {
        const q = url.searchParams.get('q')!.toLowerCase();
        return { ...body, data: body.data.filter((contact: { name: string }) => contact.name.toLowerCase().includes(q)) };
      },
    ),
  },
  {
    name: 'contacts-oldest-first',
    family: 'records',
    description: 'The contact list is oldest first (each page reversed).',
    wrap: onSuccess(contactList, (body) => ({ ...body, data: [...body.data].reverse() })),
  },
  {
    name: 'contact-company-scope-unchecked',
    family: 'records',
    description: 'A key without companies:read creates a contact with company_id (the company silently dropped) instead of answering missing_scope.',
    wrap: (next) =>
      onErrorCode('missing_scope', async (response, body, request) => {
        if (body.error.scope !== 'companies:read' || new URL(request.url).pathname !== '/v1/contacts') return response;
        const { company_id: _dropped, ...sent } = await request.clone().json();
        return next(withBody(request, sent));
      })(next),
  },
  {
    name: 'members-scope-misnamed',
    family: 'records',
    description: 'The members and teams lists answer missing_scope with scope members:read instead of users:read.',
    wrap: onErrorCode('missing_scope', (response, body) => (body.error.scope === 'users:read' ? changed(response, { body: { error: { ...body.error, scope: 'members:read' } } }) : response)),
  },
  {
    name: 'products-archived-listed',
    family: 'records',
    description: 'The product list includes archived products by default (as if archived=all).',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (!productList(request, url) || url.searchParams.has('archived')) return next(request, info);
      url.searchParams.set('archived', 'all');
      return next(withUrl(request, url), info);
    },
  },
  {
    name: 'products-search-names-only',
    family: 'records',
    description: 'q on the product list searches names only, not SKUs.',
    wrap: onSuccess(
      (request, url) => productList(request, url) && url.searchParams.has('q'),
      (body, _sent, url) => {
        const q = url.searchParams.get('q')!.toLowerCase();
        return { ...body, data: body.data.filter((product: { name: string }) => product.name.toLowerCase().includes(q)) };
      },
    ),
  },
  {
    name: 'product-patch-archive-ignored',
    family: 'records',
    description: 'PATCH of a product ignores archived (only create sets it), so a product cannot be archived.',
    wrap: (next) => async (request, info) => {
      const sent = request.method === 'PATCH' && /^\/v1\/products\/[^/]+$/.test(new URL(request.url).pathname) ? await sentBody(request) : undefined;
      if (!sent || !('archived' in sent)) return next(request, info);
      const { archived: _ignored, ...rest } = sent;
      return next(withBody(request, Object.keys(rest).length ? rest : { custom: {} }), info);
    },
  },
  {
    name: 'fields-need-record-scope',
    family: 'records',
    description: "GET /v1/fields asks for the read scope of the fields' entity (leads:read without entity) instead of no scope.",
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.pathname !== '/v1/fields') return next(request, info);
      const entity = url.searchParams.get('entity') ?? 'lead';
      const probe = new URL(`/v1/${entity === 'company' ? 'companies' : `${entity}s`}?limit=1`, url);
      const allowed = await next(withUrl(request, probe), info);
      return allowed.status === 403 ? allowed : next(request, info);
    },
  },
  {
    name: 'fields-entity-filter-ignored',
    family: 'records',
    description: 'GET /v1/fields ignores entity and lists the fields of every entity.',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.pathname !== '/v1/fields' || !url.searchParams.has('entity')) return next(request, info);
      url.searchParams.delete('entity');
      return next(withUrl(request, url), info);
    },
  },
  {
    name: 'custom-datetime-offset-kept',
    family: 'records',
    description: 'A custom datetime value is kept with the offset it was sent with instead of stored in UTC.',
    wrap: alterCustom((custom, sent) => {
      const kept = Object.entries(sent).filter(([, value]) => typeof value === 'string' && /T\d\d:\d\d.*[+-]\d\d:\d\d$/.test(value) && !/[+-]00:00$/.test(value));
      return { ...custom, ...Object.fromEntries(kept) };
    }),
  },
  {
    name: 'custom-money-currency-missing',
    family: 'records',
    description: 'A custom money value sent without currency is kept without one instead of defaulting to UZS.',
    wrap: alterCustom((custom, sent) => {
      const bare = Object.entries(sent).filter(([, value]) => value && typeof value === 'object' && !Array.isArray(value) && 'amount' in value && !('currency' in value));
      return { ...custom, ...Object.fromEntries(bare.map(([key, value]) => [key, { amount: (value as { amount: number }).amount }])) };
    }),
  },
  {
    name: 'custom-patch-replaces-all',
    family: 'records',
    description: 'A PATCH with custom answers only the keys sent: the other values are lost.',
    wrap: alterCustom((custom, sent) => Object.fromEntries(Object.entries(custom).filter(([key]) => key in sent))),
  },
  {
    name: 'custom-required-cleared-silently',
    family: 'records',
    description: 'null for a required custom field is ignored with 200 instead of answering validation_failed.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const key = customKeyOf(body);
        const sent = key ? await request.clone().json().catch(() => undefined) : undefined;
        if (!key || !sent?.custom || sent.custom[key] !== null) return response;
        const { [key]: _ignored, ...custom } = sent.custom;
        return next(withBody(request, { ...sent, custom }));
      })(next),
  },
  {
    name: 'custom-errors-under-custom',
    family: 'records',
    description: 'Problems with custom values are reported under `custom` instead of `custom.<key>`.',
    wrap: onErrorCode('validation_failed', (response, body) => {
      const fields = body.error.fields ?? {};
      if (!Object.keys(fields).some((field) => field.startsWith('custom.'))) return response;
      const renamed = Object.fromEntries(Object.entries(fields).map(([field, message]) => [field.startsWith('custom.') ? 'custom' : field, message]));
      return changed(response, { body: { error: { ...body.error, fields: renamed } } });
    }),
  },
  {
    name: 'custom-rating-clamped',
    family: 'records',
    description: 'A custom rating above 5 is stored as 5 instead of refused.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const key = customKeyOf(body);
        const sent = key ? await request.clone().json().catch(() => undefined) : undefined;
        const value = sent?.custom?.[key!];
        if (!Number.isInteger(value) || value <= 5) return response;
        const retried = await next(withBody(request, { ...sent, custom: { ...sent.custom, [key!]: 5 } }));
        return retried.ok ? retried : response;
      })(next),
  },
  {
    name: 'member-team-ids-null',
    family: 'records',
    description: 'A member in no team shows team_ids null instead of [].',
    wrap: onSuccess(
      (request, url) => request.method === 'GET' && url.pathname === '/v1/members',
      (body) => ({ ...body, data: body.data.map((member: { team_ids: string[] }) => (member.team_ids.length ? member : { ...member, team_ids: null })) }),
    ),
  },
  {
    name: 'team-writes-take-keys',
    family: 'records',
    description: "The team routes forgot the first-party guard: an API key creates, changes and deletes teams as the key's member.",
    wrap: (next, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'first_party_only' || !new URL(request.url).pathname.startsWith('/v1/teams')) return response;
        const found = state.findCredential((request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
        const key = found?.credential.kind === 'api_key' ? found.credential.apiKey : undefined;
        const memberId = key?.memberId ?? [...(found?.workspace.members.values() ?? [])].find((member) => member.role === 'owner')?.id;
        return found && memberId ? next(asMember(state, request, found.workspace.id, memberId)) : response;
      })(next),
  },
  {
    name: 'first-party-any-role',
    family: 'records',
    description: 'First-party-only routes let any signed-in member in (a manager creates teams and fields), not only owners and admins.',
    wrap: (next, state) =>
      onErrorCode('forbidden', async (response, body, request) => {
        if (body.error.permission !== 'owner_or_admin') return response;
        const found = state.findCredential(sessionTokenOf(request) ?? '');
        const owner = found && [...found.workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
        return found && owner ? next(asMember(state, request, found.workspace.id, owner.id)) : response;
      })(next),
  },
  {
    name: 'company-delete-removes',
    family: 'records',
    description: 'A deleted company reads 404 not_found (as if removed for good) instead of 410 gone from the trash.',
    wrap: onErrorCode('gone', (response, body, request) => {
      if (!new URL(request.url).pathname.startsWith('/v1/companies/')) return response;
      return changed(response, { status: 404, body: { error: { ...body.error, code: 'not_found', message: 'Not found.', deleted_at: undefined } } });
    }),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'contact-patch-emails-case-kept',
    family: 'records',
    description: 'Emails are lowercased on create only: the answer to a PATCH with emails shows them in the case sent (spec 2.4).',
    wrap: onRoute('PATCH', CONTACT, async (next, request, info) => {
      const emails = (await sentJson(request))?.emails;
      const response = await next(request, info);
      if (!Array.isArray(emails) || !emails.every((email) => typeof email === 'string')) return response;
      return alterOk(response, (body) => ({ ...body, emails: emails.map((email: string) => email.trim()) }));
    }),
  },
  {
    name: 'products-archived-true-lists-all',
    family: 'records',
    description: 'archived=true on the product list is read like archived=all: active products are listed with the archived ones (spec 4.7).',
    wrap: onRoute('GET', /^\/v1\/products$/, (next, request, info) =>
      next(withQuery(request, (query) => void (query.get('archived') === 'true' && query.set('archived', 'all'))), info)),
  },
  {
    name: 'product-price-decimal-string',
    family: 'records',
    description: 'Product answers show price as a decimal string in major units ("1500.00") instead of an integer in the smallest unit (spec 2.1 money, 2.8).',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      if (request.method === 'DELETE' || !/^\/v1\/products(\/[^/]+)?$/.test(new URL(request.url).pathname)) return response;
      const asText = (product: any) => (typeof product?.price === 'number' ? { ...product, price: (product.price / 100).toFixed(2) } : product);
      return alterOk(response, (body) => (Array.isArray(body.data) ? { ...body, data: body.data.map(asText) } : asText(body)));
    },
  },
];

/** The same request made by a web app session of the member (a guard that lets a request through acts as someone allowed). */
function asMember(state: MockState, request: Request, workspaceId: string, memberId: string): Request {
  const session = newSession(workspaceId, memberId, state.workspaces.get(workspaceId)?.now() ?? Date.now());
  state.addSession(session);
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  headers.set('cookie', `${SESSION_COOKIE}=${session.token}`);
  return new Request(request, { headers });
}
