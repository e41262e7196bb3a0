// What the state family's tag, note and task checks share (spec 2.5, 2.6, 2.12, 4.4, 4.5, 4.10):
// tags, records and tasks made for the run and deleted at its end, reads of a record's tags, the
// members to assign tasks to, and keys of other scopes (only a crmkit mock can mint them).
import { loadDocument } from '../../src/spec/document.ts';
import { schemaEnum } from '../../src/spec/schema-enum.ts';
import type { components } from '../../src/spec/generated/crm.d.ts';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import type { OperationParameters } from '../operation-call.ts';
import { RECORD_OPERATIONS } from './record-operations.ts';
import { controlCall, mockNowMs } from '../mock-control.ts';

const document = loadDocument('crm');

/** Spec 2.5: the ten palette colors. */
export const PALETTE: readonly string[] = schemaEnum(document, 'TagColor');
/** A palette color as the document types it (a body of updateTag takes only these). */
export type TagColor = components['schemas']['TagColor'];
/** Spec 2.6: the kinds of timeline items. */
export const TIMELINE_KINDS: readonly string[] = schemaEnum(document, 'TimelineKind');

export type Tag = { id: string; name: string; color: string; created_at: string; usage?: Record<string, number> };
export type TaggedKind = 'leads' | 'contacts';

/** POSTs a tag; the answer as it came (any status). A tag it creates is deleted at the end. */
export async function postTag(context: CheckContext, body: Record<string, unknown>, key?: string): Promise<Exchange> {
  if (context.target.readOnly) context.skip('needs a write; the run is read-only');
  // send: checks post bodies the document refuses (a missing or invalid name), so the body is not typed as createTag's.
  const answer = await context.client.send('POST', '/v1/tags', { body, ...(key ? { key } : {}) });
  if (answer.status === 201 && answer.json?.id) context.cleanup(() => context.client.call('deleteTag', { path: { id: answer.json.id } }));
  return answer;
}

/** A new tag (201 expected). */
export async function createTag(context: CheckContext, name: string, color?: string): Promise<Tag> {
  const answer = await postTag(context, { name, ...(color ? { color } : {}) });
  context.expectStatus(answer, 201);
  return answer.json;
}

/** A lead or contact named with the run id (201 expected), deleted at the end. */
export async function createRecord(
  context: CheckContext,
  kind: TaggedKind,
  body: Record<string, unknown> = {},
  key?: string,
): Promise<any> {
  if (context.target.readOnly) context.skip('needs a write; the run is read-only');
  const name = `conformance ${context.runId}`;
  const created = await context.client.call(RECORD_OPERATIONS[kind].create, { body: { name, ...body }, ...(key ? { key } : {}) });
  context.expectStatus(created, 201);
  context.cleanup(() => context.client.call(RECORD_OPERATIONS[kind].remove, { path: { id: created.json.id } }));
  return created.json;
}

/** A record's tags as a read shows them. */
export async function tagsOf(context: CheckContext, kind: TaggedKind, id: string): Promise<string[]> {
  const read = await context.client.call(RECORD_OPERATIONS[kind].get, { path: { id } });
  context.expectStatus(read, 200);
  return read.json.tags;
}

/** The tag list (200 expected). */
export async function tagList(
  context: CheckContext,
  query: OperationParameters<'listTags'>['query'] = {},
  key?: string,
): Promise<{ exchange: Exchange; tags: Tag[] }> {
  const exchange = await context.client.call('listTags', { query, ...(key ? { key } : {}) });
  context.expectStatus(exchange, 200);
  return { exchange, tags: exchange.json?.data ?? [] };
}

/** Same names, in any order. */
export function sameNames(actual: readonly string[] | undefined, expected: readonly string[]): boolean {
  return Array.isArray(actual) && actual.length === expected.length && [...actual].sort().join('\n') === [...expected].sort().join('\n');
}

/** An API key of the mock workspace with these scopes and role; skips against a deployment. */
export async function mockKey(context: CheckContext, scopes: string[], role = 'manager'): Promise<string> {
  if (!context.target.mock) context.skip('needs keys of other scopes, which only a crmkit mock lets the suite make (its control API)');
  const created = await controlCall(context, 'POST', `/_mock/workspaces/${context.target.mock.workspaceId}/api-keys`, {
    scopes,
    role,
    name: `conformance ${context.runId}`,
  });
  return created.key;
}

export type Member = { id: string; name: string; role: string; status?: string; is_me?: boolean };

/**
 * The workspace's active members (skips when it lists none). A skip names its real cause: a list
 * that did not answer (a key without users:read) is not a workspace without members.
 */
export async function activeMembers(context: CheckContext): Promise<Member[]> {
  const members = await context.client.call('listMembers');
  if (members.status !== 200)
    context.skip(
      `needs the workspace's members: GET /v1/members answered ${members.status}${members.status === 403 ? ' (the key lacks users:read?)' : ''}`,
    );
  const listed: Member[] = members.json?.data ?? [];
  const active = listed.filter((member) => member.status === undefined || member.status === 'active');
  if (!active.length) context.skip(`GET /v1/members lists no active member to assign a task to (${listed.length} listed, none active)`);
  return active;
}

/** A task named with the run id (201 expected), deleted at the end. */
export async function createTask(context: CheckContext, body: Record<string, unknown>): Promise<any> {
  if (context.target.readOnly) context.skip('needs a write; the run is read-only');
  const created = await context.client.call('createTask', { body: { title: `conformance ${context.runId}`, ...body } });
  context.expectStatus(created, 201);
  context.cleanup(() => context.client.call('deleteTask', { path: { id: created.json.id } }));
  return created.json;
}

/**
 * The target's now: a mock's workspace clock (other checks move it), else this machine's clock
 * (spec 2.1 times are real; the checks keep a day's margin around every boundary they use).
 */
export async function targetNow(context: CheckContext): Promise<number> {
  return context.target.mock ? mockNowMs(context) : Date.now();
}

/** An ISO time `hours` after `now`. */
export function hoursAfter(now: number, hours: number): string {
  return new Date(now + hours * 3_600_000).toISOString();
}

/** The field of a 422 answer's `fields`, or undefined. */
export function fieldProblem(exchange: Exchange, field: string): string | undefined {
  return exchange.json?.error?.fields?.[field];
}

/** A refusal of a bad value: 422 validation_failed, or 400 for a value the schema refuses. */
export function refusedValue(exchange: Exchange): string | undefined {
  if (exchange.status === 422 || exchange.status === 400) return undefined;
  return `answered ${exchange.status}, not a refusal (422 validation_failed or 400)`;
}
