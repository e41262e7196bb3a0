// A lead written straight into a workspace's table, for tests that need a state the API would
// refuse to make (a record over the tag limit from older data) or that test another area.
import { newStoredLead, type StoredLead } from '../../src/resources/leads/lead-record.ts';
import { pipelinesInOrder } from '../../src/resources/pipelines/present-pipeline.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';

/** The values of a new lead in the first stage of the first pipeline, `changes` applied. */
export function storedLead(workspace: Workspace, changes: Partial<StoredLead> = {}): StoredLead {
  const pipeline = pipelinesInOrder(workspace.tables)[0]!;
  const stage = workspace.tables.stages.findBy('pipeline', pipeline.id).sort((a, b) => a.position - b.position)[0]!;
  return newStoredLead(workspace, stage, new Date(workspace.now()).toISOString(), changes);
}

export function insertLead(workspace: Workspace, changes: Partial<StoredLead> = {}): Promise<StoredLead> {
  return workspace.tables.leads.insert(storedLead(workspace, changes));
}
