// What the mutants of conversations share (areas/conversations-*.ts, conventions-conversations.ts): the
// operations that manage a conversation and answer one (spec 4.8), and its answers changed.
import type { OperationId } from '../spec/operation-types.ts';
import { changed, jsonOf } from './fault.ts';
import { onOperation, probe } from './request-match.ts';

/** The manage routes of a conversation (spec 4.8), and the action each names. */
export const MANAGE_ACTIONS = {
  assignConversation: 'assign',
  resolveConversation: 'resolve',
  reopenConversation: 'reopen',
  snoozeConversation: 'snooze',
} as const satisfies Partial<Record<OperationId, string>>;

export const MANAGE = Object.keys(MANAGE_ACTIONS) as (keyof typeof MANAGE_ACTIONS)[];

/** The operations that answer conversations: the list, a read and the manage routes. */
export const CONVERSATION_ANSWERS = ['listConversations', 'getConversation', ...MANAGE] as const satisfies readonly OperationId[];

export const DAY_MS = 86_400_000;

/** Changes every conversation a successful answer shows (a list, a read, a manage route's answer). */
export function alterConversations(alter: (conversation: any) => any) {
  return onOperation(CONVERSATION_ANSWERS, async (next, request, info) => {
    const response = await next(request, info);
    if (!response.ok) return response;
    const body = await jsonOf(response);
    if (!body) return response;
    return changed(response, { body: Array.isArray(body.data) ? { ...body, data: body.data.map(alter) } : alter(body) });
  });
}

/** A read of the conversation with the request's credential: an answer the fault gives in place of the route's lends its request id. */
export const conversationRead = (request: Request, id: string) => probe(request, `/v1/conversations/${id}`);
