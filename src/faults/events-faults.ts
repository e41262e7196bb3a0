// Faults in the events rules: each breaks one rule the way a real implementation might, and a check
// of the events family must catch it (test/conformance/mutation.test.ts).
import type { Fault } from './fault.ts';

export const eventsFaults: Fault[] = [];
