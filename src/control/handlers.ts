// The control API under /_mock (openapi/mock-control.yaml): what the CRM leaves to its web app,
// for tests and tools that drive the mock.
import { ApiError } from '../errors/api-error.ts';
import type { HandlerMap } from '../http/handler.ts';
import type { MockState } from '../mock-state.ts';
import { addApiKey, createWorkspace } from '../workspaces/create-workspace.ts';
import type { Workspace } from '../workspaces/workspace.ts';

type Body = Record<string, any>;

function workspaceOf(state: MockState, id: string | undefined): Workspace {
  const workspace = id ? state.workspaces.get(id) : undefined;
  if (!workspace) throw new ApiError('not_found');
  return workspace;
}

function clockState(state: MockState, workspaceId: string) {
  const clock = state.clockOf(workspaceId);
  return { now: clock.isoNow(), frozen: clock.frozen };
}

export const controlHandlers: HandlerMap = {
  createWorkspace({ state, input }) {
    const { workspace, ownerKey } = createWorkspace(state, (input.body ?? {}) as Body);
    return {
      status: 201,
      body: {
        workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name, plan: workspace.plan, currency: workspace.currency },
        urls: state.config.urls,
        api_key: ownerKey.key,
        members: [...workspace.members.values()].map(({ id, role, name, email }) => ({ id, role, name, email })),
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
    if (!apiKey) throw new ApiError('not_found');
    apiKey.revokedAt ??= new Date(state.now(workspace.id)).toISOString();
    return { body: { ok: true, id: apiKey.id } };
  },

  getClock({ state, input }) {
    return { body: clockState(state, workspaceOf(state, input.path.ws).id) };
  },

  setClock({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    const clock = state.clockOf(workspace.id);
    const body = input.body as Body;
    if (typeof body.freeze === 'boolean') clock.freeze(body.freeze);
    if (typeof body.set === 'string') clock.set(Date.parse(body.set));
    if (typeof body.advance_seconds === 'number') clock.advance(body.advance_seconds * 1000);
    return { body: clockState(state, workspace.id) };
  },

  resetMock({ state }) {
    state.reset();
    return { body: { ok: true } };
  },
};
