// Paging of every list (spec 9): the document's limit, tamper-proof cursors bound to their
// list, and newest-first pages that records added in between never shift.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.ts';
import { createApi } from '../../src/http/api.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { createCursorCodec } from '../../src/store/cursor.ts';
import { listOf, newestFirstPage, pageSize, sortedPage, type PageRequest } from '../../src/store/paging.ts';
import { Table } from '../../src/store/table.ts';
import type { StandardSchemaV1 } from '@standard-schema/spec';

const listLeads = createApi(loadDocument('crm')).operations.get('listLeads')!;
const anything: StandardSchemaV1<{ id: string; n: number }> = {
  '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value: value as { id: string; n: number } }) },
};

async function tableOf(count: number) {
  const table = new Table({ schema: anything });
  for (let n = 1; n <= count; n++) await table.insert({ id: `ld_${String(n).padStart(26, '0')}`, n });
  return table;
}

const codec = createCursorCodec();
const request = (limit: number, cursor?: string, list = 'listLeads?[]'): PageRequest => ({ list, limit, cursor, codec });

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return undefined;
}

describe('a cursor', () => {
  it('of a list with a long search text stays within the 2,048 characters of the cursor parameter, and still refuses another list', async () => {
    const list = `listConversations?${JSON.stringify([['q', 'sofa '.repeat(320)]])}`;
    const cursor = await codec.encode(list, { id: `cv_${'0'.repeat(26)}` });
    expect(cursor.length).toBeLessThan(2048);
    expect(await codec.decode(list, cursor)).toEqual({ id: `cv_${'0'.repeat(26)}`, sortValue: null });
    await expect(codec.decode(`${list}x`, cursor)).rejects.toThrow(ApiError);
  });
});

describe('page size', () => {
  it('is 50 by default, as the document says', () => {
    expect(pageSize(listLeads, {})).toBe(50);
  });

  it('treats a limit above 250 as 250', () => {
    expect(pageSize(listLeads, { limit: 1000 })).toBe(250);
    expect(pageSize(listLeads, { limit: 7 })).toBe(7);
  });
});

describe('newest-first pages', () => {
  it('walk every record once, newest first, and end with a null cursor', async () => {
    const table = await tableOf(5);
    const first = await newestFirstPage(table, request(2));
    const second = await newestFirstPage(table, request(2, first.next_cursor!));
    const last = await newestFirstPage(table, request(2, second.next_cursor!));
    expect([first, second, last].flatMap((page) => page.data.map((record) => record.n))).toEqual([5, 4, 3, 2, 1]);
    expect(last.next_cursor).toBeNull();
  });

  it('stay stable while records are added between pages', async () => {
    const table = await tableOf(4);
    const first = await newestFirstPage(table, request(2));
    await table.insert({ id: `ld_${'9'.repeat(26)}`, n: 99 });
    const second = await newestFirstPage(table, request(2, first.next_cursor!));
    expect(second.data.map((record) => record.n)).toEqual([2, 1]);
  });

  it('keep only the records that match, and still fill the page', async () => {
    const table = await tableOf(10);
    const page = await newestFirstPage(table, request(3), (record) => record.n % 2 === 0);
    expect(page.data.map((record) => record.n)).toEqual([10, 8, 6]);
    const next = await newestFirstPage(table, request(3, page.next_cursor!), (record) => record.n % 2 === 0);
    expect(next.data.map((record) => record.n)).toEqual([4, 2]);
    expect(next.next_cursor).toBeNull();
  });
});

describe('cursors', () => {
  it('are opaque: no id readable in them', async () => {
    const table = await tableOf(3);
    const { next_cursor } = await newestFirstPage(table, request(1));
    expect(next_cursor).not.toContain('ld_');
  });

  it('answer invalid_cursor when changed in any character', async () => {
    const table = await tableOf(3);
    const { next_cursor } = await newestFirstPage(table, request(1));
    for (let index = 0; index < next_cursor!.length; index++) {
      const changed = next_cursor!.slice(0, index) + (next_cursor![index] === 'A' ? 'B' : 'A') + next_cursor!.slice(index + 1);
      expect(await refusal(newestFirstPage(table, request(1, changed)))).toBe('invalid_cursor');
    }
    expect(await refusal(newestFirstPage(table, request(1, 'not-a-cursor')))).toBe('invalid_cursor');
  });

  it('answer invalid_cursor on another list or with other filters', async () => {
    const table = await tableOf(3);
    const { next_cursor } = await newestFirstPage(table, request(1, undefined, listOf(listLeads, { status: 'open' })));
    expect(await refusal(newestFirstPage(table, request(1, next_cursor!, listOf(listLeads, { status: 'won' }))))).toBe('invalid_cursor');
    expect(await newestFirstPage(table, request(1, next_cursor!, listOf(listLeads, { status: 'open', limit: 9 })))).toMatchObject({
      data: [{ n: 2 }],
    });
  });

  it('of another mock instance are refused', async () => {
    const table = await tableOf(3);
    const { next_cursor } = await newestFirstPage(table, { ...request(1), codec: createCursorCodec() });
    expect(await refusal(newestFirstPage(table, request(1, next_cursor!)))).toBe('invalid_cursor');
  });
});

describe('sorted pages', () => {
  it('continue after the cursor record in the list order, even when it has gone', async () => {
    const records = [3, 1, 2, 5, 4].map((n) => ({ id: `tk_${String(n).padStart(26, '0')}`, n }));
    const byN = (a: { n: number }, b: { n: number }) => a.n - b.n;
    const positionOf = (record: { id: string; n: number }) => ({ id: record.id, sortValue: record.n });
    const compare = (a: { id: string; sortValue?: unknown }, b: { id: string; sortValue?: unknown }) =>
      (a.sortValue as number) - (b.sortValue as number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const sorted = [...records].sort(byN);
    const first = await sortedPage(sorted, request(2), positionOf, compare);
    expect(first.data.map((record) => record.n)).toEqual([1, 2]);
    const withoutTwo = sorted.filter((record) => record.n !== 2);
    const second = await sortedPage(withoutTwo, request(2, first.next_cursor!), positionOf, compare);
    expect(second.data.map((record) => record.n)).toEqual([3, 4]);
  });
});
