// A parsed filter as one test of a stored record: groups `and` / `or` their conditions, cheap
// conditions first so that a regex or a phonetic match runs only on what the rest let through;
// trashed records (`deleted_at` set) never match (spec 2.1). Records a lookup can name (a stage,
// a contact, a number...) are the only candidates of a query that requires one of them.
import { normalizeId } from '../../store/ids.ts';
import type { Table } from '../../store/table.ts';
import type { Operator } from './query-document.ts';
import type { EntityInfo, QueryRecord } from './query-entities.ts';
import { invalidQuery, maskedFilter } from './query-errors.ts';
import type { CatalogField, FieldCatalog, ReadEnv } from './query-fields.ts';
import type { Condition, Group, QueryNode } from './query-parse.ts';
import { foldStored } from './query-values.ts';
import { isMaskedUse, valueTest } from './operators.ts';

export type Predicate = (record: QueryRecord) => boolean;

export type FilterContext = {
  catalog: FieldCatalog;
  env: ReadEnv;
  /** The caller sees masked phones and emails (spec 7.3 `masked_filter`). */
  masked: boolean;
  memberId: string | null;
  /** Every record of the entity, for `duplicate`. */
  records(): Iterable<QueryRecord>;
};

type Compiled = { test: Predicate; cost: number };

/** Rough relative costs: what runs first inside a group. */
const COST: Partial<Record<Operator, number>> = { contains: 4, not_contains: 4, starts: 3, ends: 3, duplicate: 3, regex: 20, sounds_like: 30 };

export function compileFilter(where: Group, context: FilterContext): Predicate {
  const shared = new Map<string, ReadonlySet<string>>();
  const sharedKeys = (field: CatalogField) => {
    let keys = shared.get(field.field);
    if (!keys) shared.set(field.field, (keys = keysHeldTwice(field, context)));
    return keys;
  };
  const { test } = compileGroup(where, context, sharedKeys);
  return (record) => record.deleted_at === null && test(record);
}

export function lookupField(catalog: FieldCatalog, name: string, path: string): CatalogField {
  const field = catalog.byName.get(name);
  if (!field) throw invalidQuery(path, `no field ${name}: GET the fields route for the fields that can be filtered and sorted`);
  return field;
}

function compileNode(node: QueryNode, context: FilterContext, sharedKeys: (field: CatalogField) => ReadonlySet<string>): Compiled {
  return node.kind === 'group' ? compileGroup(node, context, sharedKeys) : compileCondition(node, context, sharedKeys);
}

function compileGroup(group: Group, context: FilterContext, sharedKeys: (field: CatalogField) => ReadonlySet<string>): Compiled {
  const parts = group.conditions.map((node) => compileNode(node, context, sharedKeys)).sort((a, b) => a.cost - b.cost);
  const tests = parts.map((part) => part.test);
  const cost = parts.reduce((sum, part) => sum + part.cost, 0);
  if (tests.length === 1) return { test: tests[0]!, cost };
  const test: Predicate =
    group.op === 'and'
      ? (record) => {
          for (const one of tests) if (!one(record)) return false;
          return true;
        }
      : (record) => {
          for (const one of tests) if (one(record)) return true;
          return false;
        };
  return { test, cost };
}

function compileCondition(condition: Condition, context: FilterContext, sharedKeys: (field: CatalogField) => ReadonlySet<string>): Compiled {
  const field = lookupField(context.catalog, condition.field, `${condition.path}.field`);
  if (context.masked && isMaskedUse(field, condition.op)) throw maskedFilter(condition.path, field.field);
  const test = valueTest(condition, field, { memberId: context.memberId, path: condition.path, sharedKeys });
  const { env } = context;
  const read = field.read;
  // Parts of other records (`contact.phones`) cost a lookup more than the record's own fields.
  const cost = (COST[condition.op] ?? 1) + (field.field.includes('.') ? 2 : 0);
  return { test: (record) => test(read(record, env)), cost };
}

/** Values (as compared) that two or more live records hold: a record counts a value once. */
function keysHeldTwice(field: CatalogField, context: FilterContext): ReadonlySet<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const record of context.records()) {
    if (record.deleted_at !== null) continue;
    const stored = field.read(record, context.env);
    const values = Array.isArray(stored) ? stored : [stored];
    const keys = new Set(values.filter((value): value is string => typeof value === 'string' && value !== '').map((value) => foldStored(field.type, value)));
    for (const key of keys) (seen.has(key) ? twice : seen).add(key);
  }
  return twice;
}

/**
 * The records worth testing: when the top group requires `eq` or `in` on a field with a table
 * lookup (a lead's stage, contact, company or number), only the records under those keys;
 * otherwise all of them.
 */
export function candidates(where: Group, info: EntityInfo, table: Table<QueryRecord>): Iterable<QueryRecord> {
  const required = where.op === 'and' || where.conditions.length === 1 ? where.conditions : [];
  const picked = required.find(
    (node): node is Condition => node.kind === 'condition' && !node.not && (node.op === 'eq' || node.op === 'in') && info.lookups[node.field] !== undefined,
  );
  if (!picked) return table.values();
  const lookup = info.lookups[picked.field]!;
  const keys = (Array.isArray(picked.value) ? picked.value : [picked.value]).map((key) => (picked.field === 'number' ? Number(key) : normalizeId(String(key))));
  if (keys.length === 1) return table.eachBy(lookup, keys[0]!);
  const found = new Map<string, QueryRecord>();
  for (const key of keys) for (const record of table.eachBy(lookup, key)) found.set(record.id, record);
  return found.values();
}
