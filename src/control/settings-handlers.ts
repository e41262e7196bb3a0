// /_mock/workspaces/{ws}/settings: the plan, the read-only state and the request limits that
// src/limits/ enforces, so that tests can meet 402 `read_only` and the 429s on purpose.
import type { HandlerMap } from '../http/handler.ts';
import { resetRateWindows } from '../limits/rate-limiter.ts';
import type { RequestLimits } from '../limits/request-limits.ts';
import { planLimit } from '../limits/plans.ts';
import type { Plan, Workspace } from '../workspaces/workspace.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

type LimitsWire = { requests_per_second?: number | null; requests_per_minute?: number | null; concurrent_requests?: number | null };
type SettingsChange = { plan?: Plan; read_only?: boolean; limits?: LimitsWire };

function settingsOf(workspace: Workspace) {
  const { requestsPerSecond, requestsPerMinute, concurrentRequests } = workspace.limits;
  return {
    id: workspace.id,
    plan: workspace.plan,
    read_only: workspace.readOnly,
    limits: { requests_per_second: requestsPerSecond, requests_per_minute: requestsPerMinute, concurrent_requests: concurrentRequests },
    plan_limits: { webhooks: planLimit(workspace.plan, 'webhooks') },
  };
}

/** The wire names onto the workspace's limits; only the keys sent change. */
function changedLimits(current: RequestLimits, wire: LimitsWire): RequestLimits {
  return {
    requestsPerSecond: wire.requests_per_second !== undefined ? wire.requests_per_second : current.requestsPerSecond,
    requestsPerMinute: wire.requests_per_minute !== undefined ? wire.requests_per_minute : current.requestsPerMinute,
    concurrentRequests: wire.concurrent_requests !== undefined ? wire.concurrent_requests : current.concurrentRequests,
  };
}

export const settingsHandlers: HandlerMap = {
  getWorkspaceSettings({ state, input }) {
    return { body: settingsOf(workspaceOf(state, input.path.ws)) };
  },

  updateWorkspaceSettings({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const change = input.body as SettingsChange;
    if (change.plan !== undefined) workspace.plan = change.plan;
    if (change.read_only !== undefined) workspace.readOnly = change.read_only;
    if (change.limits !== undefined) {
      workspace.limits = changedLimits(workspace.limits, change.limits);
      // Requests made before the change would otherwise count against the new figures.
      resetRateWindows(workspace);
    }
    return { body: settingsOf(workspace) };
  },
};
