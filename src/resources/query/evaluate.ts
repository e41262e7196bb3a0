// A parsed filter as one test of a stored record: groups `and` / `or` their conditions, cheap
// conditions first so that a regex or a phonetic match runs only on what the rest let through;
// trashed records (`deleted_at` set) never match (spec 2.1). Records a lookup can name (a stage,
// a contact, a number...) are the only candidates of a query that requires one of them.
import type { Table } from '../../store/table.ts';
import type { Operator } from './query-document.ts';
import type { EntityInfo, QueryRecord } from './query-entities.ts';
import { invalidQuery, maskedFilter } from './query-errors.ts';
import type { CatalogField, FieldCatalog, ReadEnv } from './query-fields.ts';
import type { Condition, Group } from './query-tree.ts';
import { foldStored, KIND, stringOperand } from './query-values.ts';
import { RegexWork } from './bounded-regex.ts';
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

type Compiled = { test: Predicate | undefined; cost: number };

/** Rough relative costs: what runs first inside a group. */
const COST: Partial<Record<Operator, number>> = {
  contains: 4,
  not_contains: 4,
  starts: 3,
  ends: 3,
  duplicate: 3,
  regex: 20,
  sounds_like: 30,
};

/**
 * The filter as one test. Every condition is checked, in the body's order; `satisfied` is a
 * condition of the top group that the candidates already meet (see `lookupCondition`), left out
 * of the test.
 */
export function compileFilter(where: Group, context: FilterContext, satisfied?: Condition): Predicate {
  const { test } = new Compiler(context, satisfied).group(where);
  return test ? (record) => record.deleted_at === null && test(record) : (record) => record.deleted_at === null;
}

export function lookupField(catalog: FieldCatalog, name: string, path: string): CatalogField {
  const field = catalog.byName.get(name);
  if (!field) throw invalidQuery(path, `no field ${name}: GET the fields route for the fields that can be filtered and sorted`);
  return field;
}

class Compiler {
  readonly #context: FilterContext;
  readonly #satisfied: Condition | undefined;
  /** `duplicate` scans every record once per field, however many conditions ask. */
  readonly #shared = new Map<string, ReadonlySet<string>>();
  /** Every regex condition of the filter draws on one budget (bounded-regex.ts). */
  readonly #regexWork = new RegexWork();

  constructor(context: FilterContext, satisfied: Condition | undefined) {
    this.#context = context;
    this.#satisfied = satisfied;
  }

  group(group: Group): Compiled {
    const parts = group.conditions
      .map((node) => ({ node, compiled: node.kind === 'group' ? this.group(node) : this.condition(node) }))
      .filter(({ node, compiled }) => node !== this.#satisfied && compiled.test !== undefined)
      .map(({ compiled }) => compiled)
      .sort((a, b) => a.cost - b.cost);
    const tests = parts.map((part) => part.test!);
    const cost = parts.reduce((sum, part) => sum + part.cost, 0);
    if (tests.length <= 1) return { test: tests[0], cost };
    return { test: group.op === 'and' ? every(tests) : some(tests), cost };
  }

  condition(condition: Condition): Compiled {
    const context = this.#context;
    const field = lookupField(context.catalog, condition.field, `${condition.path}.field`);
    if (context.masked && isMaskedUse(field, condition.op)) throw maskedFilter(condition.path, field.field);
    const sharedKeys = (of: CatalogField) => this.#sharedKeys(of);
    const test = valueTest(condition, field, { memberId: context.memberId, path: condition.path, sharedKeys, regexWork: this.#regexWork });
    const { env } = context;
    const read = field.read;
    // Parts of other records (`contact.phones`) cost a lookup more than the record's own fields.
    const cost = (COST[condition.op] ?? 1) + (field.field.includes('.') ? 2 : 0);
    return { test: (record) => test(read(record, env)), cost };
  }

  #sharedKeys(field: CatalogField): ReadonlySet<string> {
    let keys = this.#shared.get(field.field);
    if (!keys) this.#shared.set(field.field, (keys = keysHeldTwice(field, this.#context)));
    return keys;
  }
}

function every(tests: Predicate[]): Predicate {
  return (record) => {
    for (const test of tests) if (!test(record)) return false;
    return true;
  };
}

function some(tests: Predicate[]): Predicate {
  return (record) => {
    for (const test of tests) if (test(record)) return true;
    return false;
  };
}

/** Values (as compared) that two or more live records hold: a record counts a value once. */
function keysHeldTwice(field: CatalogField, context: FilterContext): ReadonlySet<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const record of context.records()) {
    if (record.deleted_at !== null) continue;
    const stored = field.read(record, context.env);
    const values = Array.isArray(stored) ? stored : [stored];
    const keys = new Set(
      values.filter((value): value is string => typeof value === 'string' && value !== '').map((value) => foldStored(field.type, value)),
    );
    for (const key of keys) (seen.has(key) ? twice : seen).add(key);
  }
  return twice;
}

/**
 * A condition the whole filter requires that a table lookup answers (`eq` or `in` on a lead's
 * stage, contact, company or number, a contact's phones...): its records are the only candidates.
 */
export function lookupCondition(where: Group, info: EntityInfo): Condition | undefined {
  const required = where.op === 'and' || where.conditions.length === 1 ? where.conditions : [];
  return required.find(
    (node): node is Condition =>
      node.kind === 'condition' && !node.not && (node.op === 'eq' || node.op === 'in') && info.lookups[node.field] !== undefined,
  );
}

/** The records under the condition's values, each once; without one, every record. */
export function candidates(
  table: Table<QueryRecord>,
  info: EntityInfo,
  condition: Condition | undefined,
  context: FilterContext,
): Iterable<QueryRecord> {
  if (!condition) return table.values();
  const lookup = info.lookups[condition.field]!;
  const field = lookupField(context.catalog, condition.field, condition.path);
  // Keys as the lookup holds them: the operand in its stored spelling (short id prefix, normalized phone...).
  const keys = (Array.isArray(condition.value) ? condition.value : [condition.value]).map((value) =>
    KIND[field.type] === 'number' ? Number(value) : stringOperand(field.type, value, { memberId: context.memberId, path: condition.path }),
  );
  if (keys.length === 1) return table.eachBy(lookup, keys[0]!);
  const found = new Map<string, QueryRecord>();
  for (const key of keys) for (const record of table.eachBy(lookup, key)) found.set(record.id, record);
  return found.values();
}
