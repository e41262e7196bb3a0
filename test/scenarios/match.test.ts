// The expectations stories write (scenarios/runner/match.ts) and the paths they capture with.
import { describe, expect, it } from 'vitest';
import { describeMismatches, match, type MatchContext } from '../../scenarios/runner/match.ts';
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
    const text = describeMismatches(
      match({ error: { fields: { 'action.tags': 'x' } }, data: [{ n: 1 }] }, { error: { fields: {} }, data: [{ n: 2 }] }),
      'body',
    );
    expect(text).toBe('body.error.fields["action.tags"]: expected "x", got nothing (no such key)\nbody.data[0].n: expected 1, got 2');
  });
});

describe('$time and $instant', () => {
  const HOUR = 3_600_000;
  const timed = (expected: unknown, actual: unknown, time: MatchContext['time']) => match(expected, actual, '', { time });

  it('$time on a frozen mock clock is exactly that instant, whatever the offset and precision', () => {
    const exact = { exact: true } as const;
    expect(timed({ $time: '2026-11-20T09:00:00Z' }, '2026-11-20T14:00:00.000+05:00', exact)).toEqual([]);
    expect(timed({ $time: '2026-11-20T09:00:00Z' }, '2026-11-20T09:00:00.001Z', exact)[0]!.expected).toBe(
      "the instant 2026-11-20T09:00:00Z (the story's clock is frozen)",
    );
  });

  it("$time elsewhere is as far from the target's clock as the written time is from the story's, within the tolerance", () => {
    // The target's clock stands a day and an hour after the story's.
    const relative = { exact: false, shiftMs: 25 * HOUR, toleranceMs: 5 * 60_000 } as const;
    expect(timed({ $time: '2026-11-20T09:00:00Z' }, '2026-11-21T10:04:00.5Z', relative)).toEqual([]);
    const [late] = timed({ $time: '2026-11-20T09:00:00Z' }, '2026-11-21T10:06:00Z', relative);
    expect(late!.expected).toBe(
      "2026-11-21T10:00:00.000Z within 300 s (2026-11-20T09:00:00Z on the story's clock, read against the target's)",
    );
  });

  it('$time wants an RFC 3339 time with an offset, and a story clock to read it against', () => {
    expect(timed({ $time: '2026-11-20T09:00:00Z' }, '2026-11-20 09:00:00', { exact: true })).toHaveLength(1);
    expect(timed({ $time: '2026-11-20T09:00:00Z' }, 1763629200000, { exact: true })).toHaveLength(1);
    expect(timed({ $time: '2026-11-20T09:00:00Z' }, '2026-11-20T09:00:00Z', { unknown: 'was never set' })[0]!.expected).toContain(
      'was never set',
    );
  });

  it('$instant compares a time the story sent as an instant everywhere', () => {
    expect(passes({ $instant: '2027-03-10T15:00:00+05:00' }, '2027-03-10T10:00:00.000Z')).toBe(true);
    expect(passes({ $instant: '2027-03-10T15:00:00+05:00' }, '2027-03-10T15:00:00Z')).toBe(false);
  });
});

describe('paths', () => {
  const pipeline = {
    stages: [
      { id: 'st_1', type: 'open' },
      { id: 'st_2', type: 'won' },
    ],
    fields: { 'a.b': 1 },
  };

  it('follow keys, indexes, [key=value] and quoted keys', () => {
    expect(follow(pipeline, parsePath('stages[type=won].id'))).toEqual({ found: true, value: 'st_2' });
    expect(follow(pipeline, parsePath('stages[0].id'))).toEqual({ found: true, value: 'st_1' });
    expect(follow(pipeline, parsePath('fields["a.b"]'))).toEqual({ found: true, value: 1 });
  });

  it('say which part leads nowhere', () => {
    expect(follow(pipeline, parsePath('stages[type=lost].id'))).toEqual({ found: false, missing: 'stages[type=lost]' });
  });
});
