// Mutants of paging (spec 4.13): the limits of a page, the cursor, the end of a walk.
// Each rewrites the list request or its answer.
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { callerWorkspace, onOperation, onQuery, queryOf, withQuery } from '../request-match.ts';

/** The lists of records (GET /v1/<records>), whose query the list faults change. */
const RECORD_LISTS: readonly OperationId[] = [
  'listLeads',
  'listPipelines',
  'listCompanies',
  'listContacts',
  'listTags',
  'listTimeline',
  'listMembers',
  'listTeams',
  'listProducts',
  'listConversations',
  'listFields',
  'listTasks',
  'listWebhooks',
];

/** The GET operations that take a limit (spec 4.13: every list, the sub-lists and the board). */
const LIMITED_READS: readonly OperationId[] = [
  'listLeads',
  'getLeadBoard',
  'listLeadContacts',
  'listLeadProducts',
  'listCompanies',
  'listContacts',
  'listTimeline',
  'listProducts',
  'listConversations',
  'listMessages',
  'listTasks',
  'listWebhooks',
  'listWebhookDeliveries',
];

/** Changes the query of the record lists before the mock sees them (and validates it). */
function onListQuery(change: (query: URLSearchParams) => void) {
  return onOperation(RECORD_LISTS, (next, request, info) => next(withQuery(request, change), info));
}

export const queryPagingMutants: readonly Fault[] = [
  {
    name: 'default-limit-20',
    area: 'query',
    proves: ['query.page-default-50'],
    description: 'A list without limit answers pages of 20 instead of 50.',
    wrap: onListQuery((query) => void (query.has('limit') || query.set('limit', '20'))),
  },
  {
    name: 'max-limit-100',
    area: 'query',
    proves: ['query.page-max-250'],
    description: 'A limit above 100 is treated as 100 instead of 250.',
    wrap: onListQuery((query) => void (Number(query.get('limit')) > 100 && query.set('limit', '100'))),
  },
  {
    name: 'cursor-not-checked',
    area: 'query',
    proves: ['errors.status-400', 'query.changed-cursor-lists'],
    description: 'A changed cursor is not refused: the list starts again from the top.',
    wrap: (next) =>
      onErrorCode('invalid_cursor', (_response, _body, request) => next(withQuery(request, (query) => query.delete('cursor'))))(next),
  },
  {
    name: 'end-cursor-empty-string',
    area: 'query',
    proves: ['query.cursor-walk', 'query.sub-lists-paged'],
    description: "The last page's next_cursor is an empty string instead of null.",
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.ok && request.method === 'GET' ? await jsonOf(response) : undefined;
      return body && 'next_cursor' in body && body.next_cursor === null
        ? changed(response, { body: { ...body, next_cursor: '' } })
        : response;
    },
  },
  {
    name: 'pages-by-offset',
    area: 'query',
    proves: ['errors.status-400', 'query.changed-cursor-lists', 'query.newest-first-stable'],
    description: 'Cursors count records from the top, so leads added during a walk shift the next page and show a lead twice.',
    wrap: onOperation('listLeads', async (next, request, info) => {
      const query = queryOf(request);
      const offset = Number(query.get('cursor')?.replace(/^offset-/, '') ?? 0) || 0;
      const limit = Number(query.get('limit') ?? 50);
      const response = await next(
        withQuery(request, (query) => (query.delete('cursor'), query.set('limit', '250'))),
        info,
      );
      const body = response.ok ? await jsonOf(response) : undefined;
      if (!body) return response;
      const data = body.data.slice(offset, offset + limit);
      const more = body.data.length > offset + limit;
      return changed(response, { body: { ...body, data, next_cursor: more ? `offset-${offset + limit}` : null } });
    }),
  },
  {
    name: 'query-limit-max-100',
    area: 'query',
    proves: ['query.page-max-250'],
    description: 'The query endpoint caps limit at 100 instead of 250 (the lists keep 250).',
    wrap: onQuery((body) => (body.limit > 100 ? { ...body, limit: 100 } : body)),
  },
  {
    name: 'lists-count-total',
    area: 'query',
    proves: ['query.no-totals'],
    description: 'Every list answers a `total` of all its records beside data and next_cursor.',
    wrap: (next) => async (request, info) => {
      const response = await next(request, info);
      const body = response.ok && request.method === 'GET' ? await jsonOf(response) : undefined;
      return body && Array.isArray(body.data) && 'next_cursor' in body
        ? changed(response, { body: { ...body, total: body.data.length + (body.next_cursor ? 1 : 0) } })
        : response;
    },
  },
  {
    name: 'lead-sub-lists-unpaged',
    area: 'query',
    proves: ['query.sub-lists-paged'],
    description: "A lead's contacts and product lines are answered whole, limit ignored, with next_cursor null.",
    wrap: onOperation(['listLeadContacts', 'listLeadProducts'], (next, request, info) =>
      next(
        withQuery(request, (query) => (query.delete('limit'), query.delete('cursor'))),
        info,
      ),
    ),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'limit-over-250-refused',
    area: 'query',
    proves: ['query.page-max-250'],
    description: 'A limit above 250 is refused as invalid instead of treated as 250 (spec 4.13).',
    wrap: onOperation(LIMITED_READS, (next, request, info) =>
      next(Number(queryOf(request).get('limit')) > 250 ? withQuery(request, (query) => query.set('limit', 'over')) : request, info),
    ),
  },
  {
    name: 'contacts-cursor-skips-one',
    area: 'query',
    proves: ['query.newest-first-stable'],
    description:
      'Off by one in the contact list cursor: every page after the first leaves out its first contact (spec 4.13, stable paging).',
    wrap: onOperation('listContacts', async (next, request, info) => {
      const cursor = queryOf(request).get('cursor');
      const response = await next(request, info);
      if (!cursor || !response.ok) return response;
      const body = await jsonOf(response);
      return Array.isArray(body?.data) ? changed(response, { body: { ...body, data: body.data.slice(1) } }) : response;
    }),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'leads-walk-restarts-after-anchor-deleted',
    area: 'query',
    proves: ['query.stable-despite-deletes'],
    description:
      'The lead cursor points at the last lead of the page; when that lead is deleted before the next page is asked for, the walk starts again from the top (spec 4.13: stable while paging).',
    wrap: (next, state) =>
      onOperation('listLeads', async (next, request, info) => {
        // The last lead of each page this fault handed out a cursor for.
        const cursors = faultMemory(state, 'leads-walk-restarts-after-anchor-deleted', () => new Map<string, string>());
        const cursor = queryOf(request).get('cursor');
        const anchor = cursor ? cursors.get(cursor) : undefined;
        const workspace = callerWorkspace(state, request);
        const anchorGone = anchor && workspace && workspace.tables.leads.get(anchor)?.deleted_at !== null;
        const response = await next(anchorGone ? withQuery(request, (query) => query.delete('cursor')) : request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (body?.next_cursor && body.data?.length) cursors.set(body.next_cursor, body.data.at(-1).id);
        return response;
      })(next, state),
  },
  {
    name: 'contacts-cursor-drops-time-ties',
    area: 'query',
    proves: ['query.newest-first-stable'],
    description:
      'The contact cursor keeps only the created_at of the last contact and the next page asks for created_at < it, so contacts created in the same instant as the last of a page are never listed (spec 4.13: stable while paging; ids break ties).',
    wrap: (next, state) =>
      onOperation('listContacts', async (next, request, info) => {
        // The created_at of the last contact of each page this fault handed out a cursor for.
        const cursors = faultMemory(state, 'contacts-cursor-drops-time-ties', () => new Map<string, string>());
        const cursor = queryOf(request).get('cursor');
        const response = await next(request, info);
        const body = response.ok ? await jsonOf(response) : undefined;
        if (!Array.isArray(body?.data)) return response;
        const after = cursor ? cursors.get(cursor) : undefined;
        const data = after ? body.data.filter((contact: any) => contact.created_at !== after) : body.data;
        const last = body.data.at(-1);
        if (body.next_cursor && last) cursors.set(body.next_cursor, after && last.created_at === after ? after : last.created_at);
        return changed(response, { body: { ...body, data } });
      })(next, state),
  },
];
