// Two JSON values compared as JSON means them, not as text: objects whatever the order of their
// keys (RFC 8259 leaves members unordered; the spec states no order), and times as the instants
// they name (spec 2.1: RFC 3339 with any offset, "the number of fractional digits varies").
// Everything else compares exactly.
import { isDeepStrictEqual } from 'node:util';

const TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|z|[+-]\d\d:\d\d)$/;

/** The instant a time names, to the last digit sent, as text (undefined for anything else). */
export function instantOf(value: unknown): string | undefined {
  const match = typeof value === 'string' ? TIME.exec(value) : null;
  if (!match) return undefined;
  const seconds = Date.parse(`${match[1]}${match[3]!.toUpperCase()}`);
  return Number.isNaN(seconds) ? undefined : `${seconds / 1000}.${(match[2] ?? '').replace(/0+$/, '')}`;
}

/** `value` with its times as their instants and its keys sorted, for comparing. */
function meaning(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(meaning);
  if (!value || typeof value !== 'object') return instantOf(value) ?? value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, meaning(object[key])]),
  );
}

export function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(meaning(a), meaning(b));
}
