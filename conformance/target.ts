// What the suite checks: a deployment's three origins and credentials, or a crmkit mock, which
// the suite recognises by its control API and provisions itself (workspaces, keys, a form).
import { request } from 'undici';

export type TargetOptions = {
  baseUrl: string;
  hubUrl?: string;
  workspaceUrl?: string;
  apiKey?: string;
  /** A key without some scopes, for the scope checks. */
  limitedKey?: string;
  /** A key of another workspace, for the checks that one workspace never sees another's records. */
  otherWorkspaceKey?: string;
  /** Keys of the workspace in the states spec 5.1 refuses: revoked, expired, and restricted to an IP address that is not the suite's. */
  revokedKey?: string;
  expiredKey?: string;
  ipRestrictedKey?: string;
  formId?: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  /**
   * A public HTTPS address that forwards to the suite's own webhook receiver (a tunnel such as
   * `cloudflared` or `ngrok` pointed at 127.0.0.1:`webhookReceiverPort`). Webhooks are created
   * with this URL plus a path of the check's own, so the forwarder must keep the path. Without
   * it, the webhook checks that need deliveries skip against a deployment; a mock on this
   * machine delivers to the receiver on 127.0.0.1 directly.
   */
  webhookReceiverUrl?: string;
  /** The local port the receiver listens on when `webhookReceiverUrl` forwards to it (default 8787). */
  webhookReceiverPort?: number;
  /** Wait (a minute and more) for webhook retries against a deployment; a mock's clock is advanced instead. */
  waitForRetries?: boolean;
  /** Send no write at all. */
  readOnly?: boolean;
};

export type Target = {
  baseUrl: string;
  hubUrl: string;
  workspaceUrl: string;
  apiKey: string;
  limitedKey: string | undefined;
  /** Keys that must be refused (input.key-states); on a mock the suite makes them. */
  refusedKeys: RefusedKeys;
  /** A key of a second workspace, for checks that one workspace never sees another's records. */
  otherKey: string | undefined;
  formId: string | undefined;
  /** An OAuth client for the token endpoint's checks (on a mock, an app the suite added). */
  oauthClient?: { clientId: string; clientSecret: string | undefined; redirectUri: string | undefined } | undefined;
  /** Where the webhook checks' receiver listens, and the public URL that forwards to it; none: 127.0.0.1, any port. */
  webhookReceiver?: { publicUrl: string | undefined; port: number };
  waitForRetries?: boolean;
  readOnly: boolean;
  /** The target is a crmkit mock: its control API can shape state and move its clock. */
  mock: { workspaceId: string; controlUrl: string } | undefined;
};

export type RefusedKeys = { revoked: string | undefined; expired: string | undefined; ipRestricted: string | undefined };

/** The target cannot be checked at all: it does not answer, or it is no mock and no key was given. */
export class TargetError extends Error {}

export async function resolveTarget(options: TargetOptions): Promise<Target> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  await mustAnswer(baseUrl);
  const common = {
    baseUrl,
    hubUrl: options.hubUrl ?? baseUrl,
    workspaceUrl: options.workspaceUrl ?? baseUrl,
    readOnly: options.readOnly ?? false,
    webhookReceiver: { publicUrl: options.webhookReceiverUrl?.replace(/\/+$/, ''), port: options.webhookReceiverPort ?? (options.webhookReceiverUrl ? 8787 : 0) },
    waitForRetries: options.waitForRetries ?? false,
  };
  const givenClient = options.clientId ? { clientId: options.clientId, clientSecret: options.clientSecret, redirectUri: options.redirectUri } : undefined;
  if (options.apiKey) {
    const refusedKeys = { revoked: options.revokedKey, expired: options.expiredKey, ipRestricted: options.ipRestrictedKey };
    return { ...common, apiKey: options.apiKey, limitedKey: options.limitedKey, refusedKeys, otherKey: options.otherWorkspaceKey, formId: options.formId, oauthClient: givenClient, mock: undefined };
  }
  const created = await controlPost(baseUrl, '/_mock/workspaces', {});
  if (!created) throw new TargetError(`${baseUrl} answers, but has no crmkit control API: give --api-key (and the other inputs of a deployment)`);
  const workspaceId: string = created.workspace.id;
  const limited = await controlPost(baseUrl, `/_mock/workspaces/${workspaceId}/api-keys`, { scopes: ['leads:read'], role: 'manager', name: 'conformance limited' });
  const refusedKeys = await refusedKeysOfMock(baseUrl, workspaceId);
  const other = await controlPost(baseUrl, '/_mock/workspaces', {});
  // A confidential client of the suite's own; its redirect URI is never called (consent goes
  // through the control API), so any loopback address does.
  const app = givenClient ? undefined : await controlPost(baseUrl, `/_mock/workspaces/${workspaceId}/apps`, {
    name: 'conformance',
    redirect_uri: 'http://127.0.0.1/conformance/callback',
    scopes: ['leads:read'],
  });
  return {
    ...common,
    hubUrl: options.hubUrl ?? created.urls.hub_url,
    workspaceUrl: options.workspaceUrl ?? created.urls.workspace_url,
    apiKey: created.api_key,
    limitedKey: limited?.key,
    refusedKeys,
    otherKey: other?.api_key,
    formId: created.forms?.[0]?.id,
    oauthClient: givenClient ?? (app && { clientId: app.client_id, clientSecret: app.client_secret ?? undefined, redirectUri: app.redirect_uri }),
    mock: { workspaceId, controlUrl: baseUrl },
  };
}

/** A revoked key, one that expired a year before the workspace clock's now, and one for a documentation-only address (RFC 5737). */
async function refusedKeysOfMock(baseUrl: string, workspaceId: string): Promise<RefusedKeys> {
  const keys = `/_mock/workspaces/${workspaceId}/api-keys`;
  const scopes = ['leads:read'];
  const revoked = await controlPost(baseUrl, keys, { scopes, name: 'conformance revoked' });
  if (revoked) await controlPost(baseUrl, `${keys}/${revoked.id}/revoke`, {});
  const clock = await (await request(`${baseUrl}/_mock/workspaces/${workspaceId}/clock`)).body.json() as { now: string };
  const yearAgo = new Date(Date.parse(clock.now) - 365 * 86_400_000).toISOString();
  const expired = await controlPost(baseUrl, keys, { scopes, name: 'conformance expired', expires_at: yearAgo });
  const ipRestricted = await controlPost(baseUrl, keys, { scopes, name: 'conformance IP-restricted', allowed_ips: ['203.0.113.7'] });
  return { revoked: revoked?.key, expired: expired?.key, ipRestricted: ipRestricted?.key };
}

/** Anything at all answers at the base URL, within 15 seconds. */
export async function mustAnswer(baseUrl: string): Promise<void> {
  try {
    const answer = await request(`${baseUrl}/v1/api-keys/whoami`, { signal: AbortSignal.timeout(15_000) });
    await answer.body.dump();
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new TargetError(`cannot reach ${baseUrl}: ${reason}`);
  }
}

/** POSTs to the control API; undefined when the target has none. */
export async function controlPost(baseUrl: string, path: string, body: unknown): Promise<any | undefined> {
  try {
    const response = await request(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.body.text();
    return response.statusCode < 300 ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
