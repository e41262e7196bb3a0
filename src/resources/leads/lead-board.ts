// GET /v1/leads/board (spec 4.2): per stage of the pipeline (the `pipeline` filter's, else the
// first), its `count`, `sum` and first `limit` leads in board order, under the list filters.
import { normalizeId } from '../../ids/ids.ts';
import { pipelinesInOrder } from '../pipelines/present-pipeline.ts';
import type { RecordContext } from '../records/record-context.ts';
import { ApiError } from '../../errors/api-error.ts';
import { leadMatcher, type LeadFilters } from './lead-filters.ts';
import { boardOrder } from './list-leads.ts';
import type { StoredLead } from './lead-record.ts';

export type BoardColumn = { stage_id: string; count: number; sum: number; leads: StoredLead[] };

/**
 * A workspace without a pipeline has an empty board: `pipeline_id` null and no stages, as the
 * document's LeadBoard says. It is no conflict (409 `no_pipeline` is for creating a lead, spec
 * 4.2, 7.3): reading the board changes nothing, and the board's operation lists no 409.
 */
export function leadBoard(
  context: RecordContext,
  filters: LeadFilters,
  limit: number,
): { pipeline_id: string | null; data: BoardColumn[] } {
  const { tables } = context;
  if (!filters.pipeline && tables.pipelines.size === 0) return { pipeline_id: null, data: [] };
  const pipeline = filters.pipeline ? tables.pipelines.get(normalizeId(filters.pipeline)) : pipelinesInOrder(tables)[0];
  if (!pipeline) throw new ApiError('validation_failed', { fields: { pipeline: 'no pipeline of this workspace has this id' } });
  const matches = leadMatcher(context, filters);
  const stages = tables.stages.findBy('pipeline', pipeline.id).sort((a, b) => a.position - b.position);
  const data = stages.map((stage) => {
    const leads = boardOrder(context, matches, tables.leads.findBy('stage', stage.id));
    return {
      stage_id: stage.id,
      count: leads.length,
      sum: leads.reduce((sum, lead) => sum + lead.amount, 0),
      leads: leads.slice(0, limit),
    };
  });
  return { pipeline_id: pipeline.id, data };
}
