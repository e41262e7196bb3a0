// Values already stored under a field when the field changes: deleting a field removes its values
// from the records (a later field with the same key must not inherit them), and removing an
// option removes it from select and multiselect values (every stored value stays valid).
import type { Table } from '../../store/table.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { Custom, CustomEntity } from './custom-values.ts';
import type { CustomField } from './field-record.ts';

type RecordWithCustom = { id: string; custom?: Custom };

/** The table of each entity's records, by its name in WorkspaceTables (absent until it exists). */
const RECORD_TABLES: Record<CustomEntity, string> = { lead: 'leads', contact: 'contacts', company: 'companies', product: 'products' };

export async function forgetValues(context: RecordContext, field: CustomField): Promise<void> {
  await rewriteValues(context, field, () => undefined);
}

/** Drops option ids that `field` no longer has from the values stored under it. */
export async function forgetRemovedOptions(context: RecordContext, field: CustomField): Promise<void> {
  const kept = new Set(field.options.map((option) => option.id));
  await rewriteValues(context, field, (value) => {
    if (typeof value === 'string') return kept.has(value) ? value : undefined;
    if (!Array.isArray(value)) return value;
    const left = value.filter((id) => kept.has(id));
    if (left.length === value.length) return value;
    return left.length ? left : undefined;
  });
}

/** `rewrite` answers the value to keep (the same one for no change) or undefined to remove it. */
async function rewriteValues(
  context: RecordContext,
  field: CustomField,
  rewrite: (value: Custom[string]) => Custom[string] | undefined,
): Promise<void> {
  const table = (context.tables as unknown as Record<string, Table<RecordWithCustom> | undefined>)[RECORD_TABLES[field.entity]];
  if (!table) return;
  for (const record of [...table.values()]) {
    const value = record.custom?.[field.key];
    if (value === undefined) continue;
    const next = rewrite(value);
    if (next === value) continue;
    await table.update(record.id, (draft) => {
      if (next === undefined) delete draft.custom![field.key];
      else draft.custom![field.key] = next;
    });
  }
}
