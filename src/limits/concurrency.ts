// Requests of one credential in flight at once: counted from admission (after authentication)
// until the response is built; the pipeline releases in a `finally`, whatever the outcome.
import { ApiError } from '../errors/api-error.ts';
import type { Workspace } from '../workspaces/workspace.ts';

const inFlightOf = new WeakMap<Workspace, Map<string, number>>();

// The spec gives no wait for this code, but the document requires Retry-After on every 429;
// requests in flight usually end within a second.
const RETRY_AFTER_SECONDS = '1';

/** Enters one request of the credential, or throws 429 `concurrency_limited`; returns its release. */
export function enterFlight(workspace: Workspace, credential: string): () => void {
  let counts = inFlightOf.get(workspace);
  if (!counts) inFlightOf.set(workspace, (counts = new Map()));
  const inFlight = counts.get(credential) ?? 0;
  const limit = workspace.limits.concurrentRequests;
  if (limit !== null && inFlight >= limit) {
    throw new ApiError('concurrency_limited', {}, { headers: { 'Retry-After': RETRY_AFTER_SECONDS } });
  }
  counts.set(credential, inFlight + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(credential) ?? 1) - 1;
    if (left > 0) counts.set(credential, left);
    else counts.delete(credential);
  };
}
