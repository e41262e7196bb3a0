// Where a lead goes (spec 2.3, 4.2): neither pipeline nor stage = the first stage of the first
// pipeline; only a pipeline = its first stage; a stage must belong to the pipeline, else
// `validation_failed` under `stage_id`; a workspace without pipelines answers `no_pipeline`.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { Stage } from '../pipelines/pipeline-records.ts';
import { pipelinesInOrder } from '../pipelines/present-pipeline.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';

export type Placement = { pipeline_id: string; stage: Stage };

export function placeNewLead(tables: WorkspaceTables, pipelineId: string | undefined, stageId: string | undefined): Placement {
  if (tables.pipelines.size === 0) throw new ApiError('no_pipeline', {}, { status: 409 });
  const pipeline_id = pipelineId
    ? existingPipeline(tables, pipelineId)
    : stageId
      ? stageOf(tables, stageId).pipeline_id
      : pipelinesInOrder(tables)[0]!.id;
  return { pipeline_id, stage: stageId ? stageIn(tables, pipeline_id, stageId) : firstStage(tables, pipeline_id) };
}

/** A PATCH that sends `stage_id` and/or `pipeline_id`; a pipeline alone moves to its first stage. */
export function placeMovedLead(
  tables: WorkspaceTables,
  current: { pipeline_id: string },
  pipelineId: string | undefined,
  stageId: string | undefined,
): Placement {
  const pipeline_id = pipelineId ? existingPipeline(tables, pipelineId) : current.pipeline_id;
  return { pipeline_id, stage: stageId ? stageIn(tables, pipeline_id, stageId) : firstStage(tables, pipeline_id) };
}

function existingPipeline(tables: WorkspaceTables, pipelineId: string): string {
  const pipeline = tables.pipelines.get(normalizeId(pipelineId));
  if (!pipeline) throw invalid('pipeline_id', 'no pipeline of this workspace has this id');
  return pipeline.id;
}

function stageOf(tables: WorkspaceTables, stageId: string): Stage {
  const stage = tables.stages.get(normalizeId(stageId));
  if (!stage) throw invalid('stage_id', 'no stage of this workspace has this id');
  return stage;
}

function stageIn(tables: WorkspaceTables, pipelineId: string, stageId: string): Stage {
  const stage = stageOf(tables, stageId);
  if (stage.pipeline_id !== pipelineId) throw invalid('stage_id', 'the stage belongs to another pipeline');
  return stage;
}

function firstStage(tables: WorkspaceTables, pipelineId: string): Stage {
  const [first] = tables.stages.findBy('pipeline', pipelineId).sort((a, b) => a.position - b.position);
  if (!first) throw invalid('pipeline_id', 'the pipeline has no stages');
  return first;
}

function invalid(field: string, message: string): ApiError {
  return new ApiError('validation_failed', { fields: { [field]: message } });
}
