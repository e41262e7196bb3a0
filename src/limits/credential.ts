// What the request limits count by: the credential, not the workspace, so that one busy
// integration does not starve another key of the same workspace.
import type { Caller } from '../auth/authenticate.ts';

/** OAuth access tokens (spec 5.2) will add their own kind here and share every limit. */
export function credentialId(caller: Caller): string {
  switch (caller.kind) {
    case 'api_key':
      return caller.apiKey.id;
  }
}
