// /_mock/workspaces/{ws}/clock: read, freeze, set and advance a workspace's virtual clock.
import type { HandlerMap } from '../http/handler.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { ApiError } from '../errors/api-error.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

/** The last moment every time of the interface can be written in (RFC 3339 has four-digit years). */
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

type ClockChange = { freeze?: boolean; set?: string; advance_seconds?: number };

function clockState({ clock }: Workspace) {
  return { now: clock.isoNow(), frozen: clock.frozen };
}

/** A move past year 9999 would leave the workspace with times no answer can carry: refused before anything changes. */
function refuseOutOfRange(nowMs: number, change: ClockChange): void {
  const setMs = change.set === undefined ? nowMs : Date.parse(change.set);
  if (setMs < 0) throw new ApiError('validation_failed', { fields: { set: 'must be 1970 or later' } });
  if (setMs + (change.advance_seconds ?? 0) * 1000 > LAST_MS) {
    const field = change.advance_seconds ? 'advance_seconds' : 'set';
    throw new ApiError('validation_failed', { fields: { [field]: 'would move the clock past 9999-12-31T23:59:59.999Z' } });
  }
}

export const clockHandlers: HandlerMap = {
  getClock({ state, input }) {
    return { body: clockState(workspaceOf(state, input.path.ws)) };
  },

  async setClock({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const { clock } = workspace;
    const change = input.body as ClockChange;
    refuseOutOfRange(clock.now(), change);
    if (change.freeze !== undefined) await clock.freeze(change.freeze);
    if (change.set !== undefined) await clock.set(Date.parse(change.set));
    if (change.advance_seconds !== undefined) await clock.advance(change.advance_seconds * 1000);
    return { body: clockState(workspace) };
  },
};
