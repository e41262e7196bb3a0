// A lead written straight into a workspace's table, for tests that need a state the API would
// refuse to make (a record over the tag limit from older data) or that test another area.
import type { StoredLead } from '../../src/resources/leads/lead-record.ts';
import { pipelinesInOrder } from '../../src/resources/pipelines/present-pipeline.ts';
import { nextRecordNumber } from '../../src/store/record-numbers.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';

/** The values of a new lead in the first stage of the first pipeline, `changes` applied. */
export function storedLead(workspace: Workspace, changes: Partial<StoredLead> = {}): StoredLead {
  const now = new Date(workspace.now()).toISOString();
  const pipeline = pipelinesInOrder(workspace.tables)[0]!;
  const stage = workspace.tables.stages.findBy('pipeline', pipeline.id).sort((a, b) => a.position - b.position)[0]!;
  const number = nextRecordNumber(workspace.numbers, 'lead');
  return {
    id: workspace.newId('lead'), number, name: `Lead #${number}`, amount: 0, currency: workspace.currency,
    pipeline_id: pipeline.id, stage_id: stage.id, owner_id: null, contact_id: null, company_id: null, source: '', utm: {},
    referrer: null, landing_page: null, tags: [], custom: {}, position: number, stage_entered_at: now, closed_at: null,
    loss_reason: '', created_at: now, updated_at: now, deleted_at: null, ...changes,
  };
}

export function insertLead(workspace: Workspace, changes: Partial<StoredLead> = {}): Promise<StoredLead> {
  return workspace.tables.leads.insert(storedLead(workspace, changes));
}
