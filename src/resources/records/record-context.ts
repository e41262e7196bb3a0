// What a handler of a workspace's records works with: the caller's workspace and tables, who
// acts (for events and timelines), the workspace's time, events, and the list's page request.
import type { Caller } from '../../auth/authenticate.ts';
import { emit } from '../../events/emit.ts';
import type { CatalogEventType, EventObjectOf } from '../../events/event-types.ts';
import { SYSTEM_ACTOR, type Actor, type EventEnvelope } from '../../events/event-record.ts';
import { callerOf, type HandlerContext } from '../../http/handler.ts';
import type { MockState } from '../../mock-state.ts';
import { listOf, pageSize, type PageRequest } from '../../store/paging.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { Workspace } from '../../workspaces/workspace.ts';

export type RecordContext = {
  state: MockState;
  caller: Caller;
  workspace: Workspace;
  tables: WorkspaceTables;
  actor: Actor;
  /** The member the caller acts for (an API key's member, a token's installer), if any. */
  memberId: string | null;
  /** The workspace clock's time, RFC 3339. */
  nowIso(): string;
  /** Emits a catalog event (spec 6.4): its data as the document has it for that type (events/event-types.ts). */
  emit<T extends CatalogEventType>(type: T, object: EventObjectOf<T>): Promise<EventEnvelope>;
  /** The page the list operation asks for: `limit` and `cursor` bound to its filters. */
  pageRequest(): PageRequest;
};

/**
 * A context that acts as the system on behalf of the workspace's owner: for the control API,
 * seeding and scheduled work, which no credential of the API sends.
 */
export function systemContext(state: MockState, workspace: Workspace): RecordContext {
  const ownerKey = [...workspace.apiKeys.values()].find((apiKey) => apiKey.role === 'owner');
  if (!ownerKey) throw new Error(`workspace ${workspace.id} has no owner key`);
  const caller: Caller = {
    kind: 'api_key',
    apiKey: ownerKey,
    workspace,
    scopes: ownerKey.scopes,
    memberId: ownerKey.memberId,
    actor: { type: 'api_key', id: ownerKey.id },
  };
  return {
    state,
    caller,
    workspace,
    tables: workspace.tables,
    actor: SYSTEM_ACTOR,
    memberId: null,
    nowIso: () => new Date(workspace.now()).toISOString(),
    emit: (type, object) => emit(workspace, SYSTEM_ACTOR, type, object),
    pageRequest: () => {
      throw new Error('a system context lists nothing');
    },
  };
}

export function recordContext(context: HandlerContext): RecordContext {
  const caller = callerOf(context);
  const { state, operation, input } = context;
  const { workspace } = caller;
  return {
    state,
    caller,
    workspace,
    tables: workspace.tables,
    actor: caller.actor,
    memberId: caller.memberId,
    nowIso: () => new Date(workspace.now()).toISOString(),
    emit: (type, object) => emit(workspace, caller.actor, type, object),
    pageRequest: () => ({
      list: listOf(operation, input.query),
      limit: pageSize(operation, input.query),
      cursor: input.query.cursor as string | undefined,
      codec: state.cursors,
    }),
  };
}
