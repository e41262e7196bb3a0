// What the request limits count by: the credential, not the workspace, so that one busy
// integration does not starve another key of the same workspace.
import type { Caller } from '../auth/authenticate.ts';

/**
 * An access token counts as its installation: a refreshed token must not get a fresh budget; for
 * the same reason a web app session counts as its member, however often they sign in.
 */
export function credentialId(caller: Caller): string {
  switch (caller.kind) {
    case 'api_key':
      return caller.apiKey.id;
    case 'access_token':
      return caller.accessToken.installationId;
    case 'session':
      return caller.session.memberId;
  }
}
