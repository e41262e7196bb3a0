// Faults of the second blind hunt: written from the spec and the mock alone, before reading any
// check, each the kind of bug another team's deployment could ship. They lean on what earlier
// faults left alone: paging while records are deleted, ties in sort order, unicode and case,
// phone normalization, offsets in times, the idempotency of message sending, limits at exactly
// the boundary, scopes of less-used routes, Retry-After, OAuth parameters at their limits.
// Each wraps the request handle (a fault in deliveries or events would need the queue's hooks).
import type { MockState } from '../mock-state.ts';
import { presentContact } from '../resources/contacts/present-contact.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { insertTag } from '../resources/tags/tag-catalog.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { retryAsOwner } from './owner-key.ts';
import { callerWorkspace, onRoute, sentJson, withJson, withQuery } from './request-match.ts';

const CONTACT = /^\/v1\/contacts(\/ct_[0-9a-z]{26})?$/;
const MESSAGES = /^\/v1\/conversations\/[a-z]+_[0-9a-z]{26}\/messages$/;
const WEBHOOK_WRITE = /^\/v1\/webhooks(\/[a-z]+_[0-9a-z]{26})?$/;
const TIME_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}:\d{2})$/;

/** Per mock, a map a fault keeps between requests (a cursor it handed out, and what it remembers of it). */
function memoryOf<V>(store: WeakMap<MockState, Map<string, V>>, state: MockState): Map<string, V> {
  let map = store.get(state);
  if (!map) store.set(state, (map = new Map()));
  return map;
}

/** Lowercases A to Z only, as a byte-wise `lower()` does. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** The same time with its offset dropped and Z written instead (the clock reading kept, the zone lost). */
const offsetDropped = (value: unknown) => (typeof value === 'string' && TIME_WITH_OFFSET.test(value) ? value.replace(TIME_WITH_OFFSET, '$1Z') : value);

/** A contact write (create or PATCH) whose answer and stored record `alter` changes, given the body sent. */
function onContactWrite(alter: (contact: any, sent: any) => Record<string, unknown> | undefined) {
  return (next: Handle, state: MockState): Handle =>
    async (request, info) => {
      const path = new URL(request.url).pathname;
      const isWrite = (request.method === 'POST' && path === '/v1/contacts') || (request.method === 'PATCH' && CONTACT.test(path) && path !== '/v1/contacts');
      if (!isWrite) return next(request, info);
      const sent = await sentJson(request);
      const response = await next(request, info);
      const workspace = callerWorkspace(state, request);
      const body = response.ok ? await jsonOf(response) : undefined;
      const change = body && sent && workspace ? alter(body, sent) : undefined;
      if (!change || !workspace) return response;
      await workspace.tables.contacts.update(body.id, (draft) => void Object.assign(draft, change));
      return changed(response, { body: { ...body, ...change } });
    };
}

/** The phone as a parser with Russia as its home region stores it: a leading trunk 8 read as +7. */
function russianTrunkPhone(sent: string): string | null {
  if (sent.trim().startsWith('+')) return null;
  const digits = sent.replace(/\D/g, '');
  return digits.startsWith('8') && digits.length >= 10 ? `+7${digits.slice(1)}` : null;
}

/** Leads in the trash matching a lead list's id filters (the ones a summary query would join on). */
function trashedMatching(workspace: Workspace, query: URLSearchParams): { id: string; amount: number }[] {
  const filters: [string, string][] = [['pipeline', 'pipeline_id'], ['stage', 'stage_id'], ['contact', 'contact_id'], ['company', 'company_id']];
  return [...workspace.tables.leads.values()].filter(
    (lead: any) => lead.deleted_at !== null && filters.every(([param, field]) => !query.get(param) || lead[field] === query.get(param)),
  );
}

/** On `method` `path`: the body `lengthen` makes of the one sent (a value at its limit made one character longer, for the mock's own refusal), or the request unchanged when it gives undefined. */
function overTheEdge(path: RegExp, method: string, lengthen: (sent: any) => any | undefined) {
  return onRoute(method, path, async (next, request, info) => {
    const sent = await sentJson(request);
    const longer = sent && typeof sent === 'object' ? lengthen(sent) : undefined;
    return next(longer ? withJson(request, longer) : request, info);
  });
}

/** A GET of `path` with the request's headers (its credential, request id and language), to learn what the credential may read. */
function probe(request: Request, path: string): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return new Request(new URL(path, request.url), { headers });
}

const leadsCursors = new WeakMap<MockState, Map<string, string>>();
const contactsCursors = new WeakMap<MockState, Map<string, string>>();

export const huntFaults: Fault[] = [
  {
    name: 'leads-walk-restarts-after-anchor-deleted',
    family: 'paging',
    description: "The lead cursor points at the last lead of the page; when that lead is deleted before the next page is asked for, the walk starts again from the top (spec 4.13: stable while paging).",
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/leads$/, async (next, request, info) => {
        const cursors = memoryOf(leadsCursors, state);
        const cursor = new URL(request.url).searchParams.get('cursor');
        const anchor = cursor ? cursors.get(cursor) : undefined;
        const workspace = callerWorkspace(state, request);
        const anchorGone = anchor && workspace && workspace.tables.leads.get(anchor)?.deleted_at !== null;
        const response = await next(anchorGone ? withQuery(request, (query) => query.delete('cursor')) : request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (body?.next_cursor && body.data?.length) cursors.set(body.next_cursor, body.data.at(-1).id);
        return response;
      })(next),
  },
  {
    name: 'contacts-cursor-drops-time-ties',
    family: 'paging',
    description: 'The contact cursor keeps only the created_at of the last contact and the next page asks for created_at < it, so contacts created in the same instant as the last of a page are never listed (spec 4.13: stable while paging; ids break ties).',
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/contacts$/, async (next, request, info) => {
        const cursors = memoryOf(contactsCursors, state);
        const cursor = new URL(request.url).searchParams.get('cursor');
        const response = await next(request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (!Array.isArray(body?.data)) return response;
        const after = cursor ? cursors.get(cursor) : undefined;
        const data = after ? body.data.filter((contact: any) => contact.created_at !== after) : body.data;
        const last = body.data.at(-1);
        if (body.next_cursor && last) cursors.set(body.next_cursor, after && last.created_at === after ? after : last.created_at);
        return changed(response, { body: { ...body, data } });
      })(next),
  },
  {
    name: 'request-id-64-replaced',
    family: 'responses',
    description: "A caller's X-Request-Id of exactly 64 characters is replaced by one of the service's own: the length is checked with < 64 (spec 7.1, 8: up to 64).",
    wrap: (next) => (request, info) => {
      if ((request.headers.get('x-request-id') ?? '').length !== 64) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('x-request-id');
      return next(new Request(request, { headers }), info);
    },
  },
  {
    name: 'messages-oldest-first',
    family: 'conversations',
    description: "A conversation's messages are listed oldest first (chat order) instead of newest first (spec 4.8).",
    wrap: onRoute('GET', MESSAGES, async (next, request, info) => {
      const response = await next(request, info);
      const body = response.ok ? await jsonOf(response) : undefined;
      return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: [...body.data].reverse() } }) : response;
    }),
  },
  {
    name: 'lead-name-length-in-bytes',
    family: 'leads',
    description: 'A lead name is limited to 255 UTF-8 bytes (a VARCHAR(255) in bytes), so a Cyrillic name of 200 characters is refused with 422 where up to 255 characters are allowed (spec 2.3, 8).',
    wrap: (next) => async (request, info) => {
      const path = new URL(request.url).pathname;
      if (!((request.method === 'POST' && path === '/v1/leads') || (request.method === 'PATCH' && /^\/v1\/leads\/[^/]+$/.test(path)))) return next(request, info);
      const sent = await sentJson(request);
      const overBytes = typeof sent?.name === 'string' && [...sent.name].length <= 255 && new TextEncoder().encode(sent.name).length > 255;
      return next(overBytes ? withJson(request, { ...sent, name: 'x'.repeat(256) }) : request, info);
    },
  },
  {
    name: 'tag-case-folding-ascii-only',
    family: 'state',
    description: 'Tag names are compared with a byte-wise lower(): "VIP" finds "vip", but "КЛИЕНТ" is created as a second tag beside "клиент" instead of answering 200 with the existing one (spec 2.5: unique ignoring case).',
    wrap: (next, state) =>
      onRoute('POST', /^\/v1\/tags$/, async (next, request, info) => {
        const sent = await sentJson(request);
        const response = await next(request, info);
        const workspace = callerWorkspace(state, request);
        const existing = response.status === 200 ? await jsonOf(response) : undefined;
        const name = typeof sent?.name === 'string' ? sent.name.trim().replace(/\s+/g, ' ') : undefined;
        if (!existing?.id || !name || !workspace || asciiLower(name) === asciiLower(existing.name)) return response;
        const tag = await insertTag({ state, workspace, tables: workspace.tables, nowIso: () => new Date(workspace.now()).toISOString() }, name);
        return changed(response, { status: 201, body: tag });
      })(next),
  },
  {
    name: 'custom-phone-not-normalized',
    family: 'records',
    description: 'A custom field of type phone keeps the value as typed (90 123-45-67): only the contact\'s own phones go through the normalizer (spec 2.11: normalized like contact phones).',
    wrap: (next, state) => async (request, info) => {
      const path = new URL(request.url).pathname;
      const isWrite = ['POST', 'PATCH'].includes(request.method) && /^\/v1\/(leads|contacts|companies|products)(\/[^/]+)?$/.test(path);
      const sent = isWrite ? await sentJson(request) : undefined;
      const response = await next(request, info);
      const body = response.ok && sent?.custom && typeof sent.custom === 'object' ? await jsonOf(response) : undefined;
      const workspace = callerWorkspace(state, request);
      if (!body?.custom || !workspace) return response;
      const phoneKeys = new Set([...workspace.tables.fields.values()].filter((field: any) => field.type === 'phone').map((field: any) => field.key));
      const asTyped = Object.fromEntries(Object.entries(sent.custom).filter(([key, value]) => phoneKeys.has(key) && typeof value === 'string' && value !== body.custom[key]));
      if (Object.keys(asTyped).length === 0) return response;
      const table = workspace.tables[/^\/v1\/([a-z]+)/.exec(path)![1] as 'leads' | 'contacts' | 'companies' | 'products'] as { update(id: string, change: (draft: any) => void): Promise<unknown> };
      await table.update(body.id, (draft) => void Object.assign(draft.custom, asTyped));
      return changed(response, { body: { ...body, custom: { ...body.custom, ...asTyped } } });
    },
  },
  {
    name: 'phone-leading-8-as-russian',
    family: 'records',
    description: 'Phones are parsed with Russia as the home region, so a local spelling with the trunk 8 (8 90 123 45 67) becomes +790... instead of +99890... (spec 2.4).',
    wrap: onContactWrite((contact, sent) => {
      const phones = [sent.phone, ...(Array.isArray(sent.phones) ? sent.phones : [])].filter((phone) => typeof phone === 'string');
      if (phones.length !== contact.phones?.length || !phones.some((phone) => russianTrunkPhone(phone))) return undefined;
      const stored = contact.phones.map((phone: string, index: number) => russianTrunkPhone(phones[index] ?? '') ?? phone);
      return { phones: stored, ...(contact.name === contact.phones[0] ? { name: stored[0] } : {}) };
    }),
  },
  {
    name: 'custom-datetime-offset-dropped',
    family: 'records',
    description: 'A custom datetime sent with an offset (10:00+05:00) is stored as that clock reading in UTC (10:00Z), the offset dropped instead of converted (spec 2.11: stored in UTC).',
    wrap: (next) => async (request, info) => {
      const path = new URL(request.url).pathname;
      const isWrite = ['POST', 'PATCH'].includes(request.method) && /^\/v1\/(leads|contacts|companies|products)(\/[^/]+)?$/.test(path);
      const sent = isWrite ? await sentJson(request) : undefined;
      if (!sent?.custom || typeof sent.custom !== 'object') return next(request, info);
      const custom = Object.fromEntries(Object.entries(sent.custom).map(([key, value]) => [key, offsetDropped(value)]));
      return next(withJson(request, { ...sent, custom }), info);
    },
  },
  {
    name: 'snooze-until-offset-dropped',
    family: 'conversations',
    description: "A conversation snooze's until is read as a UTC clock reading: 18:00+05:00 snoozes until 18:00Z, five hours late (spec 4.8: a timestamp with offset).",
    wrap: onRoute('POST', /^\/v1\/conversations\/[^/]+\/snooze$/, async (next, request, info) => {
      const sent = await sentJson(request);
      return next(typeof sent?.until === 'string' ? withJson(request, { ...sent, until: offsetDropped(sent.until) }) : request, info);
    }),
  },
  {
    name: 'client-id-dedup-includes-text',
    family: 'conversations',
    description: 'Message idempotency is keyed on client_id and the text together: sending again with the same client_id and another text sends a second message instead of returning the first (spec 4.8, 9).',
    wrap: onRoute('POST', MESSAGES, async (next, request, info) => {
      const sent = await sentJson(request);
      const response = await next(request, info);
      const first = response.status === 200 ? await jsonOf(response) : undefined;
      if (!first || typeof sent?.client_id !== 'string' || first.text === sent.text) return response;
      const { client_id: clientId, ...rest } = sent;
      const again = await next(withJson(request, rest), info);
      return again.status === 201 ? changed(again, { body: { ...(await jsonOf(again)), client_id: clientId } }) : again;
    }),
  },
  {
    name: 'client-id-64-refused',
    family: 'conversations',
    description: 'A message client_id of exactly 64 characters is refused with 422 (the column holds 63 and a terminator) where up to 64 are allowed (spec 2.10, 8).',
    wrap: overTheEdge(MESSAGES, 'POST', (sent) => (typeof sent.client_id === 'string' && sent.client_id.length === 64 ? { ...sent, client_id: `${sent.client_id}x` } : undefined)),
  },
  {
    name: 'retry-after-as-http-date',
    family: 'limits',
    description: 'rate_limited answers give Retry-After as an HTTP date (the gateway\'s form) instead of the seconds to wait (spec 7.2: retry after Retry-After seconds).',
    wrap: onErrorCode('rate_limited', (response) => {
      const seconds = Number(response.headers.get('retry-after'));
      if (!Number.isFinite(seconds)) return response;
      return changed(response, { headers: { 'Retry-After': new Date(Date.now() + seconds * 1000).toUTCString() } });
    }),
  },
  {
    name: 'message-retry-with-read-scope',
    family: 'conversations',
    description: 'Retrying a failed message is filed with the read routes: a key with messages:read and without messages:send retries (re-sends) messages instead of 403 missing_scope (spec 4.8).',
    wrap: (next, state) =>
      onRoute('POST', /^\/v1\/messages\/[^/]+\/retry$/, async (next, request, info) => {
        const response = await next(request, info);
        const body = response.status === 403 ? await jsonOf(response) : undefined;
        if (body?.error?.code !== 'missing_scope') return response;
        const readProbe = await next(probe(request, '/v1/conversations?limit=1'), info);
        return readProbe.ok ? retryAsOwner(state, next, request, response) : response;
      })(next),
  },
  {
    name: 'note-pin-without-scope',
    family: 'state',
    description: 'Pinning and unpinning a note check no scope (the route was added later without the guard): any key of the workspace pins, where notes:write is needed (spec 4.5).',
    wrap: (next, state) => async (request, info) => {
      if (!/^\/v1\/notes\/[^/]+\/pin$/.test(new URL(request.url).pathname)) return next(request, info);
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'missing_scope' ? retryAsOwner(state, next, copy, response) : response;
    },
  },
  {
    name: 'timeline-needs-leads-read',
    family: 'state',
    description: 'The timeline checks leads:read whatever the record type: a key with contacts:read alone gets 403 missing_scope for a contact\'s timeline (spec 4.5: the read scope of the record type).',
    wrap: onRoute('GET', /^\/v1\/timeline$/, async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok || new URL(request.url).searchParams.get('entity_type') === 'lead') return response;
      const leadsProbe = await next(probe(request, '/v1/leads?limit=1'), info);
      return leadsProbe.status === 403 ? leadsProbe : response;
    }),
  },
  {
    name: 'deleted-contact-still-searchable',
    family: 'records',
    description: 'The contact search index is not told of deletes: q still finds contacts in the trash, which have left lists (spec 2.1).',
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/contacts$/, async (next, request, info) => {
        const response = await next(request, info);
        const query = new URL(request.url).searchParams;
        const q = query.get('q')?.trim().toLowerCase();
        const workspace = callerWorkspace(state, request);
        const body = response.ok && q && !query.get('cursor') ? await jsonOf(response) : undefined;
        if (!Array.isArray(body?.data) || !workspace) return response;
        const found = [...workspace.tables.contacts.values()].filter(
          (contact) => contact.deleted_at !== null && [contact.name, ...contact.phones, ...contact.emails].some((text) => text.toLowerCase().includes(q!)),
        );
        return changed(response, { body: { ...body, data: [...body.data, ...found.map((contact) => presentContact(workspace, contact))] } });
      })(next),
  },
  {
    name: 'lead-summary-counts-trash',
    family: 'leads',
    description: "The lead list's summary query forgets the trash: count and sum include deleted leads that the list itself leaves out (spec 4.2, 2.1).",
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/leads$/, async (next, request, info) => {
        const response = await next(request, info);
        const query = new URL(request.url).searchParams;
        const workspace = callerWorkspace(state, request);
        const body = response.ok && !query.get('q') ? await jsonOf(response) : undefined;
        if (!body?.summary || !workspace) return response;
        const trashed = trashedMatching(workspace, query);
        const summary = { ...body.summary, count: body.summary.count + trashed.length, sum: body.summary.sum + trashed.reduce((sum, lead) => sum + lead.amount, 0) };
        return changed(response, { body: { ...body, summary } });
      })(next),
  },
  {
    name: 'webhook-url-2048-refused',
    family: 'webhooks',
    description: 'A webhook URL of exactly 2048 characters is refused with 422 under url: the check is length < 2048 (spec 4.11, 8: at most 2048).',
    wrap: (next) => async (request, info) => {
      if (!['POST', 'PATCH'].includes(request.method) || !WEBHOOK_WRITE.test(new URL(request.url).pathname)) return next(request, info);
      const sent = await sentJson(request);
      return next(typeof sent?.url === 'string' && sent.url.length === 2048 ? withJson(request, { ...sent, url: `${sent.url}x` }) : request, info);
    },
  },
  {
    name: 'webhook-port-8443-refused',
    family: 'webhooks',
    description: 'Webhook URLs must use the default HTTPS port: https://host:8443/... is refused with 422 under url, where ports 443 and 8443 are allowed (spec 4.11, 8).',
    wrap: (next) => async (request, info) => {
      if (!['POST', 'PATCH'].includes(request.method) || !WEBHOOK_WRITE.test(new URL(request.url).pathname)) return next(request, info);
      const sent = await sentJson(request);
      const on8443 = typeof sent?.url === 'string' && URL.canParse(sent.url) && new URL(sent.url).port === '8443';
      return next(on8443 ? withJson(request, { ...sent, url: sent.url.replace(':8443', ':8444') }) : request, info);
    },
  },
  {
    name: 'oauth-state-500-refused',
    family: 'oauth',
    description: 'An authorization request whose state has exactly 500 characters is redirected with invalid_request: the limit is checked with < 500 (spec 5.2, 8: up to 500).',
    wrap: (next) => (request, info) => {
      const url = new URL(request.url);
      if (url.pathname !== '/oauth/authorize' || (url.searchParams.get('state') ?? '').length !== 500) return next(request, info);
      url.searchParams.set('state', `${url.searchParams.get('state')}x`);
      return next(new Request(url, request), info);
    },
  },
  {
    name: 'verifier-43-refused',
    family: 'oauth',
    description: 'A PKCE code_verifier of exactly 43 characters (the shortest allowed, and what 32 random bytes make) is refused: the length is checked with > 43 (spec 5.2, 8: 43 to 128).',
    wrap: (next) => async (request, info) => {
      if (request.method !== 'POST' || new URL(request.url).pathname !== '/oauth/token') return next(request, info);
      const json = (request.headers.get('content-type') ?? '').includes('json');
      const text = await request.clone().text();
      const params: Record<string, string> = json ? (await sentJson(request)) ?? {} : Object.fromEntries(new URLSearchParams(text));
      if (typeof params.code_verifier !== 'string' || params.code_verifier.length !== 43) return next(request, info);
      const shorter = { ...params, code_verifier: params.code_verifier.slice(0, 42) };
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: 'POST', headers, body: json ? JSON.stringify(shorter) : new URLSearchParams(shorter).toString() }), info);
    },
  },
  {
    name: 'refresh-scope-narrowing-ignored',
    family: 'oauth',
    description: 'The scope of a refresh is not read: a refresh asking for fewer scopes answers (and grants) every scope of the installation (spec 5.2: scope can narrow the granted scopes).',
    wrap: (next) => async (request, info) => {
      if (request.method !== 'POST' || new URL(request.url).pathname !== '/oauth/token') return next(request, info);
      const json = (request.headers.get('content-type') ?? '').includes('json');
      const params: Record<string, string> = json ? (await sentJson(request)) ?? {} : Object.fromEntries(new URLSearchParams(await request.clone().text()));
      if (params.grant_type !== 'refresh_token' || !('scope' in params)) return next(request, info);
      const { scope: _ignored, ...rest } = params;
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: 'POST', headers, body: json ? JSON.stringify(rest) : new URLSearchParams(rest).toString() }), info);
    },
  },
  {
    name: 'form-answer-5000-refused',
    family: 'forms',
    description: 'A form answer of exactly 5,000 characters is refused with 422 under its field: the check is length < 5000 (spec 8: 5,000 characters per answer).',
    wrap: overTheEdge(/^\/api\/forms\/[^/]+\/submit\/?$/, 'POST', (sent) => {
      if (!sent.answers || typeof sent.answers !== 'object') return undefined;
      const entries = Object.entries(sent.answers);
      if (!entries.some(([, value]) => typeof value === 'string' && value.length === 5000)) return undefined;
      return { ...sent, answers: Object.fromEntries(entries.map(([key, value]) => [key, typeof value === 'string' && value.length === 5000 ? `${value}x` : value])) };
    }),
  },
  {
    name: 'validation-fields-as-json-pointers',
    family: 'input',
    description: 'Field problems are keyed by the validator\'s JSON pointers (/stage_id, /custom/budget) instead of the request field names (stage_id, custom.budget) (spec 7.1, 7.3).',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const fields = body?.error?.fields;
      if (!fields || typeof fields !== 'object') return response;
      const pointers = Object.fromEntries(Object.entries(fields).map(([key, message]) => [`/${key.replace(/\./g, '/')}`, message]));
      return changed(response, { body: { ...body, error: { ...body.error, fields: pointers } } });
    },
  },
];
