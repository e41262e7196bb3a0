// Faults of the third blind hunt: written from the spec and the mock alone, before reading any
// check, each the kind of bug another team's deployment could ship. They go where the first two
// hunts did not: the query language (group operators, nesting, sort keys, list values), custom
// values by field type, products, tasks, teams, the error envelope's keys and language choice,
// webhook and OAuth answers, form origins and body size, and limits at exactly their boundary.
// Each wraps the request handle; none touches webhook deliveries or event contents.
import type { MockState } from '../mock-state.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { retryAsOwner } from './owner-key.ts';
import { alterOk, callerWorkspace, onRoute, sentJson, withJson, withQuery } from './request-match.ts';

const QUERY = /^\/v1\/query\/(leads|contacts|companies)$/;
const PRODUCTS = /^\/v1\/products(\/[a-z]+_[0-9a-z]{26})?$/;
const WEBHOOK_WRITE = /^\/v1\/webhooks(\/[a-z]+_[0-9a-z]{26})?$/;
const LEAD_WRITE = /^\/v1\/leads(\/[^/]+)?$/;
const FORM_ROUTE = /^\/api\/forms\/[^/]+(\/submit)?$/;
const FORM_BODY_LIMIT = 32 * 1024;

/** Tables of records that carry `custom`, by the first path segment after /v1/. */
const CUSTOM_TABLES = { leads: ['leads', 'lead'], contacts: ['contacts', 'contact'], companies: ['companies', 'company'], products: ['products', 'product'] } as const;

/** A query body changed by `alter` on POST /v1/query/{entity}. */
function onQuery(alter: (body: any) => any) {
  return onRoute('POST', QUERY, async (next, request, info) => {
    const sent = await sentJson(request);
    return next(sent && typeof sent === 'object' ? withJson(request, alter(structuredClone(sent))) : request, info);
  });
}

/** Every group of a query (the top one and the nested ones). */
function groupsOf(group: any): any[] {
  if (!group || typeof group !== 'object' || !Array.isArray(group.conditions)) return [];
  return [group, ...group.conditions.flatMap(groupsOf)];
}

/** A GET list's query changed by `alter`. */
function onListQuery(path: RegExp, alter: (query: URLSearchParams) => void) {
  return onRoute('GET', path, (next, request, info) => next(withQuery(request, alter), info));
}

/** On `method` `path`: the body `lengthen` makes of the one sent (a value at its limit made one longer, for the mock's own refusal). */
function overTheEdge(method: string, path: RegExp, lengthen: (sent: any) => any | undefined) {
  return onRoute(method, path, async (next, request, info) => {
    const sent = await sentJson(request);
    const longer = sent && typeof sent === 'object' ? lengthen(structuredClone(sent)) : undefined;
    return next(longer ? withJson(request, longer) : request, info);
  });
}

/** The keys of the custom fields of `entity` of type `type` in the workspace. */
function customKeysOfType(workspace: Workspace, entity: string, type: string): string[] {
  return [...workspace.tables.fields.values()].filter((field: any) => field.entity === entity && field.type === type).map((field: any) => field.key);
}

/**
 * A record write (POST or PATCH on leads, contacts, companies, products) whose stored custom
 * values of fields of `type` `alter` changes, given the value sent; the answer shows the change.
 */
function onCustomOfType(type: string, alter: (sent: unknown, stored: unknown) => unknown) {
  return (next: Handle, state: MockState): Handle =>
    async (request, info) => {
      const match = /^\/v1\/(leads|contacts|companies|products)(\/[^/]+)?$/.exec(new URL(request.url).pathname);
      const isWrite = match && ((request.method === 'POST' && !match[2]) || (request.method === 'PATCH' && match[2]));
      if (!match || !isWrite) return next(request, info);
      const sent = await sentJson(request);
      const response = await next(request, info);
      const workspace = callerWorkspace(state, request);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!workspace || !body?.custom || !sent?.custom || typeof sent.custom !== 'object') return response;
      const [table, entity] = CUSTOM_TABLES[match[1] as keyof typeof CUSTOM_TABLES];
      const change: Record<string, unknown> = {};
      for (const key of customKeysOfType(workspace, entity, type)) {
        if (sent.custom[key] === undefined || sent.custom[key] === null || body.custom[key] === undefined) continue;
        change[key] = alter(sent.custom[key], body.custom[key]);
      }
      if (Object.keys(change).length === 0) return response;
      await (workspace.tables as any)[table].update(body.id, (draft: any) => void Object.assign(draft.custom, change));
      return changed(response, { body: { ...body, custom: { ...body.custom, ...change } } });
    };
}

/** `fields` with dotted keys (custom.budget) written as nested objects ({custom: {budget}}). */
function nestedFields(fields: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, any> = {};
  for (const [key, message] of Object.entries(fields)) {
    const [head, ...rest] = key.split('.');
    if (rest.length === 0) nested[key] = message;
    else nested[head!] = { ...(nested[head!] ?? {}), [rest.join('.')]: message };
  }
  return nested;
}

/** A request id of the service's own, as a deployment makes one when it refuses the caller's. */
const ownRequestId = () => `req_${crypto.randomUUID().replaceAll('-', '')}`;

export const hunt3Faults: readonly Fault[] = [
  {
    name: 'query-or-groups-as-and',
    family: 'query',
    description: "A group's op is not read: its conditions are always joined with and, so an or group finds only records matching all of them (spec 4.13).",
    wrap: onQuery((body) => {
      for (const group of groupsOf(body.query)) if (group.op === 'or') group.op = 'and';
      return body;
    }),
  },
  {
    name: 'query-nested-groups-ignored',
    family: 'query',
    description: 'Nested groups inside a query are skipped by the translator (only conditions with a field are read), so a nested group narrows nothing (spec 4.13: nested groups, 2 levels).',
    wrap: onQuery((body) => {
      if (Array.isArray(body.query?.conditions)) body.query.conditions = body.query.conditions.filter((item: any) => !Array.isArray(item?.conditions));
      return body;
    }),
  },
  {
    name: 'query-five-sort-keys-refused',
    family: 'query',
    description: 'A query with exactly 5 sort keys is refused with too_many_conditions: the limit is checked with < 5 (spec 8: 5 sort keys).',
    wrap: onQuery((body) => {
      if (Array.isArray(body.sort) && body.sort.length === 5) body.sort.push(body.sort[4]);
      return body;
    }),
  },
  {
    name: 'query-hundred-list-values-refused',
    family: 'input',
    description: 'A condition whose list value has exactly 100 entries (in, not_in, all) is refused with too_many_conditions: the check is length < 100 (spec 8: 100 list values).',
    wrap: onQuery((body) => {
      for (const group of groupsOf(body.query)) {
        for (const condition of group.conditions) if (Array.isArray(condition?.value) && condition.value.length === 100) condition.value.push(condition.value[99]);
      }
      return body;
    }),
  },
  {
    name: 'query-sort-after-first-key-ignored',
    family: 'query',
    description: 'Only the first sort key of a query is applied; records tied on it come in creation order instead of by the second key (spec 4.13: sort is a list of keys).',
    wrap: onQuery((body) => {
      if (Array.isArray(body.sort) && body.sort.length > 1) body.sort = body.sort.slice(0, 1);
      return body;
    }),
  },
  {
    name: 'product-vat-percent-rounded',
    family: 'records',
    description: "A product's vat_percent is kept in an integer column: 12.5 comes back as 13 (spec 2.8: vat_percent is a number).",
    wrap: (next: Handle, state: MockState): Handle =>
      onRoute('POST', /^\/v1\/products$/, (inner, request, info) => roundVat(inner, state, request, info))(
        onRoute('PATCH', PRODUCTS, (inner, request, info) => roundVat(inner, state, request, info))(next),
      ),
  },
  {
    name: 'custom-email-case-kept',
    family: 'records',
    description: "A custom field of type email keeps the address as typed (Ali@Example.UZ): only the contact's own emails are lowercased (spec 2.11: email address, lowercased).",
    wrap: onCustomOfType('email', (sent, stored) => (typeof sent === 'string' ? sent.trim() : stored)),
  },
  {
    name: 'custom-money-currency-defaults-usd',
    family: 'records',
    description: 'A custom money value sent without currency is stored in USD, the library default, instead of UZS (spec 2.11: currency defaults to UZS).',
    wrap: onCustomOfType('money', (sent, stored: any) =>
      sent && typeof sent === 'object' && !('currency' in sent) && stored && typeof stored === 'object' ? { ...stored, currency: 'USD' } : stored,
    ),
  },
  {
    name: 'teams-list-without-scope',
    family: 'records',
    description: 'GET /v1/teams checks no scope (the guard is only on members): a key without users:read lists the teams (spec 4.6: users:read).',
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/teams$/, async (inner, request, info) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const body = response.status === 403 ? await jsonOf(response) : undefined;
        return body?.error?.code === 'missing_scope' ? retryAsOwner(state, inner, copy, response) : response;
      })(next),
  },
  {
    name: 'task-all-day-without-due-accepted',
    family: 'state',
    description: 'A task created with all_day true and no due_at is accepted (the flag silently dropped) instead of refused (spec 4.10: all_day needs due_at).',
    wrap: onRoute('POST', /^\/v1\/tasks$/, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || sent.all_day !== true || (sent.due_at !== undefined && sent.due_at !== null)) return next(request, info);
      const { all_day: _dropped, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'task-done-list-includes-open',
    family: 'state',
    description: 'status=done on the task list is read as "any status" (only open is a known filter), so open tasks are listed with the done ones (spec 4.10).',
    wrap: onListQuery(/^\/v1\/tasks$/, (query) => {
      if (query.get('status') === 'done') query.set('status', 'all');
    }),
  },
  {
    name: 'task-complete-result-dropped',
    family: 'state',
    description: "Completing a task with a result marks it done but does not keep the result (the body of complete is not read) (spec 2.12, 4.10: result set on completion).",
    wrap: onRoute('POST', /^\/v1\/tasks\/[^/]+\/complete$/, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent || typeof sent !== 'object' || !('result' in sent)) return next(request, info);
      const { result: _dropped, ...rest } = sent;
      return next(withJson(request, rest), info);
    }),
  },
  {
    name: 'conversations-needs-reply-ignored',
    family: 'conversations',
    description: 'The needs_reply filter of the conversation list is not read: conversations whose last message is the team\'s own are listed too (spec 4.8: needs_reply keeps those waiting for an answer).',
    wrap: onListQuery(/^\/v1\/conversations$/, (query) => query.delete('needs_reply')),
  },
  {
    name: 'validation-fields-nested',
    family: 'input',
    description: 'validation_failed writes a problem of a nested field as a nested object ({custom: {budget: ...}}) instead of under the key custom.budget (spec 2.11, 7.3: fields names custom.<key>).',
    wrap: onErrorCode('validation_failed', (response, body) => {
      const fields = body.error.fields;
      if (!fields || !Object.keys(fields).some((key) => key.includes('.'))) return response;
      return changed(response, { body: { error: { ...body.error, fields: nestedFields(fields) } } });
    }),
  },
  {
    name: 'missing-scope-names-write-scope',
    family: 'input',
    description: 'missing_scope names the write scope of the resource whatever was asked (leads:write for a list), where scope is the one the route needs (spec 4.6, 7.1).',
    wrap: onErrorCode('missing_scope', (response, body) =>
      typeof body.error.scope === 'string' && body.error.scope.endsWith(':read')
        ? changed(response, { body: { error: { ...body.error, scope: body.error.scope.replace(/:read$/, ':write') } } })
        : response,
    ),
  },
  {
    name: 'accept-language-weights-ignored',
    family: 'responses',
    description: 'Accept-Language is read as its first tag whatever the q weights say: "en;q=0.1, ru;q=0.9" answers in English (spec 7.1: the language of Accept-Language).',
    wrap: (next) => (request, info) => {
      const header = request.headers.get('accept-language');
      if (!header || !header.includes(',')) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('accept-language', header.split(',')[0]!.split(';')[0]!.trim());
      return next(new Request(request, { headers }), info);
    },
  },
  {
    name: 'request-id-with-dot-replaced',
    family: 'responses',
    description: "A caller's X-Request-Id containing a dot (web.42.a) is replaced by one of the service's own: the allowed characters are letters, digits, - and _ only (spec 7.1: letters, digits, -, _, .).",
    wrap: (next) => async (request, info) => {
      const sent = request.headers.get('x-request-id');
      const response = await next(request, info);
      if (!sent || !sent.includes('.') || response.headers.get('x-request-id') !== sent) return response;
      const own = ownRequestId();
      const body = response.status >= 400 ? await jsonOf(response) : undefined;
      const withId = body?.error ? { error: { ...body.error, request_id: own } } : undefined;
      return changed(response, { headers: { 'x-request-id': own }, ...(withId ? { body: withId } : {}) });
    },
  },
  {
    name: 'rate-limited-without-reason',
    family: 'limits',
    description: 'rate_limited answers leave out reason (only limit is set by the limiter) (spec 7.1: reason and limit on rate_limited).',
    wrap: onErrorCode('rate_limited', (response, body) => {
      const { reason: _dropped, ...error } = body.error;
      return changed(response, { body: { error } });
    }),
  },
  {
    name: 'webhook-hundred-events-refused',
    family: 'webhooks',
    description: 'A webhook with exactly 100 event patterns is refused with 422 under events: the check is length < 100 (spec 2.13, 8: up to 100).',
    wrap: overTheEdge('POST', WEBHOOK_WRITE, (sent) => (Array.isArray(sent.events) && sent.events.length === 100 ? { ...sent, events: [...sent.events, '*'] } : undefined)),
  },
  {
    name: 'webhook-url-credentials-accepted',
    family: 'webhooks',
    description: 'A webhook URL with a user name and password (https://user:pass@host/...) is accepted: the validator checks scheme, host and port only (spec 4.11: no user name or password).',
    wrap: (next) => async (request, info) => {
      const path = new URL(request.url).pathname;
      if (!['POST', 'PATCH'].includes(request.method) || !WEBHOOK_WRITE.test(path)) return next(request, info);
      const sent = await sentJson(request);
      const url = typeof sent?.url === 'string' ? URL.parse(sent.url) : null;
      if (!url || (!url.username && !url.password)) return next(request, info);
      url.username = '';
      url.password = '';
      const response = await next(withJson(request, { ...sent, url: url.href }), info);
      return alterOk(response, (body) => (body.webhook ? { ...body, webhook: { ...body.webhook, url: sent.url } } : { ...body, url: sent.url }));
    },
  },
  {
    name: 'authorize-missing-method-as-s256',
    family: 'oauth',
    description: 'An authorization request with code_challenge and no code_challenge_method is taken as S256 instead of redirected with invalid_request (spec 5.2: PKCE, only S256; RFC 7636 reads a missing method as plain).',
    wrap: onRoute('GET', /^\/oauth\/authorize$/, (next, request, info) =>
      next(
        withQuery(request, (query) => {
          if (query.get('code_challenge') !== null && query.get('code_challenge_method') === null) query.set('code_challenge_method', 'S256');
        }),
        info,
      ),
    ),
  },
  {
    name: 'token-scope-comma-separated',
    family: 'oauth',
    description: 'The token answer lists the granted scopes separated by commas (leads:read,contacts:read) instead of spaces (spec 5.2: scope, space-separated).',
    wrap: onRoute('POST', /^\/oauth\/token$/, async (next, request, info) =>
      alterOk(await next(request, info), (body) => (typeof body.scope === 'string' ? { ...body, scope: body.scope.split(' ').join(',') } : body)),
    ),
  },
  {
    name: 'form-origin-scheme-ignored',
    family: 'forms',
    description: 'Allowed websites are matched on the host alone: http://shop.example.uz loads and submits a form that allows https://shop.example.uz (spec 4.12: only those origins).',
    wrap: (next) => async (request, info) => {
      const origin = request.headers.get('origin');
      if (!origin?.startsWith('http://') || !FORM_ROUTE.test(new URL(request.url).pathname)) return next(request, info);
      const headers = new Headers(request.headers);
      headers.set('origin', `https://${origin.slice('http://'.length)}`);
      const response = await next(new Request(request, { headers }), info);
      const allowed = response.headers.get('access-control-allow-origin');
      return allowed && allowed !== '*' ? changed(response, { headers: { 'access-control-allow-origin': origin } }) : response;
    },
  },
  {
    name: 'form-body-32kb-exact-refused',
    family: 'forms',
    description: 'A form submission of exactly 32 KB (32,768 bytes) is refused as too large: the check is size >= 32 KB (spec 8: form request 32 KB).',
    wrap: onRoute('POST', /^\/api\/forms\/[^/]+\/submit$/, async (next, request, info) => {
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      if (bytes.length !== FORM_BODY_LIMIT) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: 'POST', headers, body: `${new TextDecoder().decode(bytes)} ` }), info);
    }),
  },
  {
    name: 'lead-source-64-refused',
    family: 'leads',
    description: 'A lead source of exactly 64 characters is refused with 422 under source: the column holds 63 (spec 2.3, 8: up to 64).',
    wrap: (next) => {
      const lengthen = (sent: any) => (typeof sent.source === 'string' && [...sent.source].length === 64 ? { ...sent, source: `${sent.source}x` } : undefined);
      return overTheEdge('POST', LEAD_WRITE, lengthen)(overTheEdge('PATCH', LEAD_WRITE, lengthen)(next));
    },
  },
];

/** A product write whose stored and answered vat_percent is rounded to a whole number. */
async function roundVat(next: Handle, state: MockState, request: Request, info: Parameters<Handle>[1]): Promise<Response> {
  const response = await next(request, info);
  const body = response.ok ? await jsonOf(response) : undefined;
  const workspace = callerWorkspace(state, request);
  if (!workspace || typeof body?.vat_percent !== 'number' || Number.isInteger(body.vat_percent)) return response;
  const vat = Math.round(body.vat_percent);
  await workspace.tables.products.update(body.id, (draft: any) => void (draft.vat_percent = vat));
  return changed(response, { body: { ...body, vat_percent: vat } });
}
