// Mutants of the error code of a refused input (spec 7.3): the code and status a missing key or a
// bad request is answered with.
import { changed, onErrorCode, type Fault } from '../fault.ts';

/** `fields` with dotted keys (custom.budget) written as nested objects ({custom: {budget}}). */
function nestedFields(fields: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, any> = {};
  for (const [key, message] of Object.entries(fields)) {
    const [head, ...rest] = key.split('.');
    if (rest.length === 0) nested[key] = message;
    else nested[head!] = { ...(nested[head!] ?? {}), [rest.join('.')]: message };
  }
  return nested;
}

export const errorsInputMutants: readonly Fault[] = [
  {
    name: 'missing-key-as-403',
    area: 'errors',
    proves: ['errors.status-401', 'errors.docs-url-names-code', 'errors.extra-permission'],
    description: 'A request without credentials answers 403 forbidden instead of 401 invalid_token.',
    wrap: onErrorCode('invalid_token', (response, body) =>
      changed(response, { status: 403, body: { error: { ...body.error, code: 'forbidden' } } }),
    ),
  },
  {
    name: 'validation-fields-nested',
    area: 'errors',
    proves: ['errors.fields-only-field-problems', 'errors.status-422', 'errors.validation-failed'],
    description:
      'validation_failed writes a problem of a nested field as a nested object ({custom: {budget: ...}}) instead of under the key custom.budget (spec 2.11, 7.3: fields names custom.<key>).',
    wrap: onErrorCode('validation_failed', (response, body) => {
      const fields = body.error.fields;
      if (!fields || !Object.keys(fields).some((key) => key.includes('.'))) return response;
      return changed(response, { body: { error: { ...body.error, fields: nestedFields(fields) } } });
    }),
  },
];
