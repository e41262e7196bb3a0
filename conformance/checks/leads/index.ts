// The leads family's checks, in the order they run.
import type { Check } from '../../check.ts';

export const leadsChecks: Check[] = [];
