// Moves the workspace's virtual clock through the control API (POST /_mock/workspaces/{ws}/clock),
// which answers once the work that fell due (retries, wake-ups, expiries) has run.
import { describeExchange } from '../../conformance/exchange.ts';
import { durationMs, formatDuration } from './duration.ts';
import type { ClockChange } from './types.ts';
import { controlKey, StepFailure, type World } from './world.ts';

/** Answers how the step reads: `frozen at 2026-11-20T08:00:00.000Z`, `+1d → 2026-11-21T…`. */
export async function setClock(world: World, change: ClockChange): Promise<string> {
  const body: Record<string, unknown> = {};
  if (change.freeze !== undefined) body.freeze = change.freeze;
  if (change.set !== undefined) body.set = change.set;
  if (change.advance !== undefined) body.advance_seconds = durationMs(change.advance) / 1000;
  const exchange = await world.client.send('POST', `/_mock/workspaces/${world.workspaceId}/clock`, { key: controlKey(world), body });
  if (exchange.status !== 200)
    throw new StepFailure(`the clock refused ${JSON.stringify(body)}: ${exchange.status}`, describeExchange(exchange));
  const { now, frozen } = exchange.json as { now: string; frozen: boolean };
  world.clock = { set: world.clock.set || change.set !== undefined, frozen, shiftMs: 0 };
  const moved = change.advance !== undefined ? `+${formatDuration(durationMs(change.advance))} → ` : '';
  return `${moved}${now}${frozen ? ' (frozen)' : ''}`;
}

/**
 * A clock change the target cannot make (a deployment): the story's clock moves alone, so that
 * `$time` after it still reads the story's times against the target's real clock.
 */
export function moveStoryClock(world: World, change: ClockChange): void {
  const clock = { ...world.clock, frozen: false };
  if (change.set !== undefined) Object.assign(clock, { set: true, shiftMs: Date.now() - Date.parse(change.set) });
  if (change.advance !== undefined) clock.shiftMs -= durationMs(change.advance);
  world.clock = clock;
}

/** Runs what is due now without moving the clock: deliveries queued "at once" on a frozen clock. */
export async function settle(world: World): Promise<void> {
  if (world.control)
    await world.client.send('POST', `/_mock/workspaces/${world.workspaceId}/clock`, {
      key: controlKey(world),
      body: { advance_seconds: 0 },
    });
}
