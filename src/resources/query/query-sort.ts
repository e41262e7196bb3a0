// The order of a query's answer (spec 4.13 `sort`: up to 5 keys `{field, dir}`): keys in order,
// empty values last whichever the direction, text by the collator ignoring case, numbers inside
// text by value, lists (phones, emails) by their first value; ties, and a query without `sort`,
// newest first, as every list of records (spec 4.13). Cursors carry the last record's keys, so a
// page starts right after it even when that record has since changed.
import type { CursorPosition } from '../../store/cursor.ts';
import { invalidQuery, maskedSort } from './query-errors.ts';
import type { QueryRecord } from './query-entities.ts';
import type { CatalogField, FieldCatalog, ReadEnv } from './query-fields.ts';
import type { SortKey } from './query-tree.ts';
import { KIND, orderedOf } from './query-values.ts';
import { isSortable, MASKED_TYPES } from './operators.ts';
import { lookupField } from './evaluate.ts';

export type SortSpec = { field: CatalogField; dir: 'asc' | 'desc' };

type Key = string | number | null;

export type Ordered = {
  records: QueryRecord[];
  positionOf(record: QueryRecord): CursorPosition;
  compare(a: CursorPosition, b: CursorPosition): number;
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function resolveSort(keys: readonly SortKey[], catalog: FieldCatalog, masked: boolean): SortSpec[] {
  return keys.map((key) => {
    const field = lookupField(catalog, key.field, `${key.path}.field`);
    if (!isSortable(field)) throw invalidQuery(`${key.path}.field`, `${field.field} (a ${field.type} field) cannot be sorted by`);
    if (masked && MASKED_TYPES.has(field.type)) throw maskedSort(key.path, field.field);
    return { field, dir: key.dir };
  });
}

export function orderRecords(records: QueryRecord[], specs: readonly SortSpec[], env: ReadEnv): Ordered {
  if (specs.length === 0) return newestFirst(records);
  const keysOf = new Map<QueryRecord, Key[]>();
  for (const record of records)
    keysOf.set(
      record,
      specs.map((spec) => sortKey(spec.field, record, env)),
    );
  const byKeys = (a: Key[], b: Key[], idA: string, idB: string) => compareKeys(a, b, specs) || (idA < idB ? 1 : idA > idB ? -1 : 0);
  const sorted = [...records].sort((a, b) => byKeys(keysOf.get(a)!, keysOf.get(b)!, a.id, b.id));
  const parsed = new Map<string, Key[]>();
  const keysAt = (position: CursorPosition): Key[] => {
    const text = typeof position.sortValue === 'string' ? position.sortValue : '[]';
    let keys = parsed.get(text);
    if (!keys) parsed.set(text, (keys = parseKeys(text)));
    return keys;
  };
  return {
    records: sorted,
    positionOf: (record) => ({
      id: record.id,
      sortValue: JSON.stringify(keysOf.get(record) ?? specs.map((spec) => sortKey(spec.field, record, env))),
    }),
    compare: (a, b) => byKeys(keysAt(a), keysAt(b), a.id, b.id),
  };
}

/** Without sort keys: ids descending, which is newest first (ids sort by creation, spec 2.1). */
function newestFirst(records: QueryRecord[]): Ordered {
  const byId = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return {
    records: records.sort((a, b) => byId(a.id, b.id)),
    positionOf: (record) => ({ id: record.id }),
    compare: (a, b) => byId(a.id, b.id),
  };
}

function sortKey(field: CatalogField, record: QueryRecord, env: ReadEnv): Key {
  const stored = field.read(record, env);
  const value = Array.isArray(stored) ? stored[0] : stored;
  if (value === null || value === undefined || value === '') return null;
  const kind = KIND[field.type];
  if (kind === 'boolean') return value === true ? 1 : 0;
  if (kind === 'string') return String(value);
  return orderedOf(kind, value) ?? null;
}

function compareKeys(a: readonly Key[], b: readonly Key[], specs: readonly SortSpec[]): number {
  for (let i = 0; i < specs.length; i++) {
    const [x, y] = [a[i] ?? null, b[i] ?? null];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    if (order !== 0) return specs[i]!.dir === 'asc' ? order : -order;
  }
  return 0;
}

/** A cursor's keys; anything else than a list of keys reads as no keys (the signature already vouched for it). */
function parseKeys(text: string): Key[] {
  const keys = JSON.parse(text) as unknown;
  return Array.isArray(keys) ? (keys as Key[]) : [];
}
