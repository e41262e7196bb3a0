// The paging family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { changedCursor } from './changed-cursor.ts';
import { pageLimits } from './limits.ts';
import { noTotals } from './no-totals.ts';
import { queryPageSize } from './query-page-size.ts';
import { stableWalk } from './stable-walk.ts';

export const pagingChecks: Check[] = [pageLimits, queryPageSize, stableWalk, changedCursor, noTotals];
