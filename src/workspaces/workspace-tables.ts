// Every table of one workspace. Tables are per workspace, so nothing of another workspace can
// be found through them (spec 5.1: a credential sees exactly one workspace).
//
// The workspace knows no resource: each registers its tables here (src/resources/tables.ts,
// through src/resources/index.ts) before the mock makes its first workspace, and adds their types
// to WorkspaceTables by augmenting this module.
import { tableMaker, type RecordValidators, type TableDefinition } from '../store/table-definition.ts';
import type { Table } from '../store/table.ts';
import type { Transactions } from '../store/transactions.ts';

/** The tables by name; its members are declared by the resources that register them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorkspaceTables {}

type RecordOf<D> = D extends TableDefinition<infer T> ? T : never;

/** The tables a set of definitions makes, by name: what a resource adds to WorkspaceTables. */
export type TablesOf<Definitions> = { readonly [Name in keyof Definitions]: Table<RecordOf<Definitions[Name]>> };

const definitions = new Map<string, TableDefinition<any>>();

/** Adds tables to every workspace made from now on; a name is registered once. */
export function registerTables(tables: Record<string, TableDefinition<any>>): void {
  for (const [name, definition] of Object.entries(tables)) {
    if (definitions.has(name)) throw new Error(`the table ${name} is registered twice`);
    definitions.set(name, definition);
  }
}

/** The name a table has now that a snapshot of an earlier version gave it under another (`formerNames`). */
export function currentTableName(formerName: string): string | undefined {
  for (const [name, definition] of definitions) if (definition.formerNames?.includes(formerName)) return name;
  return undefined;
}

/** Compiles every registered record schema once; each call of the result makes a workspace's empty tables. */
export function workspaceTablesMaker(validators: RecordValidators): (transactions: Transactions) => WorkspaceTables {
  if (definitions.size === 0) throw new Error('no table is registered: import src/resources/index.ts before making a mock');
  const makers = [...definitions].map(([name, definition]) => [name, tableMaker(definition, validators)] as const);
  return (transactions) => Object.fromEntries(makers.map(([name, make]) => [name, make(transactions)])) as unknown as WorkspaceTables;
}
