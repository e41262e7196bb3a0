// The conversations family's checks, in the order they run.
import type { Check } from '../../check.ts';

export const conversationsChecks: Check[] = [];
