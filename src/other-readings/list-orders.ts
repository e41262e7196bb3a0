// Lists whose order the spec does not state, answered in the reverse order: members and teams
// (4.6), custom fields (4.9), a lead's additional contacts and product lines (4.2), the id
// lists `team.member_ids` and `member.team_ids` (2.7), a record's `tags` (2.3 to 2.5), a
// webhook's `events` (2.13) and a key's `scopes` (4.1); each page of products (4.7), tasks (4.10)
// and a webhook's deliveries (4.11) too, which keeps the pages whole and apart. Lists with a
// stated order stay as they are: leads, contacts and companies newest first (4.13), timeline
// and messages newest first (4.5, 4.8), tags by name (4.4), conversations by activity (4.8),
// resends oldest first (4.11).
import { isObject, mapObjects, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

const UNORDERED_LISTS = [
  /^\/v1\/members$/,
  /^\/v1\/teams$/,
  /^\/v1\/fields$/,
  /^\/v1\/leads\/[^/]+\/(contacts|products)$/,
  /^\/v1\/products$/,
  /^\/v1\/tasks$/,
  /^\/v1\/webhooks\/[^/]+\/deliveries$/,
];
const UNORDERED_ARRAYS = ['member_ids', 'team_ids', 'tags', 'events', 'scopes'];

function reverseArrays(value: unknown): unknown {
  return mapObjects(
    value,
    (object) => {
      const lists = UNORDERED_ARRAYS.filter((key) => Array.isArray(object[key]));
      const reversed = lists.map((key) => [key, [...(object[key] as unknown[])].reverse()]);
      return lists.length ? { ...object, ...Object.fromEntries(reversed) } : object;
    },
    ['custom'],
  );
}

export const listOrders: OtherReading = {
  name: 'list-orders',
  description:
    'Members, teams, fields, lead contacts and lines, pages of products, tasks and deliveries, ' +
    'and tags, events, scopes, member_ids, team_ids come reversed.',
  leftOpenBy:
    'Spec 2.3 to 2.13, 4.1, 4.2, 4.6, 4.7, 4.9 to 4.11 give these lists no order ' +
    '(4.13 states one for leads, contacts and companies only).',
  wrap: (next) =>
    rewritingJsonAnswers(next, (body, { request, path, status }) => {
      if (!path.startsWith('/v1/') || status >= 300) return undefined;
      const reversed = reverseArrays(body);
      const list = request.method === 'GET' && UNORDERED_LISTS.some((pattern) => pattern.test(path));
      return list && isObject(reversed) && Array.isArray(reversed.data) ? { ...reversed, data: [...reversed.data].reverse() } : reversed;
    }),
};
