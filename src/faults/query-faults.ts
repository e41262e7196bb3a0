// Faults in the query rules: each breaks one rule the way a real implementation might, and a check
// of the query family must catch it (test/conformance/mutation.test.ts).
import type { Fault } from './fault.ts';

export const queryFaults: Fault[] = [];
