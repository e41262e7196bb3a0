// Faults in paging: the limits, the cursor, the end of a walk.
import type { MockState } from '../mock-state.ts';
import { changed, jsonOf, onErrorCode, type Fault, type Handle } from './fault.ts';
import { callerWorkspace, onRoute, withQuery as requestWithQuery } from './request-match.ts';

/** Changes the query of list requests (GET /v1/<records>) before the mock sees them. */
function withQuery(change: (query: URLSearchParams) => void) {
  return (next: Handle): Handle =>
    async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || !/^\/v1\/[a-z]+$/.test(url.pathname)) return next(request, info);
      change(url.searchParams);
      return next(new Request(url, request), info);
    };
}

/** Per mock, a map a fault keeps between requests (a cursor it handed out, and what it remembers of it). */
function memoryOf<V>(store: WeakMap<MockState, Map<string, V>>, state: MockState): Map<string, V> {
  let map = store.get(state);
  if (!map) store.set(state, (map = new Map()));
  return map;
}

const leadsCursors = new WeakMap<MockState, Map<string, string>>();
const contactsCursors = new WeakMap<MockState, Map<string, string>>();

export const pagingFaults: Fault[] = [
  {
    name: 'default-limit-20',
    family: 'paging',
    proves: ['query.page-default-50'],
    description: 'A list without limit answers pages of 20 instead of 50.',
    wrap: withQuery((query) => void (query.has('limit') || query.set('limit', '20'))),
  },
  {
    name: 'max-limit-100',
    family: 'paging',
    proves: ['query.page-max-250'],
    description: 'A limit above 100 is treated as 100 instead of 250.',
    wrap: withQuery((query) => void (Number(query.get('limit')) > 100 && query.set('limit', '100'))),
  },
  {
    name: 'cursor-not-checked',
    family: 'paging',
    proves: ['errors.status-400', 'query.changed-cursor-lists'],
    description: 'A changed cursor is not refused: the list starts again from the top.',
    wrap: (next) =>
      onErrorCode('invalid_cursor', (_response, _body, request) => {
        const url = new URL(request.url);
        url.searchParams.delete('cursor');
        return next(new Request(url, request));
      })(next),
  },
  {
    name: 'end-cursor-empty-string',
    family: 'paging',
    proves: ['query.cursor-walk', 'query.sub-lists-paged'],
    description: "The last page's next_cursor is an empty string instead of null.",
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.ok && request.method === 'GET' ? await jsonOf(response) : undefined;
      return body && 'next_cursor' in body && body.next_cursor === null ? changed(response, { body: { ...body, next_cursor: '' } }) : response;
    },
  },
  {
    name: 'pages-by-offset',
    family: 'paging',
    proves: ['errors.status-400', 'query.changed-cursor-lists', 'query.newest-first-stable'],
    description: 'Cursors count records from the top, so leads added during a walk shift the next page and show a lead twice.',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.pathname !== '/v1/leads') return next(request, info);
      const offset = Number(url.searchParams.get('cursor')?.replace(/^offset-/, '') ?? 0) || 0;
      const limit = Number(url.searchParams.get('limit') ?? 50);
      url.searchParams.delete('cursor');
      url.searchParams.set('limit', '250');
      const response = await next(new Request(url, request), info);
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body) return response;
      const data = body.data.slice(offset, offset + limit);
      const more = body.data.length > offset + limit;
      return changed(response, { body: { ...body, data, next_cursor: more ? `offset-${offset + limit}` : null } });
    },
  },
  {
    name: 'query-limit-max-100',
    family: 'paging',
    proves: ['query.page-max-250'],
    description: 'The query endpoint caps limit at 100 instead of 250 (the lists keep 250).',
    wrap: (next) => async (request, info) => {
      if (request.method !== 'POST' || !/^\/v1\/query\/[a-z]+$/.test(new URL(request.url).pathname)) return next(request, info);
      const body = await request.clone().json().catch(() => undefined);
      if (!(body?.limit > 100)) return next(request, info);
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      return next(new Request(request.url, { method: 'POST', headers, body: JSON.stringify({ ...body, limit: 100 }) }), info);
    },
  },
  {
    name: 'lists-count-total',
    family: 'paging',
    proves: ['query.no-totals'],
    description: 'Every list answers a `total` of all its records beside data and next_cursor.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.ok && request.method === 'GET' ? await jsonOf(response) : undefined;
      return body && Array.isArray(body.data) && 'next_cursor' in body ? changed(response, { body: { ...body, total: body.data.length + (body.next_cursor ? 1 : 0) } }) : response;
    },
  },
  {
    name: 'lead-sub-lists-unpaged',
    family: 'paging',
    proves: ['query.sub-lists-paged'],
    description: "A lead's contacts and product lines are answered whole, limit ignored, with next_cursor null.",
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || !/^\/v1\/leads\/[^/]+\/(contacts|products)$/.test(url.pathname)) return next(request, info);
      url.searchParams.delete('limit');
      url.searchParams.delete('cursor');
      return next(new Request(url, request), info);
    },
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'limit-over-250-refused',
    family: 'paging',
    proves: ['query.page-max-250'],
    description: 'A limit above 250 is refused as invalid instead of treated as 250 (spec 4.13).',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit'));
      if (request.method !== 'GET' || !url.pathname.startsWith('/v1/') || !(limit > 250)) return next(request, info);
      url.searchParams.set('limit', 'over');
      return next(new Request(url, request), info);
    },
  },
  {
    name: 'contacts-cursor-skips-one',
    family: 'paging',
    proves: ['query.newest-first-stable'],
    description: 'Off by one in the contact list cursor: every page after the first leaves out its first contact (spec 4.13, stable paging).',
    wrap: (next) => async (request, info) => {
      const url = new URL(request.url);
      const response = await next(request, info);
      if (request.method !== 'GET' || url.pathname !== '/v1/contacts' || !url.searchParams.get('cursor') || !response.ok) return response;
      const body = await jsonOf(response);
      return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: body.data.slice(1) } }) : response;
    },
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'leads-walk-restarts-after-anchor-deleted',
    family: 'paging',
    proves: ['query.stable-despite-deletes'],
    description: "The lead cursor points at the last lead of the page; when that lead is deleted before the next page is asked for, the walk starts again from the top (spec 4.13: stable while paging).",
    wrap: (next, state) =>
      onRoute('GET', /^\/v1\/leads$/, async (next, request, info) => {
        const cursors = memoryOf(leadsCursors, state);
        const cursor = new URL(request.url).searchParams.get('cursor');
        const anchor = cursor ? cursors.get(cursor) : undefined;
        const workspace = callerWorkspace(state, request);
        const anchorGone = anchor && workspace && workspace.tables.leads.get(anchor)?.deleted_at !== null;
        const response = await next(anchorGone ? requestWithQuery(request, (query) => query.delete('cursor')) : request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (body?.next_cursor && body.data?.length) cursors.set(body.next_cursor, body.data.at(-1).id);
        return response;
      })(next),
  },
  {
    name: 'contacts-cursor-drops-time-ties',
    family: 'paging',
    proves: ['query.newest-first-stable'],
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
];
