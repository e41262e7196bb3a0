// /_mock/workspaces/{ws}/snapshot: export a workspace whole, and put such a snapshot back.
import type { HandlerMap } from '../http/handler.ts';
import { restoreSnapshot } from '../workspaces/restore-snapshot.ts';
import { snapshotWhenIdle } from '../workspaces/snapshot.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

export const snapshotHandlers: HandlerMap = {
  async getWorkspaceSnapshot({ state, input }) {
    return { body: await snapshotWhenIdle(state, workspaceOf(state, input.path.ws)) };
  },

  async putWorkspaceSnapshot({ state, input }) {
    const workspace = await restoreSnapshot(state, input.body, input.path.ws!);
    return { body: { ok: true, id: workspace.id } };
  },
};
