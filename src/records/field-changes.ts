// The changes of an update, one per field (spec 6.4: `contact.updated` and the `*.updated`
// timeline items of contacts, companies and leads carry `field`, `from` and `to`).
import { sameValue } from './same-value.ts';

export type FieldChange = { field: string; from: unknown; to: unknown };

/** The fields that differ, in the order given; each custom value is a field of its own (`custom.<key>`). */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): FieldChange[] {
  return fields.flatMap((field) => {
    if (field === 'custom') return customChanges(before.custom as Record<string, unknown>, after.custom as Record<string, unknown>);
    return sameValue(before[field], after[field]) ? [] : [{ field, from: emptyAsNull(before[field]), to: emptyAsNull(after[field]) }];
  });
}

function customChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => !sameValue(before[key], after[key]))
    .map((key) => ({ field: `custom.${key}`, from: emptyAsNull(before[key]), to: emptyAsNull(after[key]) }));
}

/** The document: `from` is null when the field was empty, `to` null when it is cleared. */
function emptyAsNull(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}
