// The query family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { queryBadValues } from './bad-values.ts';
import { queryFields } from './fields.ts';
import { queryMasked } from './masked.ts';
import { queryOperators } from './operators.ts';
import { querySortAndPages } from './sort-and-pages.ts';
import { queryTextFilter } from './text-filter.ts';

export const queryChecks: Check[] = [queryOperators, querySortAndPages, queryTextFilter, queryBadValues, queryFields, queryMasked];
