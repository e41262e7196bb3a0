// conformance/same-json.ts: JSON compared as JSON means it, keys in any order and times as instants.
import { describe, expect, it } from 'vitest';
import { instantOf, sameJson } from '../../conformance/same-json.ts';

describe('sameJson', () => {
  it('takes objects whatever the order of their keys, and times at any offset and with any digits', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameJson({ at: '2026-11-20T09:00:00.120Z' }, { at: '2026-11-20T14:00:00.120000000+05:00' })).toBe(true);
  });

  it('tells apart other values, other instants, other list orders, a key more', () => {
    expect(sameJson({ at: '2026-11-20T09:00:00.120Z' }, { at: '2026-11-20T09:00:00.121Z' })).toBe(false);
    expect(sameJson({ at: '2026-11-20T09:00:00.1200001Z' }, { at: '2026-11-20T09:00:00.12Z' })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: '1' }, { a: 1 })).toBe(false);
  });

  it('reads an instant only from an RFC 3339 time', () => {
    expect(instantOf('2026-11-20')).toBeUndefined();
    expect(instantOf('2026-11-20T09:00:00.5Z')).toBe(instantOf('2026-11-20T10:00:00.50+01:00'));
  });
});
