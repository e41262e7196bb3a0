// A pipeline as the API shows it: with its stages in order.
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { Stage, StoredPipeline } from './pipeline-records.ts';

export function presentPipeline(tables: WorkspaceTables, pipeline: StoredPipeline): StoredPipeline & { stages: Stage[] } {
  const stages = tables.stages.findBy('pipeline', pipeline.id).sort((a, b) => a.position - b.position);
  return { ...pipeline, stages };
}

export function pipelinesInOrder(tables: WorkspaceTables): StoredPipeline[] {
  return [...tables.pipelines.values()].sort((a, b) => a.position - b.position);
}
