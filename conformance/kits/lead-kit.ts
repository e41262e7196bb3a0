// What the leads, query and paging checks share: records named with the run id and deleted at the
// end, the member the key acts for, and a problem message for a field that is not as expected.
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { RECORD_OPERATIONS, type RecordCollection } from './record-operations.ts';

/** A record created at `path` (201 expected), deleted when the run ends. */
export async function createRecord(
  context: CheckContext,
  path: `/v1/${RecordCollection}`,
  body: Record<string, unknown>,
  key?: string,
): Promise<any> {
  if (context.target.readOnly) context.skip('needs writes; the run is read-only');
  const operations = RECORD_OPERATIONS[path.replace('/v1/', '') as RecordCollection];
  const answer = await context.client.call(operations.create, { body, ...(key ? { key } : {}) });
  if (answer.status !== 201) context.fail(`POST ${path} answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 201`, answer);
  context.cleanup(() => context.client.call(operations.remove, { path: { id: answer.json.id } }));
  return answer.json;
}

/** A contact named with the run id and `label`. */
export function createContact(context: CheckContext, label: string, extra: Record<string, unknown> = {}): Promise<any> {
  return createRecord(context, '/v1/contacts', { name: `conformance ${context.runId} ${label}`, ...extra });
}

/** A company (its routes are inferred, spec 4.14) named with the run id. */
export function createCompany(context: CheckContext, label: string): Promise<any> {
  return createRecord(context, '/v1/companies', { name: `conformance ${context.runId} ${label}` });
}

/** Deletes a lead created without `context.createLead` (its 201 is the check's to judge) at the end of the run. */
export function deleteLater(context: CheckContext, created: Exchange): void {
  if (created.status === 201 && created.json?.id)
    context.cleanup(() => context.client.call('deleteLead', { path: { id: created.json.id } }));
}

type Member = { id: string; name: string; status?: string; is_me?: boolean };

/**
 * Two members of the workspace (`GET /v1/members`) to own leads: the one the key acts for
 * (`is_me`) when there is one, and another active member. Spec 2.7 gives `is_me` but ties no API
 * key to a member, so `isMe` says whether `me` is the key's own (only `owner=me` needs that).
 */
export async function members(
  context: CheckContext,
): Promise<{ me: Member | undefined; other: Member | undefined; isMe: boolean; listed: number }> {
  const answer = await context.client.call('listMembers');
  if (answer.status !== 200) context.skip(`GET /v1/members answered ${answer.status}: member ids are unknown`);
  const list: Member[] = answer.json.data;
  const own = list.find((member) => member.is_me);
  const me = own ?? list.find((member) => member.status !== 'deactivated');
  return {
    me,
    other: list.find((member) => member.id !== me?.id && member.status !== 'deactivated'),
    isMe: own !== undefined,
    listed: list.length,
  };
}

/** Why `members` found fewer than two to own leads, in numbers: "GET /v1/members lists 1 (1 not deactivated)". */
export function fewerMembers(listed: number, me: Member | undefined): string {
  return `GET /v1/members lists ${listed} (${me ? 1 : 0} not deactivated)`;
}

/** Expected against actual (objects compared whatever the order of their keys), as a problem or nothing. */
export function differs(what: string, actual: unknown, expected: unknown): string | undefined {
  return canonical(actual) === canonical(expected) ? undefined : `${what} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`;
}

/**
 * Expected against actual for an object whose stated keys are `expected`'s: each must have its
 * value, and other keys are let through (spec 9: new fields can appear at any time).
 */
export function differsInKeys(what: string, actual: unknown, expected: Record<string, unknown>): string | undefined {
  if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return differs(what, actual, expected);
  const stated = Object.fromEntries(Object.keys(expected).map((key) => [key, (actual as Record<string, unknown>)[key]]));
  return canonical(stated) === canonical(expected) ? undefined : `${what} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`;
}

/** Expected against actual for a list whose order the spec does not state (a record's tags): the same items in any order. */
export function differsAsSet(what: string, actual: unknown, expected: unknown[]): string | undefined {
  const sorted = (list: unknown) => (Array.isArray(list) ? [...list].sort() : list);
  if (canonical(sorted(actual)) === canonical(sorted(expected))) return undefined;
  return `${what} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)} (in any order)`;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/** Tags of the run made through `POST /v1/tags`, deleted at the end; none when the key may not make tags (tags:manage). */
export async function runTags(context: CheckContext, labels: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const label of labels) {
    const answer = await context.client.call('createTag', { body: { name: `c${context.runId}${label}`.slice(0, 32) } });
    if (answer.status !== 201) return [];
    context.cleanup(() => context.client.call('deleteTag', { path: { id: answer.json.id } }));
    names.push(answer.json.name);
  }
  return names;
}

/** The 422 validation_failed naming `field`, as a problem or nothing. */
export function refusedNaming(
  answer: Exchange,
  field: string,
  statuses: number[] = [422],
  codes: string[] = ['validation_failed'],
): string | undefined {
  const code = answer.json?.error?.code;
  if (!statuses.includes(answer.status) || !codes.includes(code))
    return `answered ${answer.status} ${code ?? ''}, not ${statuses.join('/')} ${codes.join('/')}`;
  // not_found names a record, not a field.
  if (code === 'not_found') return undefined;
  const fields = answer.json.error.fields ?? {};
  return Object.keys(fields).some((name) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`))
    ? undefined
    : `${code} does not name ${field} in fields`;
}

/** Ids of a list answer's records. */
export function idsOf(answer: Exchange): string[] {
  return (answer.json?.data ?? []).map((record: { id: string }) => record.id);
}
