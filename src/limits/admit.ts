// The limits every credentialed route shares, applied once by the pipeline right after
// authentication and authorization (spec 7.2, 7.3, 8). Returns the release of the request's
// in-flight slot, which the pipeline calls in a `finally`.
import type { Caller } from '../auth/authenticate.ts';
import type { Operation } from '../spec/operation-index.ts';
import { enterFlight } from './concurrency.ts';
import { credentialId } from './credential.ts';
import { takeRequest } from './rate-limiter.ts';
import { refuseWritesWhenReadOnly } from './read-only.ts';

export function admit(caller: Caller, operation: Operation): () => void {
  const { workspace } = caller;
  const credential = credentialId(caller);
  // Concurrency first: a request refused for it has no side effect, so it uses no rate.
  const release = enterFlight(workspace, credential);
  try {
    takeRequest(workspace, credential, workspace.now());
    refuseWritesWhenReadOnly(workspace, operation);
    return release;
  } catch (error) {
    release();
    throw error;
  }
}
