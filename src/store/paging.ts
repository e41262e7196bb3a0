// Paging of every list (spec 9): `limit` (the document's default, values above its
// `x-effective-maximum` treated as that maximum) and an opaque `cursor` bound to the list and
// its filters. Newest-first lists start below the last id seen, so records created between
// two pages never shift the next one.
import type { Operation } from '../spec/operation-index.ts';
import type { CursorCodec, CursorPosition } from './cursor.ts';
import type { Table } from './table.ts';

export type Page<T> = { data: T[]; next_cursor: string | null };

export type PageRequest = {
  /** What the cursor is bound to: the operation and its filters (see `listOf`). */
  list: string;
  limit: number;
  cursor: string | undefined;
  codec: CursorCodec;
};

/** The page size asked for, within the limits the operation's `limit` parameter declares. */
export function pageSize(operation: Operation, query: Record<string, unknown>): number {
  const schema = operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'limit')?.schema;
  if (!schema) throw new Error(`${operation.id} has no limit parameter`);
  const asked = typeof query.limit === 'number' ? query.limit : (schema.default as number);
  return Math.min(asked, schema['x-effective-maximum'] ?? schema.maximum ?? asked);
}

/** The identity of a list: its operation and every filter but the paging ones. */
export function listOf(operation: Operation, query: Record<string, unknown>): string {
  const filters = Object.entries(query)
    .filter(([name]) => name !== 'limit' && name !== 'cursor')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${operation.id}?${JSON.stringify(filters)}`;
}

/** A page of `table` newest first, keeping the records `matches` accepts. */
export async function newestFirstPage<T extends { id: string }>(
  table: Table<T>,
  request: PageRequest,
  matches: (record: T) => boolean = () => true,
): Promise<Page<T>> {
  const after = request.cursor === undefined ? undefined : (await request.codec.decode(request.list, request.cursor)).id;
  const data: T[] = [];
  let more = false;
  for (const record of table.newestFirst(after)) {
    if (!matches(record)) continue;
    if (data.length === request.limit) {
      more = true;
      break;
    }
    data.push(record);
  }
  return finish(data, more, request, (record) => ({ id: record.id }));
}

/**
 * A page of records already in the list's order. `positionOf` and `compare` define that order
 * (ties broken by id) so that a page starts right after the cursor's record even when that
 * record has since moved or gone.
 */
export async function sortedPage<T extends { id: string }>(
  sorted: readonly T[],
  request: PageRequest,
  positionOf: (record: T) => CursorPosition,
  compare: (a: CursorPosition, b: CursorPosition) => number,
): Promise<Page<T>> {
  const after = request.cursor === undefined ? undefined : await request.codec.decode(request.list, request.cursor);
  const start = after ? sorted.findIndex((record) => compare(positionOf(record), after) > 0) : 0;
  const rest = start === -1 ? [] : sorted.slice(start);
  return finish(rest.slice(0, request.limit), rest.length > request.limit, request, positionOf);
}

async function finish<T>(data: T[], more: boolean, request: PageRequest, positionOf: (record: T) => CursorPosition): Promise<Page<T>> {
  const last = data[data.length - 1];
  const next_cursor = more && last ? await request.codec.encode(request.list, positionOf(last)) : null;
  return { data, next_cursor };
}
