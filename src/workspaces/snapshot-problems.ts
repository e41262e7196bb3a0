// What can be wrong with a snapshot before anything of it is used: its layout (the document's
// `WorkspaceSnapshot`), ids given twice, and secrets another workspace already holds. Every
// problem becomes 422 `validation_failed` naming fields as the API does (`api_keys[0].key`).
import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors/api-error.ts';
import type { MockState } from '../mock-state.ts';
import { SNAPSHOT_FORMAT, type WorkspaceSnapshot } from './snapshot-format.ts';

type Fields = Record<string, string>;

const SNAPSHOT_SCHEMA = '/components/schemas/WorkspaceSnapshot';
/** Enough to see what is wrong; a broken table of 100,000 records would otherwise answer with all of them. */
export const MAX_REPORTED_PROBLEMS = 20;

export function invalidSnapshot(fields: Fields): ApiError {
  return new ApiError('validation_failed', { fields });
}

/** The value as a snapshot of the layout this mock reads, or 422. */
export function checkedSnapshot(state: MockState, value: unknown): WorkspaceSnapshot {
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== SNAPSHOT_FORMAT) throw invalidSnapshot({ format: `must be ${SNAPSHOT_FORMAT}, the snapshot format this mock reads` });
  const problems = state.validators['mock-control'].problems(SNAPSHOT_SCHEMA, value);
  if (problems.length) throw invalidSnapshot(fieldsOf(problems));
  return value as WorkspaceSnapshot;
}

/** Ids given twice, and secrets that are given twice or open another workspace. */
export function checkIdentities(state: MockState, workspaceId: string, snapshot: WorkspaceSnapshot): void {
  const secrets = [
    ...snapshot.api_keys.map((apiKey, index) => [`api_keys[${index}].key`, apiKey.key] as const),
    ...snapshot.access_tokens.map((token, index) => [`access_tokens[${index}].token`, token.token] as const),
    ...(snapshot.sessions ?? []).map((session, index) => [`sessions[${index}].token`, session.token] as const),
  ];
  const fields: Fields = {
    ...repeated(snapshot.members.map((member, index) => [`members[${index}].id`, member.id])),
    ...repeated(snapshot.api_keys.map((apiKey, index) => [`api_keys[${index}].id`, apiKey.id])),
    ...repeated(secrets),
    ...heldElsewhere(state, workspaceId, secrets),
  };
  if (Object.keys(fields).length) throw invalidSnapshot(fields);
}

function repeated(entries: readonly (readonly [string, string])[]): Fields {
  const seen = new Set<string>();
  const fields: Fields = {};
  for (const [field, value] of entries) {
    if (seen.has(value)) fields[field] = 'appears twice in the snapshot';
    seen.add(value);
  }
  return fields;
}

// Two workspaces cannot share a secret: the index of credentials by secret would open only one.
function heldElsewhere(state: MockState, workspaceId: string, secrets: readonly (readonly [string, string])[]): Fields {
  const fields: Fields = {};
  for (const [field, secret] of secrets) {
    const holder = state.findCredential(secret)?.workspace.id;
    if (holder && holder !== workspaceId) fields[field] = `is a secret of workspace ${holder}`;
  }
  return fields;
}

function fieldsOf(problems: readonly ErrorObject[]): Fields {
  const fields: Fields = {};
  for (const problem of problems.slice(0, MAX_REPORTED_PROBLEMS)) {
    const child = problem.params.missingProperty ?? problem.params.additionalProperty;
    fields[fieldName(problem.instancePath.split('/').slice(1), child)] ??= problem.message ?? 'is invalid';
  }
  return fields;
}

/** `['tables', 'leads', '3', 'title']` -> `tables.leads[3].title`; the root is `body`. */
export function fieldName(segments: readonly PropertyKey[], child?: string): string {
  const names = [
    ...segments.map((segment) => String(segment).replaceAll('~1', '/').replaceAll('~0', '~')),
    ...(child === undefined ? [] : [child]),
  ];
  if (names.length === 0) return 'body';
  return names.reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), '');
}
