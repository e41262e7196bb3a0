// What an operation's handler receives and returns. Handlers are registered by operationId.
import type { Caller } from '../auth/authenticate.ts';
import type { MockState } from '../mock-state.ts';
import type { OperationIdsByTag } from '../spec/generated/crm.d.ts';
import type { OperationId, OperationInput } from '../spec/operation-types.ts';
import type { Operation } from '../spec/operation-index.ts';
import type { ValidatedInput } from './request-validation.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export type HandlerContext = {
  request: Request;
  requestId: string;
  operation: Operation;
  input: ValidatedInput;
  /** Set for every operation that takes credentials; undefined on public ones. */
  caller: Caller | undefined;
  /**
   * The workspace whose transaction the handler runs in: the caller's, or the one a public
   * operation's request addresses (its handler's `workspaceOf`); undefined when there is none.
   */
  workspace?: Workspace | undefined;
  state: MockState;
  /** The peer's IP address when the face knows it (node:http); public forms limit submissions by it. */
  clientAddress?: string | undefined;
};

/** A handler's context with its operation's input typed. */
export type OperationContext<Id extends OperationId> = Omit<HandlerContext, 'input'> & { input: OperationInput<Id> };

export type HandlerResult = Response | { status?: number; body?: unknown; headers?: Record<string, string> };

export type Handler = ((context: HandlerContext) => HandlerResult | Promise<HandlerResult>) & AddressedWorkspace<HandlerContext>;

/**
 * A public operation (no caller, so no caller's transaction) that changes a workspace names it
 * from its request (a form's id, an app's client_id): the pipeline runs the handler, and the
 * handler seams around it, in one transaction of that workspace, as it runs a caller's request.
 * Undefined when the request names no workspace: the handler then refuses it, changing nothing.
 */
type AddressedWorkspace<Context> = { workspaceOf?: (context: Context) => Workspace | undefined };

export type HandlerMap = Record<string, Handler>;

/**
 * The handlers of one tag of the CRM document: every operation the tag groups, and nothing else, so
 * that a missing, stray or misspelt handler is a compile error (the table is generated from the
 * document by `npm run types`).
 */
export type TagHandlers<Tag extends keyof OperationIdsByTag> = { [Id in OperationIdsByTag[Tag]]: OperationHandler<Id> };

/** The handler of one operation: its input typed from the document. */
export type OperationHandler<Id extends OperationId> = ((context: OperationContext<Id>) => HandlerResult | Promise<HandlerResult>) &
  AddressedWorkspace<OperationContext<Id>>;

/** A public operation's handler that changes the workspace `workspaceOf` finds from its request (AddressedWorkspace). */
export function inAddressedWorkspace<Id extends OperationId>(
  workspaceOf: (context: OperationContext<Id>) => Workspace | undefined,
  handler: (context: OperationContext<Id>) => HandlerResult | Promise<HandlerResult>,
): OperationHandler<Id> {
  return Object.assign((context: OperationContext<Id>) => handler(context), { workspaceOf });
}

/** The caller of an operation that requires credentials (the pipeline has checked them). */
export function callerOf(context: HandlerContext): Caller {
  if (!context.caller) throw new Error(`operation without credentials reached a handler that needs them`);
  return context.caller;
}
