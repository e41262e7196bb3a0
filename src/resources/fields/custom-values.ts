// The custom value rules every record shares (spec 2.11): leads, contacts, companies and
// products call `customValuesFor` on create (`current` = {}) and on PATCH.
import { ApiError } from '../../errors/api-error.ts';
import { MAX_PROBLEMS } from '../../spec/bounded-errors.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';
import { checkValue, isEmptyValue, type ValueCheck } from './custom-value-types.ts';
import { entityKey, type CustomField } from './field-record.ts';

export type Custom = components['schemas']['Custom'];
export type CustomEntity = components['schemas']['CustomFieldEntity'];

/**
 * The custom values a record keeps when `sent` is applied to `current`: only sent keys change,
 * `null` clears. Every unknown key and bad value is named at once under `custom.<key>`
 * (422 `validation_failed`), and nothing changes then.
 */
export function customValuesFor(
  context: RecordContext,
  entity: CustomEntity,
  current: Custom,
  sent: Record<string, unknown> | undefined,
): Custom {
  const next: Custom = { ...current };
  const problems: Record<string, string> = {};
  let problemCount = 0;
  // `for in`, not Object.entries: a 1 MB body of unknown keys stops at MAX_PROBLEMS without
  // first copying 80,000 entries (issue 15).
  for (const key in sent) {
    const value = sent[key];
    const field = context.tables.fields.firstBy('entityKey', entityKey(entity, key));
    const check = field ? checkSent(context, field, value) : { problem: `no ${entity} custom field has this key` };
    if ('problem' in check) {
      problems[`custom.${key}`] = check.problem;
      // An answer names at most MAX_PROBLEMS problems, as the schema validator's do (issue 15: 1 MB of unknown keys).
      if ((problemCount += 1) === MAX_PROBLEMS) break;
    } else if (check.value === null) delete next[key];
    else next[key] = check.value as Custom[string];
  }
  if (Object.keys(problems).length) throw new ApiError('validation_failed', { fields: problems });
  return next;
}

/** `null` (clear) or the stored value; a required field refuses `null`, "" and []. */
function checkSent(context: RecordContext, field: CustomField, sent: unknown): ValueCheck {
  if (field.required && (sent === null || isEmptyValue(sent))) return { problem: 'is required and cannot be cleared' };
  if (sent === null) return { value: null };
  return checkValue(sent, field, context.workspace, context.state.validators.crm);
}
