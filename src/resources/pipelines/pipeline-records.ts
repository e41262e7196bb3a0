// Pipelines and their stages as stored: a pipeline's `stages` are read from the stage table.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Stage = components['schemas']['Stage'];
export type StoredPipeline = Omit<components['schemas']['Pipeline'], 'stages'>;

export const pipelineTable: TableDefinition<StoredPipeline> = { document: 'crm', schema: 'Pipeline', computed: ['stages'] };

export const stageTable: TableDefinition<Stage> = {
  document: 'crm',
  schema: 'Stage',
  lookups: { pipeline: (stage) => stage.pipeline_id },
};
