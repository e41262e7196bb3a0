// The 422 of a form submission (spec 4.12): `validation_failed` with `fields` keyed by field id,
// every message and the envelope's own in the visitor's language, which `X-Svc-Locale` names.
import { ApiError } from '../../errors/api-error.ts';
import type { Language } from '../../errors/messages.ts';
import { CHECK_THE_FORM, FIELD_MESSAGES, type FieldProblem } from './form-messages.ts';

export type FieldProblems = Record<string, FieldProblem>;

export function formInvalid(problems: FieldProblems, language: Language): ApiError {
  const fields = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, FIELD_MESSAGES[problem][language]]));
  return new ApiError(
    'validation_failed',
    { fields },
    { detail: CHECK_THE_FORM[language], localized: true, headers: { 'X-Svc-Locale': language } },
  );
}

export function throwIfAny(problems: FieldProblems, language: Language): void {
  if (Object.keys(problems).length) throw formInvalid(problems, language);
}
