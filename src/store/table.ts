// One collection of records of one workspace, the only store of them: records checked against the
// document's schema, found by id and by lookups (number, phone, email...) in O(1), kept in
// creation order. A write costs the same at 10 records and at 100,000 (issue 24). MSW users
// query it as an @msw/data collection (`collection.findMany(q => q.where(...))`,
// record-queries.ts), read-only: writes go through the table, so its lookups stay true.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { RecordQueries } from './record-queries.ts';
import { Transactions } from './transactions.ts';
import { isTrusted } from './trusted-writes.ts';

type LookupKey = string | number;

/** The keys a record is found under in one lookup: a number, a phone, every email... */
export type KeysOf<T> = (record: T) => LookupKey | null | undefined | readonly LookupKey[];

export type TableOptions<T> = {
  schema: StandardSchemaV1<T, T>;
  lookups?: Record<string, KeysOf<T>>;
  /** The workspace's transactions, which journal every write so that a failed request leaves nothing (and, for `--state`, so that a committed one survives a crash). */
  transactions?: Transactions;
};

// Most keys (a number, an email) name one record: a lone id is kept as a string, and a Set only
// when a second record shares the key. At 100,000 records that saves a Set per record per lookup.
type Ids = string | Set<string>;
type Lookup<T> = { keysOf: KeysOf<T>; ids: Map<LookupKey, Ids> };

export class Table<T extends { id: string }> {
  /** @msw/data's `findFirst` and `findMany` over the records, for MSW users' tests. */
  readonly collection: RecordQueries<T> = new RecordQueries(() => this.records());
  readonly #byId = new Map<string, T>();
  /** Ids in ascending order, which is creation order: lists run newest first from the end. */
  readonly #ids: string[] = [];
  readonly #lookups = new Map<string, Lookup<T>>();
  readonly #transactions: Transactions;
  readonly #schema: StandardSchemaV1<T, T>;
  #version = 0;

  constructor(options: TableOptions<T>) {
    this.#transactions = options.transactions ?? new Transactions();
    this.#schema = options.schema;
    for (const [name, keysOf] of Object.entries(options.lookups ?? {})) this.#lookups.set(name, { keysOf, ids: new Map() });
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Changes with every write: what was computed from the records at one version still holds. */
  get version(): number {
    return this.#version;
  }

  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** Every record found under `key` in the lookup `name`, oldest first. */
  findBy(name: string, key: LookupKey): T[] {
    const ids = this.#lookup(name).ids.get(key);
    if (ids === undefined) return [];
    if (typeof ids === 'string') return [this.#byId.get(ids)!];
    return [...ids].sort().map((id) => this.#byId.get(id)!);
  }

  firstBy(name: string, key: LookupKey): T | undefined {
    return this.findBy(name, key)[0];
  }

  /** Every record under `key`, in no particular order: for counts and scans that need no order. */
  *eachBy(name: string, key: LookupKey): Generator<T> {
    const ids = this.#lookup(name).ids.get(key);
    if (ids === undefined) return;
    if (typeof ids === 'string') yield this.#byId.get(ids)!;
    else for (const id of ids) yield this.#byId.get(id)!;
  }

  /** Stores the record; a table of several kinds of record (a union) answers with the kind given. */
  async insert<Kind extends T>(values: Kind): Promise<Kind> {
    if (this.#byId.has(values.id)) throw new Error(`record ${values.id} exists`);
    const record = (await this.#add(values)) as Kind;
    this.#transactions.recordUndo(async () => this.#drop(record.id));
    this.#transactions.recordWrite(this, record.id, record);
    return record;
  }

  /** Applies `change` to a draft of the record; the result is checked against the schema. */
  async update(id: string, change: (draft: T) => void): Promise<T> {
    const previous = this.#byId.get(id);
    if (!previous) throw new Error(`no record ${id}`);
    // A draft of its own: the stored record stays as it was for the undo, and for a failed check.
    const draft = structuredClone(previous);
    change(draft);
    const next = await this.#checked(draft);
    this.#version++;
    this.#unindex(previous);
    this.#byId.set(id, next);
    this.#index(next);
    this.#transactions.recordUndo(async () => {
      this.#drop(id);
      await this.#add(previous);
    });
    this.#transactions.recordWrite(this, id, next);
    return next;
  }

  /** Removes a record for good (trash is a field of the record, not this). */
  remove(id: string): void {
    const record = this.#byId.get(id);
    if (!record) return;
    this.#drop(id);
    this.#transactions.recordUndo(async () => void (await this.#add(record)));
    this.#transactions.recordWrite(this, id, null);
  }

  /** Records newest first, starting after the record `afterId` when given. */
  *newestFirst(afterId?: string): Generator<T> {
    let position = afterId === undefined ? this.#ids.length : this.#positionOf(afterId);
    while (--position >= 0) yield this.#byId.get(this.#ids[position]!)!;
  }

  values(): IterableIterator<T> {
    return this.#byId.values();
  }

  /** Every record in id order (creation order): what a snapshot of the table holds. */
  records(): T[] {
    return this.#ids.map((id) => this.#byId.get(id)!);
  }

  /** What the schema says against storing `record`; empty when it may be stored. */
  async problems(record: unknown): Promise<readonly StandardSchemaV1.Issue[]> {
    return (await this.#schema['~standard'].validate(record)).issues ?? [];
  }

  /** Replaces every record by `records`, each checked against the schema like any insert. */
  async load(records: readonly T[]): Promise<void> {
    this.clear();
    this.#version++;
    for (const record of records) {
      if (this.#byId.has(record.id)) throw new Error(`record ${record.id} appears twice`);
      await this.#add(record);
    }
  }

  clear(): void {
    this.#byId.clear();
    this.#ids.length = 0;
    for (const lookup of this.#lookups.values()) lookup.ids.clear();
  }

  /** The record as stored: checked against the schema, unless the mock's own generated data is written (trusted-writes.ts). */
  async #checked(values: T): Promise<T> {
    if (isTrusted(this.#transactions)) return values;
    const result = await this.#schema['~standard'].validate(values);
    if (result.issues) throw new Error(`the record does not match its schema: ${result.issues.map((issue) => issue.message).join('; ')}`);
    return result.value;
  }

  async #add(values: T): Promise<T> {
    // A copy of its own: the caller's object may change after, the stored record must not.
    const record = await this.#checked(structuredClone(values));
    this.#version++;
    this.#byId.set(record.id, record);
    this.#insertId(record.id);
    this.#index(record);
    return record;
  }

  #drop(id: string): void {
    this.#version++;
    const record = this.#byId.get(id)!;
    this.#unindex(record);
    this.#byId.delete(id);
    this.#ids.splice(this.#positionOf(id), 1);
  }

  #lookup(name: string): Lookup<T> {
    const lookup = this.#lookups.get(name);
    if (!lookup) throw new Error(`no lookup ${name}`);
    return lookup;
  }

  #index(record: T): void {
    for (const { keysOf, ids } of this.#lookups.values()) {
      for (const key of keysList(keysOf(record))) {
        const found = ids.get(key);
        if (found === undefined || found === record.id) ids.set(key, record.id);
        else if (typeof found === 'string') ids.set(key, new Set([found, record.id]));
        else found.add(record.id);
      }
    }
  }

  #unindex(record: T): void {
    for (const { keysOf, ids } of this.#lookups.values()) {
      for (const key of keysList(keysOf(record))) {
        const found = ids.get(key);
        if (found === record.id) ids.delete(key);
        else if (typeof found === 'object') {
          found.delete(record.id);
          if (found.size === 1) ids.set(key, found.values().next().value!);
        }
      }
    }
  }

  #insertId(id: string): void {
    const last = this.#ids[this.#ids.length - 1];
    if (last === undefined || last < id) this.#ids.push(id);
    else this.#ids.splice(this.#positionOf(id), 0, id);
  }

  /** Binary search: the index of `id`, or where it would go. */
  #positionOf(id: string): number {
    let low = 0;
    let high = this.#ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#ids[middle]! < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function keysList(keys: ReturnType<KeysOf<unknown>>): readonly LookupKey[] {
  if (keys === null || keys === undefined) return [];
  return Array.isArray(keys) ? keys : [keys as LookupKey];
}
