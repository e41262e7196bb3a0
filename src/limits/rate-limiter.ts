// Fixed windows per credential: a window opens at the credential's first request and counts
// the requests it lets through until it has lasted its length. Time is the workspace's
// virtual clock, so a test moves past a window by advancing the clock, never by waiting.
import { ApiError } from '../errors/api-error.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { RATE_WINDOWS } from './request-limits.ts';

type Window = { startMs: number; count: number };

// Keyed by the workspace object: the counters go when the workspace does (reset, another mock).
const windowsOf = new WeakMap<Workspace, Map<string, Map<string, Window>>>();

/** Counts one request of the credential, or throws 429 `rate_limited` if a window is full. */
export function takeRequest(workspace: Workspace, credential: string, nowMs: number): void {
  const windows = windowsOfCredential(workspace, credential);
  const open = RATE_WINDOWS.flatMap((spec) => {
    const limit = workspace.limits[spec.setting];
    return limit === null ? [] : [{ ...spec, limit, window: current(windows, spec.reason, spec.ms, nowMs) }];
  });
  // Check every window before counting in any, so that a refused request counts nowhere.
  const full = open.find(({ window, limit }) => window.count >= limit);
  if (full) {
    const retryAfter = Math.max(1, Math.ceil((full.window.startMs + full.ms - nowMs) / 1000));
    throw new ApiError('rate_limited', { reason: full.reason, limit: full.limit }, { headers: { 'Retry-After': String(retryAfter) } });
  }
  for (const { window } of open) window.count += 1;
}

/** New limits start from empty windows, so that a test counts from the moment it sets them. */
export function resetRateWindows(workspace: Workspace): void {
  windowsOf.delete(workspace);
}

function windowsOfCredential(workspace: Workspace, credential: string): Map<string, Window> {
  let byCredential = windowsOf.get(workspace);
  if (!byCredential) windowsOf.set(workspace, (byCredential = new Map()));
  let windows = byCredential.get(credential);
  if (!windows) byCredential.set(credential, (windows = new Map()));
  return windows;
}

/** The window running at `nowMs`; a new one once it has elapsed, or if the clock was set back. */
function current(windows: Map<string, Window>, reason: string, lengthMs: number, nowMs: number): Window {
  let window = windows.get(reason);
  if (!window || nowMs >= window.startMs + lengthMs || nowMs < window.startMs) {
    windows.set(reason, (window = { startMs: nowMs, count: 0 }));
  }
  return window;
}
