// What the records checks share (contacts, companies, products, custom fields, members and teams:
// spec 2.4, 2.7, 2.8, 2.11, 4.3, 4.6, 4.7, 4.9): records named with the run id and deleted at the
// end, unique phones and emails so that searches find only this run's records, keys of chosen
// scopes and web app sessions from a mock's control API, and small judging helpers.
import { controlCall } from '../mock-control.ts';
import type { CheckContext } from '../context.ts';
import type { Exchange } from '../exchange.ts';
import { RECORD_OPERATIONS } from './record-operations.ts';

/** Creates a record by POST and deletes it at the end; fails the check unless it answers 201. */
export async function createRecord(
  context: CheckContext,
  collection: 'contacts' | 'companies' | 'products',
  body: Record<string, unknown>,
  rule?: string,
): Promise<Exchange> {
  if (context.target.readOnly) context.skip('needs writes; the run is read-only');
  const created = await context.client.call(RECORD_OPERATIONS[collection].create, { body });
  if (created.status === 201 && created.json?.id)
    context.cleanup(() => context.client.call(RECORD_OPERATIONS[collection].remove, { path: { id: created.json.id } }));
  else context.fail(`POST /v1/${collection} answered ${created.status}, not 201`, created, rule);
  return created;
}

/** A contact named with the run id (when no other name, phone or email is given). */
export async function createContact(context: CheckContext, body: Record<string, unknown> = {}, rule?: string): Promise<Exchange> {
  const hasIdentity = ['name', 'phone', 'phones', 'email', 'emails'].some((field) => field in body);
  return createRecord(context, 'contacts', hasIdentity ? body : { name: `conformance ${context.runId}`, ...body }, rule);
}

/** Seven random digits: mobile numbers no other record of the workspace is likely to hold. */
export function randomSubscriber(): string {
  return String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
}

/** A word made of the run id and a label, searchable as one token. */
export function token(context: CheckContext, label: string): string {
  return `${label}${context.runId.replace(/[^a-z0-9]/gi, '').toLowerCase()}${Math.random().toString(36).slice(2, 6)}`;
}

/** A problem when the answer is not `validation_failed` naming `field` in `fields`. */
export function validationProblem(exchange: Exchange, field: string): string | undefined {
  if (exchange.status !== 422) return `answered ${exchange.status}, not 422 validation_failed`;
  const error = exchange.json?.error;
  if (error?.code !== 'validation_failed') return `code ${error?.code}, not validation_failed`;
  if (!error.fields || !(field in error.fields)) return `fields does not name ${field}: ${JSON.stringify(error.fields)}`;
  return undefined;
}

/** A problem when the answer is not `missing_scope` naming `scope`. */
export function missingScopeProblem(exchange: Exchange, scope: string): string | undefined {
  if (exchange.status !== 403 || exchange.json?.error?.code !== 'missing_scope')
    return `answered ${exchange.status} ${exchange.json?.error?.code ?? ''}, not 403 missing_scope`;
  if (exchange.json.error.scope !== scope) return `error.scope is ${exchange.json.error.scope}, not ${scope}`;
  return undefined;
}

/** The ids in a list answer, in order. */
export function idsOf(list: Exchange): string[] {
  return Array.isArray(list.json?.data) ? list.json.data.map((item: { id: string }) => item.id) : [];
}

/** A key of the mock workspace with exactly these scopes (control API; skips elsewhere). */
export async function mockKey(context: CheckContext, scopes: string[], reason: string): Promise<string> {
  if (!context.target.mock) context.skip(`${reason} needs a key of chosen scopes, which a crmkit mock's control API makes`);
  const created = await controlCall(context, 'POST', `/_mock/workspaces/${context.target.mock.workspaceId}/api-keys`, {
    scopes,
    name: `conformance ${context.runId}`,
  });
  return created.key;
}

/** The `Cookie` header of a web app session of an active member of the role (control API; skips elsewhere). */
export async function mockSession(context: CheckContext, role: string): Promise<{ cookie: string; memberId: string }> {
  if (!context.target.mock)
    context.skip('first-party web app routes need a signed-in member, which only a crmkit mock can give (control API sessions)');
  const workspace = context.target.mock.workspaceId;
  const member = await controlCall(context, 'POST', `/_mock/workspaces/${workspace}/members`, {
    role,
    name: `conformance ${context.runId} ${role}`,
  });
  const session = await controlCall(context, 'POST', `/_mock/workspaces/${workspace}/sessions`, { member_id: member.id });
  return { cookie: session.cookie, memberId: member.id };
}

/** RFC 3339 with an offset or Z (spec 2.1). */
export function isTime(value: unknown): boolean {
  return (
    typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value))
  );
}

/** The first problem among field expectations: each a description when it does not hold. */
export function firstProblem(...problems: (string | false | undefined)[]): string | undefined {
  return problems.find((problem): problem is string => typeof problem === 'string' && problem.length > 0);
}
