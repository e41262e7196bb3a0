// Faults in the records rules: each breaks one rule the way a real implementation might, and a check
// of the records family must catch it (test/conformance/mutation.test.ts).
import type { Fault } from './fault.ts';

export const recordsFaults: Fault[] = [];
