// Records of the four numbered kinds (spec 2.1: leads, contacts, companies, tasks), made for a
// check with the least each needs and deleted at the end of the run. A task needs an assignee
// when an API key creates it (spec 4.10): the first active member listed.
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { RECORD_OPERATIONS } from './record-operations.ts';

export type NumberedKind = 'leads' | 'contacts' | 'companies' | 'tasks';

export const NUMBERED_KINDS: readonly NumberedKind[] = ['leads', 'contacts', 'companies', 'tasks'];

/** The short prefix of each kind's ids (spec 2.2). */
export const PREFIX: Record<NumberedKind, string> = { leads: 'ld', contacts: 'ct', companies: 'co', tasks: 'tk' };

/** The id of an active member of the workspace, for a task's assignee or a lead's owner. */
export async function activeMemberId(context: CheckContext): Promise<string> {
  const members = await context.client.call('listMembers');
  if (members.status !== 200)
    context.skip(`needs the workspace's members (users:read) for an assignee or owner; GET /v1/members answered ${answerOf(members)}`);
  const member = members.json.data.find(
    (candidate: { status?: string }) => candidate.status === undefined || candidate.status === 'active',
  );
  return member?.id ?? context.skip('needs an active member of the workspace (none is listed)');
}

/** The body that creates a record of the kind, named with the run id. */
export function createBody(context: CheckContext, kind: NumberedKind, assigneeId: string): Record<string, unknown> {
  const name = `conformance ${context.runId}`;
  return kind === 'tasks' ? { title: name, assignee_id: assigneeId } : { name };
}

/** Creates a record of the kind, deleted at the end of the run; fails the check when refused. */
export async function createRecord(context: CheckContext, kind: NumberedKind, body: Record<string, unknown>): Promise<any> {
  if (context.target.readOnly) context.skip('needs writes; the run is read-only');
  const created = await context.client.call(RECORD_OPERATIONS[kind].create, { body });
  if (created.status === 201) context.cleanup(() => context.client.call(RECORD_OPERATIONS[kind].remove, { path: { id: created.json.id } }));
  context.expectStatus(created, 201);
  return created.json;
}

/** The same answer as a reference: status and error code. */
export function answerOf(answer: { status: number; json: any }): string {
  return `${answer.status} ${answer.json?.error?.code ?? ''}`.trim();
}

/**
 * A record not found (or not visible to the key) answers 404, errors.status-404 (7.2), with the
 * code not_found, errors.not-found (7.3), judged on a 404 only: a wrong status is one rule's breach.
 */
export function judgeNotFound(context: CheckContext, answer: Exchange, what: string): void {
  context.judge('errors.status-404', answer.status === 404 ? undefined : `${what} answered ${answerOf(answer)}, not 404`, answer);
  if (answer.status !== 404) return context.skipRule('errors.not-found', `${what} was not answered 404 (errors.status-404)`);
  const code = answer.json?.error?.code;
  context.judge('errors.not-found', code === 'not_found' ? undefined : `${what} answered 404 ${code ?? ''}, not not_found`, answer);
}
