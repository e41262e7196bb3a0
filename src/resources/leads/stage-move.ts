// Moving a lead between stages (spec 3): a new stage sets `stage_entered_at`; a won or lost stage
// closes the lead (`closed_at`), and a lost one needs `loss_reason` in the same request. Moving
// a closed lead back to an open stage is not shown: the mock reopens it (`closed_at` null).
import { ApiError } from '../../errors/api-error.ts';
import type { Stage } from '../pipelines/pipeline-records.ts';
import type { RecordContext } from '../records/record-context.ts';
import { recordStageMove } from '../timeline/record-item.ts';
import { closedLeadSummary, stageChange } from './lead-events.ts';
import type { StoredLead } from './lead-record.ts';

export type StageFields = Pick<StoredLead, 'pipeline_id' | 'stage_id' | 'stage_entered_at' | 'closed_at' | 'loss_reason'>;

/** The stage fields after a move to `to`; `lossReason` is what the request sent, if anything. */
export function stageFieldsAfterMove(
  lead: StoredLead,
  pipelineId: string,
  to: Stage,
  lossReason: string | undefined,
  nowIso: string,
): StageFields {
  if (to.type === 'lost' && !(lossReason ?? '').trim()) {
    throw new ApiError('validation_failed', {
      fields: { loss_reason: 'moving a lead into a lost stage needs loss_reason in the same request' },
    });
  }
  const closed_at = to.type === 'open' ? null : nowIso;
  return {
    pipeline_id: pipelineId,
    stage_id: to.id,
    stage_entered_at: nowIso,
    closed_at,
    loss_reason: to.type === 'lost' ? lossReason!.trim() : '',
  };
}

/** The events of a stage move, and its timeline item, once the lead is saved in its new stage. */
export async function emitStageMove(context: RecordContext, lead: StoredLead, from: Stage, to: Stage): Promise<void> {
  await context.emit('lead.stage_changed', stageChange(lead, from, to));
  await recordStageMove(context, lead.id, from.id, to.id, lead.pipeline_id);
  if (to.type === 'won') await context.emit('lead.won', closedLeadSummary(lead));
  if (to.type === 'lost') await context.emit('lead.lost', closedLeadSummary(lead));
}
