// /_mock/workspaces (made and deleted) and their API keys, and /_mock/reset.
import type { HandlerMap } from '../http/handler.ts';
import { pipelinesInOrder, presentPipeline } from '../resources/pipelines/present-pipeline.ts';
import { seedDemoWorkspace } from '../seed/demo-workspace.ts';
import { addApiKey, createWorkspace } from '../workspaces/create-workspace.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';
import { notFound } from '../errors/not-found.ts';

type Body = Record<string, any>;

export const workspaceHandlers: HandlerMap = {
  async createWorkspace({ state, input }) {
    const body = (input.body ?? {}) as Body;
    const { workspace, ownerKey } =
      body.seed === undefined
        ? await createWorkspace(state, body)
        : await seedDemoWorkspace(state, { seed: body.seed, leads: body.seed_size, settings: body });
    const { tables } = workspace;
    return {
      status: 201,
      body: {
        workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name, plan: workspace.plan, currency: workspace.currency },
        urls: state.config.urls,
        api_key: ownerKey.key,
        members: [...workspace.members.values()].map(({ id, role, name, email }) => ({ id, role, name, email })),
        pipelines: pipelinesInOrder(tables).map((pipeline) => presentPipeline(tables, pipeline)),
        channels: [...tables.channels.values()],
        forms: [...tables.forms.values()],
        app: tables.apps.values().next().value,
      },
    };
  },

  createApiKey({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const body = input.body as Body;
    const role = body.role ?? 'admin';
    const member = [...workspace.members.values()].find((candidate) => candidate.role === role);
    const apiKey = addApiKey(state, workspace, {
      name: body.name ?? `Key ${workspace.apiKeys.size + 1}`,
      scopes: body.scopes,
      role,
      memberId: member?.id ?? null,
      expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : null,
      allowedIps: body.allowed_ips ?? [],
    });
    return { status: 201, body: { id: apiKey.id, key: apiKey.key } };
  },

  revokeApiKey({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const apiKey = workspace.apiKeys.get(input.path.key_id ?? '');
    if (!apiKey) throw notFound(input.path.key_id ?? '', 'apiKey');
    apiKey.revokedAt ??= new Date(workspace.now()).toISOString();
    return { body: { ok: true, id: apiKey.id } };
  },

  // Its records, deliveries and scheduled work go with it; --state writes it as gone (durable-state/state-journal.ts catchUp).
  deleteWorkspace({ state, input }) {
    const id = input.path.ws ?? '';
    if (!state.removeWorkspace(id)) throw notFound(id, 'workspace');
    return { body: { ok: true, id } };
  },

  resetMock({ state }) {
    state.reset();
    return { body: { ok: true } };
  },
};
