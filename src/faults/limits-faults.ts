// Faults in the limits rules: each breaks one rule the way a real implementation might, and a check
// of the limits family must catch it (test/conformance/mutation.test.ts).
import type { Fault } from './fault.ts';

export const limitsFaults: Fault[] = [];
