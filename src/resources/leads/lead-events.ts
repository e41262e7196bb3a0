// The `data.object` summaries of lead events (spec 6.1, 6.4): ids, never numbers.
import type { Stage } from '../pipelines/pipeline-records.ts';
import type { StoredLead } from './lead-record.ts';

export function leadSummary(lead: StoredLead) {
  const { id, name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, company_id } = lead;
  return { id, object: 'lead' as const, name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, company_id };
}

export function stageChange(lead: StoredLead, from: Stage, to: Stage) {
  return {
    id: lead.id,
    object: 'lead' as const,
    from: from.id,
    to: to.id,
    pipeline_id: lead.pipeline_id,
    from_type: from.type,
    to_type: to.type,
  };
}

export function closedLeadSummary(lead: StoredLead) {
  const { id, name, amount, currency, pipeline_id, stage_id, owner_id, contact_id, closed_at } = lead;
  // A lead moved to a won or lost stage has its closing time (stage-move.ts sets it first).
  if (closed_at === null) throw new Error(`lead ${id} is closed without closed_at`);
  return {
    id,
    object: 'lead' as const,
    name,
    amount,
    currency,
    pipeline_id,
    stage_id,
    owner_id,
    contact_id,
    closed_at,
    loss_reason: lead.loss_reason || null,
  };
}
