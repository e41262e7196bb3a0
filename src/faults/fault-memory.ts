// A fault's memory (what it saw of earlier requests) is its mock's, not the process's: two mocks in
// one process (tests, the suite's runs) never share it.
import type { MockState } from '../mock-state.ts';

const memories = new WeakMap<MockState, Map<string, unknown>>();

/** A fault's own memory in one mock (made by `init` on first use), so that two mocks in one process never share it. */
export function faultMemory<T>(state: MockState, fault: string, init: () => T): T {
  let memory = memories.get(state);
  if (!memory) memories.set(state, (memory = new Map()));
  if (!memory.has(fault)) memory.set(fault, init());
  return memory.get(fault) as T;
}
