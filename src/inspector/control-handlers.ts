// The control routes of the inspector page (openapi/control/inspector.yaml) and the list of
// workspaces it picks from (openapi/mock-control.yaml, listWorkspaces).
import { workspaceOf } from '../workspaces/workspace-of.ts';
import type { HandlerMap } from '../http/handler.ts';
import { errorPage, webhooksPage } from './docs-pages.ts';
import { pageFile } from './page-files.ts';
import { scheduledWork } from './scheduled-work.ts';
import { inspectWebhooks } from './webhook-view.ts';

export const inspectorHandlers: HandlerMap = {
  getInspectorPage: () => pageFile('index.html'),

  getInspectorFile: ({ input }) => pageFile(String(input.path.file)),

  getErrorPage: ({ input }) => errorPage(String(input.path.code)),

  getWebhooksPage: () => webhooksPage(),

  listWorkspaces({ state }) {
    const data = [...state.workspaces.values()].map(({ id, slug, name, plan }) => ({ id, slug, name, plan }));
    return { body: { data } };
  },

  inspectWebhooks({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    return { body: { data: inspectWebhooks(workspace, (input.query.limit as number | undefined) ?? 50) } };
  },

  listScheduledWork({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    return { body: { now: workspace.clock.isoNow(), pending: workspace.clock.pending, data: scheduledWork(workspace) } };
  },
};
