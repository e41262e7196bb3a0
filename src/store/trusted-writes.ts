// Writes of data the mock generates itself (the demo seed, `crmkit mock --seed`, `createWorkspace({
// seed })`) skip the checks against the document that every request's writes get: each stored
// record against its table's schema (table.ts) and each event against its `webhooks/{type}`
// schema (build-event.ts). Those checks compile a validator per record and event type, about
// 300 ms of a seed's 700 (issue 14: start-up of a test file); a test file then compiles only the
// ones its own requests write. test/mock/seed.test.ts holds every record and event of a seeded
// workspace to the same schemas, so a seed that breaks the document still fails there.
//
// Trust belongs to one workspace (marked by its Transactions, which every table of it holds) and
// only while `work` runs: a seeded workspace is new, and no credential reaches it before then.
import type { Transactions } from './transactions.ts';

const trusted = new WeakSet<Transactions>();

export function isTrusted(transactions: Transactions): boolean {
  return trusted.has(transactions);
}

export async function withTrustedWrites<T>(transactions: Transactions, work: () => Promise<T>): Promise<T> {
  trusted.add(transactions);
  try {
    return await work();
  } finally {
    trusted.delete(transactions);
  }
}
