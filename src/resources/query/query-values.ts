// How values of each field type compare (spec 2.11 value table, 2.3-2.5): text ignoring case,
// tags as the catalog compares names, phones and emails in their stored spelling, ids with long
// prefixes accepted, money by its amount, times as instants and dates as days of the workspace
// calendar. Operands are read here too: a wrong one answers 422 `invalid_query` at its path.
import { normalizeId } from '../../ids/ids.ts';
import { normalizeEmail, normalizePhone } from '../../records/phones-and-emails.ts';
import { tagKey } from '../tags/tag-name.ts';
import { workspaceOffsetMinutes } from '../tasks/due-buckets.ts';
import { invalidQuery } from './query-errors.ts';
import type { FieldType } from './query-fields.ts';

export type Kind = 'string' | 'number' | 'time' | 'day' | 'boolean';

export const KIND: Record<FieldType, Kind> = {
  text: 'string',
  long_text: 'string',
  url: 'string',
  email: 'string',
  phone: 'string',
  select: 'string',
  multiselect: 'string',
  tags: 'string',
  id: 'string',
  member: 'string',
  number: 'number',
  money: 'number',
  rating: 'number',
  datetime: 'time',
  date: 'day',
  checkbox: 'boolean',
};

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A closed range of comparable numbers: a number is [n, n]; a day is every millisecond of it. */
export type Range = { lo: number; hi: number };

/** What the caller's words mean beyond the value itself: `me` in a member condition. */
export type OperandContext = { memberId: string | null; path: string };

// ---- stored values -----------------------------------------------------------------------------

/** A stored string as `eq` and `in` compare it. */
export function foldStored(type: FieldType, value: string): string {
  if (type === 'tags') return tagKey(value);
  if (type === 'text' || type === 'long_text' || type === 'url' || type === 'email') return value.toLowerCase();
  return value;
}

/** A stored string as `contains`, `starts` and `ends` compare it: phones by their digits. */
export function foldStoredPart(type: FieldType, value: string): string {
  return type === 'phone' ? value.replace(/\D/g, '') : foldStored(type, value);
}

/** The number a stored value compares as, or undefined when it has none. */
export function orderedOf(kind: Kind, value: unknown): number | undefined {
  if (kind === 'number') {
    if (typeof value === 'number') return value;
    const amount = (value as { amount?: unknown } | null)?.amount; // custom money {amount, currency}
    return typeof amount === 'number' ? amount : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const ms = kind === 'day' ? Date.parse(`${value.slice(0, 10)}T00:00:00Z`) : Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  return kind === 'day' ? Math.floor(ms / DAY_MS) : ms;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** Day of the week 1 (Monday) to 7 and hour 0 to 23 on the workspace calendar. */
export function weekdayOf(kind: Kind, ordered: number): number {
  const day = kind === 'day' ? ordered : Math.floor((ordered + offsetMs()) / DAY_MS);
  return ((((day + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday
}

export function hourOf(ms: number): number {
  return Math.floor(((((ms + offsetMs()) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
}

/** The workspace calendar's offset from UTC (one place for every area: tasks/due-buckets.ts). */
function offsetMs(): number {
  return workspaceOffsetMinutes() * 60_000;
}

// ---- operands ----------------------------------------------------------------------------------

export function scalarOperand(value: unknown, path: string): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw invalidQuery(`${path}.value`, 'this operator takes one value (a string, a number or a boolean)');
}

export function listOperand(value: unknown, path: string): unknown[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || value === undefined || value === null)
    throw invalidQuery(`${path}.value`, 'this operator takes a list of at least one value');
  return list;
}

/** An operand as `eq` and `in` compare it with stored strings. */
export function stringOperand(type: FieldType, value: unknown, context: OperandContext): string {
  const raw = scalarOperand(value, context.path);
  if (typeof raw === 'boolean') throw invalidQuery(`${context.path}.value`, `a ${type} value is a string`);
  const text = String(raw);
  switch (type) {
    case 'phone':
      return phoneOf(text);
    case 'email':
      return normalizeEmail(text);
    case 'member':
      return text === 'me' ? (context.memberId ?? '') : normalizeId(text.trim());
    case 'id':
      return normalizeId(text.trim());
    default:
      return foldStored(type, text);
  }
}

/** An operand of `contains`, `starts`, `ends`: a non-empty piece, phones by their digits. */
export function partOperand(type: FieldType, value: unknown, context: OperandContext): string {
  const raw = scalarOperand(value, context.path);
  const part = type === 'phone' ? String(raw).replace(/\D/g, '') : foldStored(type, String(raw));
  if (part === '')
    throw invalidQuery(`${context.path}.value`, type === 'phone' ? 'a piece of a phone holds digits' : 'the text looked for is not empty');
  return part;
}

export function booleanOperand(value: unknown, path: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalidQuery(`${path}.value`, 'a checkbox value is true or false');
}

/**
 * The range an operand of `eq`, `gt`, `between`... covers. A time is an RFC 3339 instant with an
 * offset (spec 2.1: a time sent must carry one) or a date, which stands for that whole day of the
 * workspace calendar; a date field takes dates.
 */
export function rangeOperand(kind: Kind, value: unknown, path: string): Range {
  const raw = scalarOperand(value, path);
  if (kind === 'number') {
    const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof number !== 'number' || !Number.isFinite(number)) throw invalidQuery(`${path}.value`, 'a number is expected');
    return { lo: number, hi: number };
  }
  const text = String(raw);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    const day = Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
    if (kind === 'day') return { lo: day, hi: day };
    const start = day * DAY_MS - offsetMs();
    return { lo: start, hi: start + DAY_MS - 1 };
  }
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text)
    ? Date.parse(text.toUpperCase())
    : Number.NaN;
  if (Number.isNaN(ms))
    throw invalidQuery(
      `${path}.value`,
      kind === 'day' ? 'a date YYYY-MM-DD is expected' : 'a time (RFC 3339 with an offset) or a date YYYY-MM-DD is expected',
    );
  if (kind === 'day') {
    const day = Math.floor((ms + offsetMs()) / DAY_MS);
    return { lo: day, hi: day };
  }
  return { lo: ms, hi: ms };
}

/** `weekday` takes 1 (Monday) to 7, `hour` 0 to 23, one or a list. */
export function calendarOperand(op: 'weekday' | 'hour', value: unknown, path: string): Set<number> {
  const [min, max] = op === 'weekday' ? [1, 7] : [0, 23];
  const list = listOperand(value, path);
  if (!list.every((item) => Number.isInteger(item) && (item as number) >= min && (item as number) <= max)) {
    throw invalidQuery(`${path}.value`, `${op} takes whole numbers from ${min} to ${max}${op === 'weekday' ? ' (1 is Monday)' : ''}`);
  }
  return new Set(list as number[]);
}

/** Like contact phones (spec 2.4); a number the contacts rule cannot read matches as sent. */
function phoneOf(text: string): string {
  try {
    return normalizePhone(text);
  } catch {
    return text.trim();
  }
}
