// What the request journal keeps of a call that an injected failure answers (apply-failure.ts):
// the failure comes before the credentials are checked (a real deployment fails before it reads
// the key too), so the workspace is looked up from the key alone, and the body is read for the
// journal. Without this the call was journaled with `workspace_id: null` and no body, and
// `/_mock/workspaces/{id}/requests?status=500` and the inspector's Requests tab missed it.
import type { CredentialLookup } from '../auth/authenticate.ts';
import { sessionTokenOf } from '../auth/session.ts';
import { readBody } from './read-body.ts';
import type { Operation } from '../spec/operation-index.ts';

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

export type FailedCallNote = { workspaceId?: string; bodyText?: string };

/** Notes the workspace the call's credential belongs to (if any) and the body's text; never throws. */
export async function noteFailedCall(
  request: Request,
  operation: Operation,
  lookup: CredentialLookup,
  note: FailedCallNote,
): Promise<void> {
  if (!operation.isPublic) {
    const secret =
      (operation.acceptsSession ? sessionTokenOf(request) : undefined) ??
      /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const workspaceId = secret ? lookup(secret)?.workspace.id : undefined;
    if (workspaceId !== undefined) note.workspaceId = workspaceId;
  }
  if (BODYLESS_METHODS.has(request.method)) return;
  // Bad JSON or a body too large is no concern here: the failure answers the call either way.
  await readBody(request, operation.maxBodyBytes, (text) => (note.bodyText = text)).catch(() => undefined);
}
