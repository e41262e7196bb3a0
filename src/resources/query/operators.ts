// Which operators each field type takes (spec 4.13: "which apply depends on the field type"), and
// each operator as a test of a field's stored value. A list-valued field (phones, tags,
// multiselect) meets a condition when one of its values does; `all` asks for every value listed.
// The negative operators are the negation of their positive twin: `neq` holds for an empty value,
// as "is not X" reads.
import type { Operator } from './query-document.ts';
import { boundedRegex, type RegexWork } from './bounded-regex.ts';
import { invalidQuery } from './query-errors.ts';
import type { Condition } from './query-tree.ts';
import type { CatalogField, FieldType } from './query-fields.ts';
import {
  booleanOperand,
  calendarOperand,
  foldStored,
  foldStoredPart,
  hourOf,
  isEmptyValue,
  KIND,
  listOperand,
  orderedOf,
  partOperand,
  rangeOperand,
  stringOperand,
  weekdayOf,
  type Kind,
  type OperandContext,
  type Range,
} from './query-values.ts';
import { phoneticCodes, soundsLike } from './sounds-like.ts';

const TEXT: Operator[] = [
  'eq',
  'neq',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'starts',
  'ends',
  'empty',
  'not_empty',
  'regex',
  'sounds_like',
  'duplicate',
];
const STRING: Operator[] = TEXT.filter((op) => op !== 'sounds_like');
const CHOICE: Operator[] = ['eq', 'neq', 'in', 'not_in', 'empty', 'not_empty'];
const SET: Operator[] = ['in', 'not_in', 'all', 'empty', 'not_empty'];
const NUMBER: Operator[] = ['eq', 'neq', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'not_empty'];
const DATE: Operator[] = ['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'not_empty', 'weekday'];

export const OPERATORS: Readonly<Record<FieldType, readonly Operator[]>> = {
  text: TEXT,
  long_text: TEXT,
  url: STRING,
  phone: STRING,
  email: STRING,
  select: CHOICE,
  id: CHOICE,
  member: CHOICE,
  checkbox: ['eq', 'neq', 'empty', 'not_empty'],
  multiselect: SET,
  tags: SET,
  number: NUMBER,
  money: NUMBER,
  rating: NUMBER,
  date: DATE,
  datetime: [...DATE, 'hour'],
};

/** A role that sees masked phones and emails matches them only by their exact full value (spec 7.3). */
export const MASKED_TYPES: ReadonlySet<FieldType> = new Set(['phone', 'email']);
const EXACT_OPERATORS: ReadonlySet<Operator> = new Set(CHOICE);

export function operatorsFor(field: CatalogField, masked: boolean): Operator[] {
  const all = OPERATORS[field.type];
  return masked && MASKED_TYPES.has(field.type) ? all.filter((op) => EXACT_OPERATORS.has(op)) : [...all];
}

export function isMaskedUse(field: CatalogField, op: Operator): boolean {
  return MASKED_TYPES.has(field.type) && !EXACT_OPERATORS.has(op);
}

/** Lists of tags and options have no order; phones and emails sort by their first. */
export function isSortable(field: CatalogField): boolean {
  return field.type !== 'tags' && field.type !== 'multiselect';
}

// ---- tests -------------------------------------------------------------------------------------

export type ValueTest = (value: unknown) => boolean;

export type TestContext = OperandContext & {
  /** Keys (folded values) that more than one live record of the entity holds under `field`. */
  sharedKeys(field: CatalogField): ReadonlySet<string>;
  /** What this query's regex tests have spent of their one budget (bounded-regex.ts). */
  regexWork: RegexWork;
};

const NEGATIVE: Partial<Record<Operator, Operator>> = { neq: 'eq', not_in: 'in', not_contains: 'contains', not_empty: 'empty' };

/** The condition as a test of the field's stored value, its `not` applied. */
export function valueTest(condition: Condition, field: CatalogField, context: TestContext): ValueTest {
  if (!OPERATORS[field.type].includes(condition.op)) {
    throw invalidQuery(
      `${condition.path}.op`,
      `${condition.op} does not apply to ${field.field} (a ${field.type} field); it takes ${OPERATORS[field.type].join(', ')}`,
    );
  }
  const positive = NEGATIVE[condition.op];
  const test = positiveTest(positive ?? condition.op, condition, field, context);
  const negated = (positive !== undefined) !== condition.not;
  return negated ? (value) => !test(value) : test;
}

function positiveTest(op: Operator, condition: Condition, field: CatalogField, context: TestContext): ValueTest {
  const { value } = condition;
  if (op === 'empty') return isEmptyValue;
  if (field.type === 'checkbox') {
    const wanted = booleanOperand(value, context.path);
    return (stored) => (stored === true) === wanted; // an unset checkbox is unchecked
  }
  if (op === 'all') {
    const keys = listOperand(value, context.path).map((item) => stringOperand(field.type, item, context));
    return (stored) => {
      const held = new Set(
        valuesOf(stored)
          .filter((item) => typeof item === 'string')
          .map((item) => foldStored(field.type, item)),
      );
      return keys.every((key) => held.has(key));
    };
  }
  const element = elementTest(op, value, field, context);
  return (stored) => (Array.isArray(stored) ? stored.some(element) : stored !== null && stored !== undefined && element(stored));
}

function elementTest(op: Operator, value: unknown, field: CatalogField, context: TestContext): ValueTest {
  const kind = KIND[field.type];
  if (kind === 'string') return stringTest(op, value, field, context);
  if (op === 'weekday' || op === 'hour') {
    const wanted = calendarOperand(op, value, context.path);
    return (stored) => {
      const ordered = orderedOf(kind, stored);
      return ordered !== undefined && wanted.has(op === 'weekday' ? weekdayOf(kind, ordered) : hourOf(ordered));
    };
  }
  const within = rangeTest(op, value, kind, context.path);
  return (stored) => {
    const ordered = orderedOf(kind, stored);
    return ordered !== undefined && within(ordered);
  };
}

function stringTest(op: Operator, value: unknown, field: CatalogField, context: TestContext): ValueTest {
  const { type } = field;
  const isString = (stored: unknown): stored is string => typeof stored === 'string';
  switch (op) {
    case 'eq': {
      const key = stringOperand(type, value, context);
      return (stored) => isString(stored) && foldStored(type, stored) === key;
    }
    case 'in': {
      const keys = new Set(listOperand(value, context.path).map((item) => stringOperand(type, item, context)));
      return (stored) => isString(stored) && keys.has(foldStored(type, stored));
    }
    case 'contains':
    case 'starts':
    case 'ends': {
      const part = partOperand(type, value, context);
      const found =
        op === 'contains'
          ? (text: string) => text.includes(part)
          : op === 'starts'
            ? (text: string) => text.startsWith(part)
            : (text: string) => text.endsWith(part);
      return (stored) => isString(stored) && found(foldStoredPart(type, stored));
    }
    case 'regex': {
      const matches = boundedRegex(value as string, context.path, context.regexWork);
      return (stored) => isString(stored) && matches(stored);
    }
    case 'sounds_like': {
      const codes = phoneticCodes(String(value ?? ''));
      if (typeof value !== 'string' || codes.length === 0)
        throw invalidQuery(`${context.path}.value`, 'sounds_like takes a name with letters');
      return (stored) => isString(stored) && soundsLike(stored, codes);
    }
    case 'duplicate': {
      const shared = context.sharedKeys(field);
      return (stored) => isString(stored) && shared.has(foldStored(type, stored));
    }
    default:
      throw new Error(`no string test for ${op}`);
  }
}

function rangeTest(op: Operator, value: unknown, kind: Kind, path: string): (ordered: number) => boolean {
  if (op === 'in') {
    const ranges = listOperand(value, path).map((item) => rangeOperand(kind, item, path));
    return (ordered) => ranges.some((range) => ordered >= range.lo && ordered <= range.hi);
  }
  if (op === 'between') return betweenTest(value, kind, path);
  const range = rangeOperand(kind, value, path);
  switch (op) {
    case 'eq':
      return (ordered) => ordered >= range.lo && ordered <= range.hi;
    case 'gt':
      return (ordered) => ordered > range.hi;
    case 'gte':
      return (ordered) => ordered >= range.lo;
    case 'lt':
      return (ordered) => ordered < range.lo;
    case 'lte':
      return (ordered) => ordered <= range.hi;
    default:
      throw new Error(`no range test for ${op}`);
  }
}

/** Both ends included; a date end includes its whole day. */
function betweenTest(value: unknown, kind: Kind, path: string): (ordered: number) => boolean {
  if (!Array.isArray(value) || value.length !== 2) throw invalidQuery(`${path}.value`, 'between takes [from, to]');
  const [from, to] = value.map((item): Range => rangeOperand(kind, item, path)) as [Range, Range];
  if (from.lo > to.hi) throw invalidQuery(`${path}.value`, 'between takes [from, to] with from not after to');
  return (ordered) => ordered >= from.lo && ordered <= to.hi;
}

function valuesOf(stored: unknown): unknown[] {
  return Array.isArray(stored) ? stored : stored === null || stored === undefined ? [] : [stored];
}
