// /_mock/requests and /_mock/workspaces/{ws}/requests: the request journal (src/journal/).
import type { HandlerMap } from '../http/handler.ts';
import type { JournalFilter } from '../journal/request-journal.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

export const requestHandlers: HandlerMap = {
  listRequests({ state, input }) {
    return { body: { data: state.journal.list(filterOf(input.query)) } };
  },

  listWorkspaceRequests({ state, input }) {
    const workspace = workspaceOf(state, input.path.ws);
    return { body: { data: state.journal.list({ ...filterOf(input.query), workspaceId: workspace.id }) } };
  },

  clearRequests({ state }) {
    state.journal.clear();
    return { body: { ok: true } };
  },
};

function filterOf(query: Record<string, unknown>): JournalFilter {
  const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined);
  return {
    operation: query.operation as string | undefined,
    status: query.status as string | undefined,
    since: time(query.since),
    until: time(query.until),
    limit: (query.limit as number | undefined) ?? 100,
  };
}
