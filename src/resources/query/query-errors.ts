// The 422 answers of the query endpoint (spec 7.3, 8). `fields` names where in the body the
// problem is (`query.conditions[1].value`, or `q` for the text filter), as for other field problems.
import { ApiError } from '../../errors/api-error.ts';

export function invalidQuery(path: string, problem: string): ApiError {
  return new ApiError('invalid_query', { fields: { [path]: problem } });
}

/** Over one of the limits of spec 8; `limit` is that limit (spec 7.1). */
export function tooManyConditions(limit: number, path: string, problem: string): ApiError {
  return new ApiError('too_many_conditions', { limit, fields: { [path]: problem } });
}

export function maskedFilter(path: string, field: string): ApiError {
  return new ApiError('masked_filter', {
    fields: { [path]: `${field} is masked for this role: match it only by its exact full value (eq, neq, in, not_in, empty, not_empty)` },
  });
}

export function maskedSort(path: string, field: string): ApiError {
  return new ApiError('masked_sort', { fields: { [path]: `${field} is masked for this role and cannot be sorted by` } });
}

/** A filter the mock will not run (spec 7.3 `query_too_slow`: add a selective condition). */
export function querySlow(path: string, problem: string): ApiError {
  return new ApiError('query_too_slow', { fields: { [path]: problem } });
}
