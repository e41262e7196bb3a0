// The limits family's checks, in the order they run.
import type { Check } from '../../check.ts';

export const limitsChecks: Check[] = [];
