// A lapsed workspace is read-only until its subscription is paid (spec 7.2, 7.3: 402
// `read_only`): writes are refused, reads still answered. Which operations are writes is read
// from the document: a write method on an operation that lists a 402 answer. That keeps
// POST /v1/query/{entity} (a read sent as POST, listing no 402) answering, and never makes
// the mock answer a status the document does not list for the operation.
import { ApiError } from '../errors/api-error.ts';
import type { Operation } from '../spec/operation-index.ts';
import type { Workspace } from '../workspaces/workspace.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function refuseWritesWhenReadOnly(workspace: Workspace, operation: Operation): void {
  if (workspace.readOnly && isWrite(operation)) throw new ApiError('read_only');
}

function isWrite(operation: Operation): boolean {
  return !READ_METHODS.has(operation.method) && operation.responseStatuses.includes('402');
}
