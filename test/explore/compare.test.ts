// The explorer's comparison (conformance/explore/compare.ts): what the spec leaves open is no
// divergence, what it states is one.
import { describe, expect, it } from 'vitest';
import { compareExchanges, type RefsOf } from '../../conformance/explore/compare.ts';
import { sameRefusal } from '../../conformance/explore/error-equivalence.ts';
import type { Exchange } from '../../conformance/exchange.ts';

const T = 'ct_01aaaaaaaaaaaaaaaaaaaaaaaa';
const O = 'ct_01bbbbbbbbbbbbbbbbbbbbbbbb';
const refs: RefsOf = { target: new Map([[T, 0]]), oracle: new Map([[O, 0]]) };
const GET = { method: 'GET', inferred: false, sent: undefined };

function answer(status: number, json: unknown): Exchange {
  return {
    request: { method: 'GET', url: 'http://x/v1/contacts', headers: {} },
    status,
    headers: {},
    text: JSON.stringify(json),
    json,
    operation: undefined,
    sentRequestId: undefined,
  };
}

describe('records', () => {
  const oracle = {
    id: O,
    number: 1,
    name: 'A',
    emails: ['a@x.uz', 'b@x.uz'],
    created_at: '2026-12-02T04:00:00.000Z',
    owner: { id: 'mb_01cccccccccccccccccccccccc', name: 'Dilnoza' },
  };

  it('takes the same record written another way: its own id and number, times at another offset, keys reordered, extra keys, lists in another order, another member', () => {
    const target = {
      shard: 'x',
      owner: { id: 'mb_01dddddddddddddddddddddddd', email: 'o@x.uz' },
      emails: ['b@x.uz', 'a@x.uz'],
      created_at: '2026-12-02T09:00:01.000000+05:00',
      name: 'A',
      number: 77,
      id: T,
    };
    expect(compareExchanges(answer(200, target), answer(200, oracle), refs, GET)).toEqual([]);
  });

  it('finds a changed value, a missing key, another record, a time out of tolerance, a list of another length', () => {
    expect(compareExchanges(answer(200, { ...oracle, id: T, name: 'B' }), answer(200, oracle), refs, GET)).toEqual([
      { at: 'name', target: 'B', oracle: 'A' },
    ]);
    const { name: _, ...nameless } = { ...oracle, id: T };
    expect(compareExchanges(answer(200, nameless), answer(200, oracle), refs, GET)[0]?.at).toBe('name');
    expect(compareExchanges(answer(200, { ...oracle, id: 'ct_01eeeeeeeeeeeeeeeeeeeeeeee' }), answer(200, oracle), refs, GET)[0]?.at).toBe(
      'id',
    );
    expect(
      compareExchanges(answer(200, { ...oracle, id: T, created_at: '2026-12-02T04:06:00Z' }), answer(200, oracle), refs, GET)[0]?.at,
    ).toBe('created_at');
    expect(compareExchanges(answer(200, { ...oracle, id: T, emails: ['a@x.uz'] }), answer(200, oracle), refs, GET)[0]?.at).toBe(
      'emails.length',
    );
  });

  it('holds a time the request sent to its instant', () => {
    const sent = { method: 'PATCH', inferred: false, sent: { due_at: '2026-12-10T10:00:00Z' } };
    const oracleTask = { id: O, due_at: '2026-12-10T10:00:00.000Z' };
    expect(
      compareExchanges(answer(200, { id: T, due_at: '2026-12-10T15:00:00.000000+05:00' }), answer(200, oracleTask), refs, sent),
    ).toEqual([]);
    // Spec 2.1: "RFC 3339 strings with fractional seconds".
    expect(compareExchanges(answer(200, { id: T, due_at: '2026-12-10T10:00:00Z' }), answer(200, oracleTask), refs, sent)).toHaveLength(1);
    expect(compareExchanges(answer(200, { id: T, due_at: '2026-12-10T10:00:01Z' }), answer(200, oracleTask), refs, sent)).toHaveLength(1);
  });
});

describe('lists and deletes', () => {
  it("compares only the run's records, and the set only on a last page", () => {
    const other = { id: 'ct_01ffffffffffffffffffffffff', name: "not the run's" };
    expect(
      compareExchanges(
        answer(200, { data: [other, { id: T }], next_cursor: null }),
        answer(200, { data: [{ id: O }], next_cursor: null }),
        refs,
        GET,
      ),
    ).toEqual([]);
    expect(
      compareExchanges(
        answer(200, { data: [other], next_cursor: null }),
        answer(200, { data: [{ id: O }], next_cursor: null }),
        refs,
        GET,
      )[0]?.target,
    ).toBe('not listed');
    expect(
      compareExchanges(answer(200, { data: [other], next_cursor: 'c' }), answer(200, { data: [{ id: O }], next_cursor: null }), refs, GET),
    ).toEqual([]);
  });

  it('takes either delete confirmation of 2.1', () => {
    const remove = { method: 'DELETE', inferred: false, sent: undefined };
    expect(compareExchanges(answer(200, { id: T, deleted: true }), answer(200, { ok: true, id: O }), refs, remove)).toEqual([]);
  });
});

describe('refusals', () => {
  it('takes the readings the spec leaves open', () => {
    expect(sameRefusal({ status: 404, code: 'not_found' }, { status: 400, code: 'invalid_id_type' })).toBe(true);
    expect(sameRefusal({ status: 422, code: 'validation_failed' }, { status: 400, code: 'invalid_cursor' })).toBe(true);
    expect(sameRefusal({ status: 422, code: 'limit_reached' }, { status: 409, code: 'limit_reached' })).toBe(true);
  });

  it('finds another status or code', () => {
    expect(sameRefusal({ status: 404, code: 'not_found' }, { status: 410, code: 'gone' })).toBe(false);
    expect(sameRefusal({ status: 422, code: 'validation_failed' }, { status: 400, code: 'bad_json' })).toBe(false);
    expect(sameRefusal({ status: 500, code: 'limit_reached' }, { status: 409, code: 'limit_reached' })).toBe(false);
    expect(compareExchanges(answer(201, { id: T }), answer(422, { error: { code: 'validation_failed' } }), refs, GET)[0]?.at).toBe(
      'status',
    );
  });
});
