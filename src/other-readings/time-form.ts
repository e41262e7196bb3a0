// Times written another way: at the offset +05:00 (Tashkent) instead of Z, with six fractional
// digits in answers and nine in deliveries instead of three (so that a delivered event and the
// same event in the delivery log differ in form too), the instant the same. Custom values are
// left as they are: a custom `datetime` is "stored in UTC" (spec 2.11).
import { mapObjects, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

/** An RFC 3339 time: date, time, optional fraction, offset. */
const TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$/;
const OFFSET_MINUTES = 5 * 60;
const OFFSET = '+05:00';
const ANSWER_DIGITS = 6;
const DELIVERY_DIGITS = 9;

/** The same instant at +05:00 with at least `digits` fractional digits (the digits sent are all kept). */
export function tashkentTime(text: string, digits = ANSWER_DIGITS): string {
  const match = TIME.exec(text);
  if (!match) return text;
  const [, seconds, fraction = '', offset] = match;
  const utcMs = Date.parse(`${seconds}${offset!.toUpperCase()}`);
  if (Number.isNaN(utcMs)) return text;
  const local = new Date(utcMs + OFFSET_MINUTES * 60_000).toISOString().slice(0, 19);
  return `${local}.${fraction.padEnd(digits, '0')}${OFFSET}`;
}

function rewriteTimes(value: unknown, digits: number): unknown {
  // Strings (and strings in arrays) rewritten; objects are reached by mapObjects itself.
  const timesIn = (item: unknown): unknown =>
    typeof item === 'string' ? tashkentTime(item, digits) : Array.isArray(item) ? item.map(timesIn) : item;
  const change = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).map(([key, item]) => [key, timesIn(item)]));
  return mapObjects(value, change, ['custom']);
}

export const timeForm: OtherReading = {
  name: 'time-form',
  description: 'Times are written at +05:00 (the same instant), with six fractional digits in answers and nine in deliveries.',
  leftOpenBy:
    'Spec 2.1: "RFC 3339 strings with fractional seconds; the number of fractional digits varies"; ' + 'RFC 3339 lets any offset stand.',
  wrap: (next) => rewritingJsonAnswers(next, (body) => rewriteTimes(body, ANSWER_DIGITS)),
  alterDelivered: (body) => rewriteTimes(body, DELIVERY_DIGITS),
};
