// /_mock/workspaces/{ws}/{pipelines,channels,forms,apps}: content the web app creates.
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import { presentPipeline } from '../resources/pipelines/present-pipeline.ts';
import { normalizeId } from '../ids/ids.ts';
import { STARTER_FORM } from '../resources/starter-content.ts';
import {
  addApp,
  addChannel,
  addForm,
  addPipeline,
  type AppSpec,
  type FormSpec,
  type PipelineSpec,
} from '../resources/workspace-content.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

type Body = Record<string, any>;

export const contentHandlers: HandlerMap = {
  async addPipeline({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const pipeline = await workspace.transactions.run(() => addPipeline(workspace, input.body as PipelineSpec));
    return { status: 201, body: presentPipeline(workspace.tables, pipeline) };
  },

  async addChannel({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const body = input.body as Body;
    const sameType = workspace.tables.channels.findBy('type', body.type).length;
    const channel = await workspace.transactions.run(() => addChannel(workspace, body.type, body.name ?? `${body.type} ${sameType + 1}`));
    return { status: 201, body: channel };
  },

  async addForm({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const spec = { ...STARTER_FORM, ...(input.body as Body), ...placement(workspace, input.body as Body) } as FormSpec;
    return { status: 201, body: await workspace.transactions.run(() => addForm(workspace, spec)) };
  },

  async addApp({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    return { status: 201, body: await workspace.transactions.run(() => addApp(workspace, input.body as AppSpec)) };
  },
};

/** A form's pipeline and stage, checked like a lead's (the stage must be of the pipeline). */
function placement(workspace: Workspace, body: Body): { pipeline_id?: string; stage_id?: string } {
  const pipeline_id = body.pipeline_id === undefined ? undefined : normalizeId(body.pipeline_id);
  const stage_id = body.stage_id === undefined ? undefined : normalizeId(body.stage_id);
  if (pipeline_id && !workspace.tables.pipelines.get(pipeline_id)) throw invalid('pipeline_id');
  const stage = stage_id ? workspace.tables.stages.get(stage_id) : undefined;
  if (stage_id && (!stage || (pipeline_id && stage.pipeline_id !== pipeline_id))) throw invalid('stage_id');
  return { pipeline_id: pipeline_id ?? stage?.pipeline_id, stage_id };
}

function invalid(field: string): ApiError {
  return new ApiError('validation_failed', { fields: { [field]: 'no such record in this workspace, or a stage of another pipeline' } });
}
