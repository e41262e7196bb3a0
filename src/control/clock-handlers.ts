// /_mock/workspaces/{ws}/clock: read, freeze, set and advance a workspace's virtual clock.
import type { HandlerMap } from '../http/handler.ts';
import type { MockState } from '../mock-state.ts';
import { workspaceOf } from './workspace-of.ts';

type ClockChange = { freeze?: boolean; set?: string; advance_seconds?: number };

function clockState(state: MockState, workspaceId: string) {
  const clock = state.clockOf(workspaceId);
  return { now: clock.isoNow(), frozen: clock.frozen };
}

export const clockHandlers: HandlerMap = {
  getClock({ state, input }) {
    return { body: clockState(state, workspaceOf(state, input.path.ws).id) };
  },

  async setClock({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const clock = state.clockOf(workspace.id);
    const change = input.body as ClockChange;
    if (change.freeze !== undefined) await clock.freeze(change.freeze);
    if (change.set !== undefined) await clock.set(Date.parse(change.set));
    if (change.advance_seconds !== undefined) await clock.advance(change.advance_seconds * 1000);
    return { body: clockState(state, workspace.id) };
  },
};
