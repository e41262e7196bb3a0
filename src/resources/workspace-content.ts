// Building blocks of a workspace's content that the web app creates (pipelines, channels, forms,
// apps): the starter content and the control API both use them.
import { randomBase64url } from '../store/random-text.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { App } from './apps/app-record.ts';
import type { Channel, ChannelType } from './channels/channel-record.ts';
import type { Form } from './forms/form-record.ts';
import type { Stage, StoredPipeline } from './pipelines/pipeline-records.ts';
import { pipelinesInOrder } from './pipelines/present-pipeline.ts';

type LocalizedText = Record<string, string>;

export type PipelineSpec = { name: LocalizedText; stages: { name: LocalizedText; type: Stage['type'] }[] };

/** A pipeline after the existing ones, with its stages in the order given. */
export async function addPipeline(workspace: Workspace, spec: PipelineSpec): Promise<StoredPipeline> {
  const { tables } = workspace;
  const pipeline = await tables.pipelines.insert({
    id: workspace.newId('pipeline'),
    name: spec.name,
    position: tables.pipelines.size,
    created_at: isoNow(workspace),
  });
  for (const [position, stage] of spec.stages.entries()) {
    await tables.stages.insert({ id: workspace.newId('stage'), pipeline_id: pipeline.id, name: stage.name, type: stage.type, position });
  }
  return pipeline;
}

export async function addChannel(workspace: Workspace, type: ChannelType, name: string): Promise<Channel> {
  return workspace.tables.channels.insert({ id: workspace.newId('channel'), type, name, status: 'active' });
}

export type FormSpec = Omit<Form, 'id' | 'created_at' | 'pipeline_id' | 'stage_id'> & { pipeline_id?: string; stage_id?: string };

/** A form; without a pipeline and stage it feeds the first stage of the first pipeline. */
export async function addForm(workspace: Workspace, spec: FormSpec): Promise<Form> {
  const { tables } = workspace;
  const pipeline_id = spec.pipeline_id ?? pipelinesInOrder(tables)[0]!.id;
  const stage_id = spec.stage_id ?? tables.stages.findBy('pipeline', pipeline_id).sort((a, b) => a.position - b.position)[0]!.id;
  return tables.forms.insert({ ...spec, id: workspace.newId('form'), pipeline_id, stage_id, created_at: isoNow(workspace) });
}

export type AppSpec = { name: string; redirect_uri: string; scopes: string[]; public?: boolean; webhook_url?: string | null };

/** An app whose client id is its id (spec 5.2); a public client has no secret. */
export async function addApp(workspace: Workspace, spec: AppSpec): Promise<App> {
  const id = workspace.newId('app');
  return workspace.tables.apps.insert({
    id,
    name: spec.name,
    client_id: id,
    client_secret: spec.public ? null : randomBase64url(32),
    redirect_uri: spec.redirect_uri,
    scopes: spec.scopes,
    webhook_url: spec.webhook_url ?? null,
    created_at: isoNow(workspace),
  });
}

function isoNow(workspace: Workspace): string {
  return new Date(workspace.now()).toISOString();
}
