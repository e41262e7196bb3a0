// The expectations stories write (scenarios/runner/match.ts) and the paths they capture with.
import { describe, expect, it } from 'vitest';
import { describeMismatches, match } from '../../scenarios/runner/match.ts';
import { follow, parsePath } from '../../scenarios/runner/paths.ts';

const passes = (expected: unknown, actual: unknown) => match(expected, actual).length === 0;

describe('matchers', () => {
  it('objects check only the keys they name; arrays check length and order', () => {
    expect(passes({ a: 1 }, { a: 1, b: 2 })).toBe(true);
    expect(passes([{ a: 1 }], [{ a: 1 }, { a: 2 }])).toBe(false);
    expect(passes([{ a: 2 }, { a: 1 }], [{ a: 1 }, { a: 2 }])).toBe(false);
  });

  it('$present and $absent tell a missing key from null', () => {
    expect(passes({ x: { $present: true } }, { x: null })).toBe(true);
    expect(passes({ x: { $absent: true } }, { x: null })).toBe(false);
    expect(passes({ x: { $absent: true } }, {})).toBe(true);
    expect(passes({ x: null }, {})).toBe(false);
  });

  it('$contains gives each matcher its own item', () => {
    expect(passes({ $contains: [{ t: 'a' }, { t: 'a' }] }, [{ t: 'a' }, { t: 'b' }])).toBe(false);
    expect(passes({ $contains: [{ t: 'a' }, { t: 'a' }] }, [{ t: 'a' }, { t: 'a' }])).toBe(true);
  });

  it('$gt and friends compare times as instants, whatever the offset and precision', () => {
    expect(passes({ $gte: '2026-11-21T09:00:00+05:00', $lte: '2026-11-21T09:00:00+05:00' }, '2026-11-21T04:00:00.000Z')).toBe(true);
    expect(passes({ $gt: '2026-11-21T09:00:00+05:00' }, '2026-11-21T04:00:00Z')).toBe(false);
    expect(passes({ $gte: 4 }, 5)).toBe(true);
  });

  it('$equals is exact; $not, $oneOf, $type, $length, $each, $match compose', () => {
    expect(passes({ $equals: { ok: true } }, { ok: true, id: 'x' })).toBe(false);
    expect(passes({ $not: 'a', $oneOf: ['b', 'c'], $match: '^[bc]$', $type: 'string', $length: 1 }, 'b')).toBe(true);
    expect(passes({ $each: { $type: 'integer' } }, [1, 2.5])).toBe(false);
  });

  it('a mismatch says where, what was expected and what was there', () => {
    const text = describeMismatches(match({ error: { fields: { 'action.tags': 'x' } }, data: [{ n: 1 }] }, { error: { fields: {} }, data: [{ n: 2 }] }), 'body');
    expect(text).toBe('body.error.fields["action.tags"]: expected "x", got nothing (no such key)\nbody.data[0].n: expected 1, got 2');
  });
});

describe('paths', () => {
  const pipeline = { stages: [{ id: 'st_1', type: 'open' }, { id: 'st_2', type: 'won' }], fields: { 'a.b': 1 } };

  it('follow keys, indexes, [key=value] and quoted keys', () => {
    expect(follow(pipeline, parsePath('stages[type=won].id'))).toEqual({ found: true, value: 'st_2' });
    expect(follow(pipeline, parsePath('stages[0].id'))).toEqual({ found: true, value: 'st_1' });
    expect(follow(pipeline, parsePath('fields["a.b"]'))).toEqual({ found: true, value: 1 });
  });

  it('say which part leads nowhere', () => {
    expect(follow(pipeline, parsePath('stages[type=lost].id'))).toEqual({ found: false, missing: 'stages[type=lost]' });
  });
});
