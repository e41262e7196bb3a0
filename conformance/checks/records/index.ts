// The records family's checks, in the order they run.
import type { Check } from '../../check.ts';

export const recordsChecks: Check[] = [];
