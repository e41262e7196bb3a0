// One collection of records of one workspace: an @msw/data Collection (records checked against
// the document's schema) plus lookups of our own, because the collection scans an array and
// a mock with 100,000 leads must still find one by id, number, phone or email in O(1).
//
// Writes go through the table so that its lookups stay true; the collection is there for
// MSW users' queries (`findMany(q => q.where(...))`) and inspection.
import { Collection } from '@msw/data';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Transactions } from './transactions.ts';

type LookupKey = string | number;

/** The keys a record is found under in one lookup: a number, a phone, every email... */
export type KeysOf<T> = (record: T) => LookupKey | null | undefined | readonly LookupKey[];

export type TableOptions<T> = {
  schema: StandardSchemaV1<T, T>;
  lookups?: Record<string, KeysOf<T>>;
  /** The workspace's transactions, which journal every write so that a failed request leaves nothing. */
  transactions?: Transactions;
};

type Lookup<T> = { keysOf: KeysOf<T>; ids: Map<LookupKey, Set<string>> };

export class Table<T extends { id: string }> {
  readonly collection: Collection<StandardSchemaV1<T, T>>;
  readonly #byId = new Map<string, T>();
  /** Ids in ascending order, which is creation order: lists run newest first from the end. */
  readonly #ids: string[] = [];
  readonly #lookups = new Map<string, Lookup<T>>();
  readonly #transactions: Transactions;

  constructor(options: TableOptions<T>) {
    this.collection = new Collection({ schema: options.schema });
    this.#transactions = options.transactions ?? new Transactions();
    for (const [name, keysOf] of Object.entries(options.lookups ?? {})) this.#lookups.set(name, { keysOf, ids: new Map() });
  }

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** Every record found under `key` in the lookup `name`, oldest first. */
  findBy(name: string, key: LookupKey): T[] {
    const ids = this.#lookup(name).ids.get(key);
    return ids ? [...ids].sort().map((id) => this.#byId.get(id)!) : [];
  }

  firstBy(name: string, key: LookupKey): T | undefined {
    return this.findBy(name, key)[0];
  }

  async insert(values: T): Promise<T> {
    if (this.#byId.has(values.id)) throw new Error(`record ${values.id} exists`);
    const record = await this.#add(values);
    this.#transactions.recordUndo(async () => this.#drop(record.id));
    return record;
  }

  /** Applies `change` to a draft of the record; the result is checked against the schema. */
  async update(id: string, change: (draft: T) => void): Promise<T> {
    const previous = this.#byId.get(id);
    if (!previous) throw new Error(`no record ${id}`);
    const next = (await this.collection.update(previous as never, { data: change as never, strict: true })) as T;
    this.#unindex(previous);
    this.#byId.set(id, next);
    this.#index(next);
    this.#transactions.recordUndo(async () => {
      this.#drop(id);
      await this.#add(previous);
    });
    return next;
  }

  /** Removes a record for good (trash is a field of the record, not this). */
  remove(id: string): void {
    const record = this.#byId.get(id);
    if (!record) return;
    this.#drop(id);
    this.#transactions.recordUndo(async () => void (await this.#add(record)));
  }

  /** Records newest first, starting after the record `afterId` when given. */
  *newestFirst(afterId?: string): Generator<T> {
    let position = afterId === undefined ? this.#ids.length : this.#positionOf(afterId);
    while (--position >= 0) yield this.#byId.get(this.#ids[position]!)!;
  }

  values(): IterableIterator<T> {
    return this.#byId.values();
  }

  clear(): void {
    this.collection.clear();
    this.#byId.clear();
    this.#ids.length = 0;
    for (const lookup of this.#lookups.values()) lookup.ids.clear();
  }

  async #add(values: T): Promise<T> {
    const record = (await this.collection.create(values)) as T;
    this.#byId.set(record.id, record);
    this.#insertId(record.id);
    this.#index(record);
    return record;
  }

  #drop(id: string): void {
    const record = this.#byId.get(id)!;
    this.collection.delete(record as never);
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
        let set = ids.get(key);
        if (!set) ids.set(key, (set = new Set()));
        set.add(record.id);
      }
    }
  }

  #unindex(record: T): void {
    for (const { keysOf, ids } of this.#lookups.values()) {
      for (const key of keysList(keysOf(record))) {
        const set = ids.get(key);
        set?.delete(record.id);
        if (set?.size === 0) ids.delete(key);
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
