// /_mock/workspaces/{ws}/events: the workspace's outbox, newest first.
import type { HandlerMap } from '../http/handler.ts';
import { listOf, newestFirstPage, pageSize } from '../store/paging.ts';
import { workspaceOf } from '../workspaces/workspace-of.ts';

export const eventHandlers: HandlerMap = {
  async listEvents({ state, operation, input }) {
    const { tables } = workspaceOf(state, input.path.ws);
    const type = input.query.type as string | undefined;
    const page = await newestFirstPage(
      tables.events,
      {
        list: listOf(operation, input.query),
        limit: pageSize(operation, input.query),
        cursor: input.query.cursor as string | undefined,
        codec: state.cursors,
      },
      (event) => type === undefined || event.type === type,
    );
    return { body: page };
  },
};
