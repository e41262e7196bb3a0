// /_mock/faults: which rules the mock breaks on purpose.
import { ApiError } from '../errors/api-error.ts';
import { FAULTS, FAULT_NAMES } from '../faults/index.ts';
import type { HandlerMap } from '../http/handler.ts';
import type { MockState } from '../mock-state.ts';

function faultList(state: MockState) {
  return { data: FAULTS.map(({ name, family, description }) => ({ name, family, description, on: state.faults.has(name) })) };
}

export const faultHandlers: HandlerMap = {
  listFaults({ state }) {
    return { body: faultList(state) };
  },

  setFaults({ state, input }) {
    const on = (input.body as { on: string[] }).on;
    const unknown = on.filter((name) => !FAULT_NAMES.has(name));
    if (unknown.length) throw new ApiError('validation_failed', { fields: Object.fromEntries(unknown.map((name) => [`on.${name}`, 'no fault has this name'])) });
    state.faults.clear();
    for (const name of on) state.faults.add(name);
    return { body: faultList(state) };
  },
};
