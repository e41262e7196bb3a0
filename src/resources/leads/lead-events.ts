// The `data.object` summaries of lead events (spec 6.1, 6.4): ids, never numbers.
import type { Stage } from '../pipelines/pipeline-records.ts';
import type { StoredLead } from './lead-record.ts';

export function leadSummary(lead: StoredLead) {
  const { id, name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, company_id } = lead;
  return { id, object: 'lead', name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, company_id };
}

export function stageChange(lead: StoredLead, from: Stage, to: Stage) {
  return { id: lead.id, object: 'lead', from: from.id, to: to.id, pipeline_id: lead.pipeline_id, from_type: from.type, to_type: to.type };
}

export function closedLeadSummary(lead: StoredLead) {
  const { id, name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, closed_at } = lead;
  return { id, object: 'lead', name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, closed_at, loss_reason: lead.loss_reason || null };
}
