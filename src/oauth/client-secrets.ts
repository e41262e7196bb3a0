// Client secrets (spec 5.2): rotation in the developer console (the control API here) makes a new
// secret; the old one keeps working at the token endpoint for 24 hours. Signatures on lifecycle
// events use the current secret only, so the new one at once.
import type { App } from '../resources/apps/app-record.ts';
import { randomBase64url } from '../store/random-text.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { hasPassed, isoAfter, OLD_SECRET_MS } from './lifetimes.ts';
import { sameSecret } from './secret-values.ts';

/** Whether `secret` authenticates the app at the token endpoint now. */
export function secretMatches(app: App, secret: string, nowMs: number): boolean {
  if (app.client_secret && sameSecret(secret, app.client_secret)) return true;
  const previous = app.previous_client_secret;
  const until = app.previous_client_secret_expires_at;
  return Boolean(previous && until && !hasPassed(until, nowMs) && sameSecret(secret, previous));
}

/** A new secret; the current one becomes the previous one for 24 hours (an older previous one ends now). */
export function rotateClientSecret(workspace: Workspace, app: App): Promise<App> {
  const nowMs = workspace.now();
  return workspace.tables.apps.update(app.id, (draft) => {
    draft.previous_client_secret = draft.client_secret;
    draft.previous_client_secret_expires_at = isoAfter(nowMs, OLD_SECRET_MS);
    draft.client_secret = randomBase64url(32);
  });
}
