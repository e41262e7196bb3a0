// Handlers of the pipelines routes, by operationId: read-only and inferred (spec 4.14), each
// pipeline shown with its stages in order.
import type { TagHandlers } from '../../http/handler.ts';
import { findRecord } from '../../store/find-record.ts';
import { recordContext } from '../records/record-context.ts';
import { pipelinesInOrder, presentPipeline } from './present-pipeline.ts';

export const pipelinesHandlers: TagHandlers<'Pipelines'> = {
  listPipelines(context) {
    const { tables } = recordContext(context);
    return { body: { data: pipelinesInOrder(tables).map((pipeline) => presentPipeline(tables, pipeline)) } };
  },

  // findRecord reads the long prefix `pipeline_` as `pl_` (spec 2.2).
  getPipeline(context) {
    const { tables } = recordContext(context);
    return { body: presentPipeline(tables, findRecord(tables.pipelines, context.input.path.id)) };
  },
};
