// A snapshot holds records, not what was waiting on the workspace's clock. Every such piece of
// work follows from the records, so a restored workspace (snapshot PUT, `crmkit mock --state`)
// puts it back: each resource that schedules work registers how to resume it from its records
// (waiting webhook and app lifecycle deliveries, snoozed conversations' wake-ups, messages still
// on their way; src/resources/index.ts). The workspace knows none of them.
import type { MockState } from '../mock-state.ts';
import type { Workspace } from './workspace.ts';

/** Puts a restored workspace's waiting work of one kind back on its clock. */
export type Resumer = (state: MockState, workspace: Workspace) => void;

const resumers: Resumer[] = [];

export function registerScheduledWork(...added: Resumer[]): void {
  resumers.push(...added);
}

export function resumeScheduledWork(state: MockState, workspace: Workspace): void {
  for (const resume of resumers) resume(state, workspace);
}
