// Faults in the leads rules: each breaks one rule the way a real implementation might, and a check
// of the leads family must catch it (test/conformance/mutation.test.ts).
import type { Fault } from './fault.ts';

export const leadsFaults: Fault[] = [];
