// A workspace table: records checked against the document, found by id and by lookups, kept
// in creation order.
import { Query } from '@msw/data';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../../src/spec/schema-validator.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { tableMaker } from '../../src/store/table-definition.ts';
import { leadTable, newStoredLead, type StoredLead } from '../../src/resources/leads/lead-record.ts';
import { noRecordNumbers } from '../../src/store/record-numbers.ts';
import { createIdFactory, type IdKind } from '../../src/ids/ids.ts';
import { RefusalAfterCommit, Transactions } from '../../src/store/transactions.ts';

const validators = { crm: createSchemaValidator(loadDocument('crm')), 'mock-control': createSchemaValidator(loadDocument('mock-control')) };
const newLeads = tableMaker(leadTable, validators);
const newId = createIdFactory();

/** Lead number `number`, made by the one maker of a stored lead, in a stage of no pipeline the table checks. */
function lead(number: number, changes: Partial<StoredLead> = {}): StoredLead {
  const at = new Date(Date.UTC(2026, 10, 22, 9, 0, number)).toISOString();
  const numbers = { ...noRecordNumbers(), lead: number - 1 };
  const workspace = { newId: (kind: IdKind) => newId(kind, Date.now()), numbers, currency: 'UZS' };
  const stage = { id: `st_${'0'.repeat(26)}`, pipeline_id: `pl_${'0'.repeat(26)}`, type: 'open' as const };
  return newStoredLead(workspace, stage, at, { position: number, ...changes });
}

describe('a table', () => {
  it('refuses a record that breaks the document schema', async () => {
    const leads = newLeads();
    await expect(leads.insert(lead(1, { amount: -5 }))).rejects.toThrow(/schema/);
    expect(leads.size).toBe(0);
  });

  it('is the only store: a write is seen by the MSW queries at once, and changes no record object it does not replace', async () => {
    const leads = newLeads();
    const first = await leads.insert(lead(1, { amount: 100 }));
    const second = await leads.insert(lead(2, { amount: 100 }));
    const changed = await leads.update(second.id, (draft) => void (draft.name = 'Changed'));
    expect(second.name).toBe('Lead #2');
    expect(leads.get(second.id)).toBe(changed);
    expect(leads.collection.findFirst((query) => query.where({ id: second.id }))).toBe(changed);
    expect(leads.collection.findFirst(new Query((record) => (record as StoredLead).amount === 100))?.id).toBe(first.id);
    expect(leads.collection.findMany().map((record) => record.name)).toEqual(['Lead #1', 'Changed']);
    leads.remove(first.id);
    expect(leads.collection.findMany().map((record) => record.id)).toEqual([second.id]);
  });

  it("keeps a copy of its own of what is inserted: the caller's object may change after", async () => {
    const leads = newLeads();
    const values = lead(1);
    const stored = await leads.insert(values);
    values.name = 'Changed by the caller';
    expect(leads.get(stored.id)?.name).toBe('Lead #1');
  });

  it("answers @msw/data's query options: take (from the newest when negative), skip, cursor, orderBy", async () => {
    const leads = newLeads();
    const made = [];
    for (const [number, amount] of [
      [1, 300],
      [2, 100],
      [3, 200],
      [4, 100],
    ] as const)
      made.push(await leads.insert(lead(number, { amount })));
    const numbers = (records: StoredLead[]) => records.map((record) => record.number);
    expect(numbers(leads.collection.findMany(undefined, { take: 2 }))).toEqual([1, 2]);
    expect(numbers(leads.collection.findMany(undefined, { take: -2 }))).toEqual([4, 3]);
    expect(numbers(leads.collection.findMany(undefined, { skip: 1, take: 2 }))).toEqual([2, 3]);
    expect(numbers(leads.collection.findMany(undefined, { cursor: made[2] }))).toEqual([3, 4]);
    expect(numbers(leads.collection.findMany(undefined, { orderBy: [{ amount: 'asc' }, { number: 'desc' }] }))).toEqual([4, 2, 3, 1]);
    expect(numbers(leads.collection.findMany((q) => q.where({ amount: 100 }), { orderBy: { number: 'desc' } }))).toEqual([4, 2]);
    expect(() => leads.collection.findMany((q) => q.where({ amount: 5 }), { strict: true })).toThrow();
  });

  it('stores a lead without the fields computed on read (owner, contact, company)', async () => {
    const leads = newLeads();
    const stored = await leads.insert(lead(1));
    expect(stored).not.toHaveProperty('owner');
    expect(leads.get(stored.id)).toEqual(stored);
  });

  it('finds records by number and by contact through its lookups', async () => {
    const leads = newLeads();
    const contact = `ct_${'1'.repeat(26)}`;
    const first = await leads.insert(lead(1, { contact_id: contact }));
    const second = await leads.insert(lead(2, { contact_id: contact }));
    expect(leads.firstBy('number', 2)?.id).toBe(second.id);
    expect(leads.findBy('contact', contact).map((record) => record.id)).toEqual([first.id, second.id]);
  });

  it('keeps its lookups true after an update and a removal', async () => {
    const leads = newLeads();
    const contact = `ct_${'1'.repeat(26)}`;
    const record = await leads.insert(lead(1, { contact_id: contact }));
    const updated = await leads.update(record.id, (draft) => {
      draft.contact_id = null;
      draft.name = 'Renamed';
    });
    expect(updated.name).toBe('Renamed');
    expect(leads.get(record.id)?.name).toBe('Renamed');
    expect(leads.findBy('contact', contact)).toEqual([]);
    leads.remove(record.id);
    expect(leads.firstBy('number', 1)).toBeUndefined();
    expect(leads.size).toBe(0);
  });

  it('refuses an update that would break the schema and keeps the record as it was', async () => {
    const leads = newLeads();
    const record = await leads.insert(lead(1));
    await expect(leads.update(record.id, (draft) => void (draft.currency = 'sum'))).rejects.toThrow();
    expect(leads.get(record.id)?.currency).toBe('UZS');
  });

  it('lists newest first, and from below a given id', async () => {
    const leads = newLeads();
    const ids = [];
    for (let number = 1; number <= 4; number++) ids.push((await leads.insert(lead(number))).id);
    expect([...leads.newestFirst()].map((record) => record.number)).toEqual([4, 3, 2, 1]);
    expect([...leads.newestFirst(ids[2])].map((record) => record.number)).toEqual([2, 1]);
  });

  it('lets MSW users query the underlying @msw/data collection', async () => {
    const leads = newLeads();
    await leads.insert(lead(1, { amount: 100 }));
    await leads.insert(lead(2, { amount: 900 }));
    const big = leads.collection.findMany((q) => q.where({ amount: (amount: number) => amount > 500 }));
    expect(big.map((record) => record.number)).toEqual([2]);
  });
});

describe('a transaction', () => {
  it('that fails leaves every table as it was: inserts, updates and removals undone', async () => {
    const transactions = new Transactions();
    const leads = newLeads(transactions);
    const kept = await leads.insert(lead(1));
    const removed = await leads.insert(lead(2));
    const failing = transactions.run(async () => {
      await leads.insert(lead(3));
      await leads.update(kept.id, (draft) => void (draft.name = 'Changed'));
      leads.remove(removed.id);
      throw new Error('the third step failed');
    });
    await expect(failing).rejects.toThrow('the third step failed');
    expect([...leads.newestFirst()].map((record) => [record.number, record.name])).toEqual([
      [2, 'Lead #2'],
      [1, 'Lead #1'],
    ]);
    expect(leads.firstBy('number', 3)).toBeUndefined();
  });

  it('that fails never runs what was to follow its commit', async () => {
    const transactions = new Transactions();
    const effects: string[] = [];
    await transactions.run(() => transactions.afterCommit(() => effects.push('committed')));
    await transactions
      .run(() => {
        transactions.afterCommit(() => effects.push('rolled back'));
        throw new Error('no');
      })
      .catch(() => {});
    expect(effects).toEqual(['committed']);
  });

  it('refused with RefusalAfterCommit keeps its writes and effects, and throws the refusal (spec 5.2: a reused code revokes its tokens)', async () => {
    const transactions = new Transactions();
    const leads = newLeads(transactions);
    const effects: string[] = [];
    const refusal = new Error('invalid_grant');
    const refused = transactions.run(async () => {
      await leads.insert(lead(1));
      transactions.afterCommit(() => effects.push('committed'));
      throw new RefusalAfterCommit(refusal);
    });
    await expect(refused).rejects.toBe(refusal);
    expect([...leads.newestFirst()].map((record) => record.number)).toEqual([1]);
    expect(effects).toEqual(['committed']);
  });

  it('runs one at a time in the order asked', async () => {
    const transactions = new Transactions();
    const steps: string[] = [];
    const slow = transactions.run(async () => {
      steps.push('a starts');
      await new Promise((resolve) => setTimeout(resolve, 20));
      steps.push('a ends');
    });
    const fast = transactions.run(() => void steps.push('b'));
    await Promise.all([slow, fast]);
    expect(steps).toEqual(['a starts', 'a ends', 'b']);
  });
});
