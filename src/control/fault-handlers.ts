// /_mock/faults: which rules the mock breaks on purpose.
import { ApiError } from '../errors/api-error.ts';
import { FAULT_DESCRIPTIONS } from '../faults/fault-descriptions.ts';
import { FAULT_CATALOG, FAULT_NAMES, loadFaults } from '../faults/index.ts';
import type { HandlerMap } from '../http/handler.ts';
import type { MockState } from '../mock-state.ts';

function faultList(state: MockState) {
  return {
    data: FAULT_CATALOG.map(({ name, area }) => ({ name, area, description: FAULT_DESCRIPTIONS[name], on: state.faults.has(name) })),
  };
}

export const faultHandlers: HandlerMap = {
  listFaults({ state }) {
    return { body: faultList(state) };
  },

  async setFaults({ state, input }) {
    const on = (input.body as { on: string[] }).on;
    const unknown = on.filter((name) => !FAULT_NAMES.has(name));
    if (unknown.length)
      throw new ApiError('validation_failed', {
        fields: Object.fromEntries(unknown.map((name) => [`on.${name}`, 'no fault has this name'])),
      });
    // A fault's body is loaded before it is on: the delivery queue's hooks read it without waiting (faults/index.ts).
    await loadFaults(on);
    state.faults.clear();
    for (const name of on) state.faults.add(name);
    return { body: faultList(state) };
  },
};
