// What a new workspace holds besides its people and owner key (teams, pipelines, channels, a
// form, an app, fields...): steps the resources register (src/resources/starter-content.ts,
// through src/resources/index.ts), run in the order registered. The workspace knows none of them.
import type { Workspace } from './workspace.ts';

/** Adds some starter content to a new workspace, whose members (one per role) exist. */
export type StarterStep = (workspace: Workspace) => Promise<void>;

const steps: StarterStep[] = [];

export function registerStarterContent(...added: StarterStep[]): void {
  steps.push(...added);
}

export async function addStarterContent(workspace: Workspace): Promise<void> {
  for (const step of steps) await step(workspace);
}
