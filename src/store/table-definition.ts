// How a resource declares its table: which schema of which document its records follow (less
// the properties computed on read) and the lookups it needs besides the id.
import type { SchemaValidator } from '../spec/schema-validator.ts';
import { recordSchema } from './record-schema.ts';
import { Table, type KeysOf } from './table.ts';
import type { Transactions } from './transactions.ts';

export type RecordValidators = { crm: SchemaValidator; 'mock-control': SchemaValidator };

export type TableDefinition<T extends { id: string }> = {
  document: keyof RecordValidators;
  /** A name under `components/schemas` of that document. */
  schema: string;
  /**
   * Properties of the schema the stored records do not carry: those computed when the record is
   * read (e.g. a lead's `owner {id, name}`), or, for a table that shares another's schema, those
   * that are not its own (an app lifecycle delivery has no `webhook_id`).
   */
  computed?: readonly string[];
  lookups?: Record<string, KeysOf<T>>;
  /** Names the table's records had in snapshots of earlier versions: a restore loads them into this table. */
  formerNames?: readonly string[];
};

/** Compiles the definition's schema once; each call of the result makes an empty table. */
export function tableMaker<T extends { id: string }>(
  definition: TableDefinition<T>,
  validators: RecordValidators,
): (transactions?: Transactions) => Table<T> {
  const validate = validators[definition.document].without(`/components/schemas/${definition.schema}`, definition.computed ?? []);
  const schema = recordSchema<T>(definition.schema, validate);
  return (transactions) => new Table<T>({ schema, lookups: definition.lookups, transactions });
}
