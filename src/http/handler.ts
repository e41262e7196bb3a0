// What an operation's handler receives and returns. Handlers are registered by operationId.
import type { Caller } from '../auth/authenticate.ts';
import type { MockState } from '../mock-state.ts';
import type { OperationIdsByTag } from '../spec/generated/crm.d.ts';
import type { OperationId, OperationInput } from '../spec/operation-types.ts';
import type { Operation } from '../spec/operation-index.ts';
import type { ValidatedInput } from './request-validation.ts';

export type HandlerContext = {
  request: Request;
  requestId: string;
  operation: Operation;
  input: ValidatedInput;
  /** Set for every operation that takes credentials; undefined on public ones. */
  caller: Caller | undefined;
  state: MockState;
  /** The peer's IP address when the face knows it (node:http); public forms limit submissions by it. */
  clientAddress?: string | undefined;
};

/** A handler's context with its operation's input typed. */
export type OperationContext<Id extends OperationId> = Omit<HandlerContext, 'input'> & { input: OperationInput<Id> };

export type HandlerResult = Response | { status?: number; body?: unknown; headers?: Record<string, string> };

export type Handler = (context: HandlerContext) => HandlerResult | Promise<HandlerResult>;

export type HandlerMap = Record<string, Handler>;

/**
 * The handlers of one tag of the CRM document: every operation the tag groups, and nothing else, so
 * that a missing, stray or misspelt handler is a compile error (the table is generated from the
 * document by `npm run types`).
 */
export type TagHandlers<Tag extends keyof OperationIdsByTag> = { [Id in OperationIdsByTag[Tag]]: OperationHandler<Id> };

/** The handler of one operation: its input typed from the document. */
export type OperationHandler<Id extends OperationId> = (context: OperationContext<Id>) => HandlerResult | Promise<HandlerResult>;

/** The caller of an operation that requires credentials (the pipeline has checked them). */
export function callerOf(context: HandlerContext): Caller {
  if (!context.caller) throw new Error(`operation without credentials reached a handler that needs them`);
  return context.caller;
}
