// PLACEHOLDER while the custom fields work lands (issue 4): the custom value rules records share (spec 2.11).
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';

export type Custom = components['schemas']['Custom'];
export type CustomEntity = components['schemas']['CustomFieldEntity'];

/** The custom values a record keeps when `sent` is applied to `current` (only sent keys change; null clears). */
export function customValuesFor(_context: RecordContext, _entity: CustomEntity, current: Custom, sent: Record<string, unknown> | undefined): Custom {
  const next: Custom = { ...current };
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (value === null) delete next[key];
    else next[key] = value as Custom[string];
  }
  return next;
}
