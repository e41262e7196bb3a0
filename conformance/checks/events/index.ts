// The events family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { leadEvents } from './lead-events.ts';

export const eventsChecks: Check[] = [leadEvents];
