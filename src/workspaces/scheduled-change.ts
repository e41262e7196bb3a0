// Work the workspace's clock runs later (a message's next delivery step, a snooze's wake-up)
// changes the workspace as a request does: in one transaction of it, all or nothing. A workspace
// removed or replaced meanwhile (reset, a restored snapshot) is left alone.
import type { MockState } from '../mock-state.ts';
import type { Workspace } from './workspace.ts';

/** Runs `change` at `atMs` on the workspace's clock, in one transaction of the workspace while it is still the mock's. */
export function scheduleChange(state: MockState, workspace: Workspace, atMs: number, change: () => Promise<void>): void {
  workspace.clock.schedule(atMs, async () => {
    if (state.workspaces.get(workspace.id) !== workspace) return;
    await workspace.transactions.run(change);
  });
}
