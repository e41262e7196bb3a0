// Times written another way: at the offset +05:00 (Tashkent) instead of Z, with six fractional
// digits instead of three, the instant the same, in answers and in event payloads. Custom values
// are left as they are: a custom `datetime` is "stored in UTC" (spec 2.11).
import { mapObjects, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

/** An RFC 3339 time: date, time, optional fraction, offset. */
const TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$/;
const OFFSET_MINUTES = 5 * 60;
const OFFSET = '+05:00';
const FRACTION_DIGITS = 6;

/** The same instant at +05:00 with at least six fractional digits (the digits sent are all kept). */
export function tashkentTime(text: string): string {
  const match = TIME.exec(text);
  if (!match) return text;
  const [, seconds, fraction = '', offset] = match;
  const utcMs = Date.parse(`${seconds}${offset!.toUpperCase()}`);
  if (Number.isNaN(utcMs)) return text;
  const local = new Date(utcMs + OFFSET_MINUTES * 60_000).toISOString().slice(0, 19);
  return `${local}.${fraction.padEnd(FRACTION_DIGITS, '0')}${OFFSET}`;
}

function rewriteTimes(value: unknown): unknown {
  return mapObjects(value, (object) => Object.fromEntries(Object.entries(object).map(([key, item]) => [key, timesIn(item)])), ['custom']);
}

/** Strings (and strings in arrays) rewritten; objects are reached by mapObjects itself. */
function timesIn(item: unknown): unknown {
  if (typeof item === 'string') return tashkentTime(item);
  if (Array.isArray(item)) return item.map(timesIn);
  return item;
}

export const timeForm: OtherReading = {
  name: 'time-form',
  description: 'Times are written at +05:00 with six fractional digits (the same instant), in answers and event payloads.',
  leftOpenBy: 'Spec 2.1: "RFC 3339 strings with fractional seconds; the number of fractional digits varies"; RFC 3339 lets any offset stand.',
  wrap: (next) => rewritingJsonAnswers(next, (body) => rewriteTimes(body)),
  alterDelivered: rewriteTimes,
};
