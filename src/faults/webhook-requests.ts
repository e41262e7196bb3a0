// What the mutants of webhooks share (areas/webhooks-*.ts, conventions-webhooks.ts): the operations of a
// webhook record and of its deliveries (spec 4.11), the stored webhook of a request, and its answers changed.
import type { MockState } from '../mock-state.ts';
import type { StoredWebhook } from '../resources/webhooks/webhook-record.ts';
import { normalizeId } from '../ids/ids.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import type { OperationId } from '../spec/operation-types.ts';
import { changed, jsonOf, type Handle } from './fault.ts';
import { onOperation } from './request-match.ts';

/** The webhook routes of the document (spec 4.11), by operationId. */
export const WEBHOOK_RECORD = [
  'listWebhooks',
  'createWebhook',
  'getWebhook',
  'updateWebhook',
  'deleteWebhook',
] as const satisfies readonly OperationId[];

export const WEBHOOK_DELIVERIES = [
  'listWebhookDeliveries',
  'getWebhookDelivery',
  'replayWebhookDelivery',
] as const satisfies readonly OperationId[];

/** The request handle left as it is: the fault lives in `alterAttempt`. */
export const unchanged = (next: Handle): Handle => next;

export function findWebhook(state: MockState, id: string): { workspace: Workspace; webhook: StoredWebhook } | undefined {
  for (const workspace of state.workspaces.values()) {
    const webhook = workspace.tables.webhooks.get(normalizeId(id));
    if (webhook) return { workspace, webhook };
  }
  return undefined;
}

/** Changes the JSON body of a successful answer of `operations`. */
export function alterAnswer(operations: readonly OperationId[], alter: (body: any, state: MockState) => any) {
  return (next: Handle, state: MockState): Handle =>
    onOperation(operations, async (inner, request, info) => {
      const response = await inner(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return body && typeof body === 'object' ? changed(response, { body: alter(body, state) }) : response;
    })(next, state);
}
