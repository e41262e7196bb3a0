// OAuth access tokens (spec 5.2): `svc_at_...`, valid one hour on the workspace clock, issued to
// an app's installation; API calls use them exactly like an API key.
export type AccessToken = {
  /** The secret value, `svc_at_...`. */
  token: string;
  workspaceId: string;
  installationId: string;
  appId: string;
  appName: string;
  scopes: string[];
  /** The member who installed the app: the token acts on their behalf. */
  memberId: string;
  expiresAt: string;
  revokedAt: string | null;
};
