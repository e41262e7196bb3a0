// What the suite checks: the shared target (harness/target.ts: a deployment's origins and what its
// person handed over, or a crmkit mock), and on a mock what the suite provisions itself through
// its control API (workspaces, keys in each state, an app).
import { request } from 'undici';
import {
  controlHeaders,
  resolveTarget as resolveSharedTarget,
  TargetError,
  type HubBrowser,
  type TestConversation,
  type TargetOptions as SharedTargetOptions,
} from '../harness/target.ts';

export type TargetOptions = SharedTargetOptions & {
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
  /**
   * Every key without some scopes, `limitedKey` first (inputs' limited_key, then limited_keys): a
   * check that needs chosen scopes takes the first that fits (kits/limited-keys.ts `limitedKeyWith`).
   */
  limitedKeys: string[];
  /** Keys that must be refused (auth.key-states); on a mock the suite makes them. */
  refusedKeys: RefusedKeys;
  /** A key of a second workspace, for checks that one workspace never sees another's records. */
  otherKey: string | undefined;
  formId: string | undefined;
  /** A form without consent text and without allowed websites (inputs' open_form_id; none on a mock, where checks make forms). */
  openFormId?: string | undefined;
  /** The languages the deployment's form has texts in, as its person said (inputs' `form_languages`). */
  formLanguages?: string[] | undefined;
  /** A test client's conversation the suite may write to (inputs' conversation_id; none on a mock, where a simulated client writes in). */
  conversation?: TestConversation | undefined;
  /** An OAuth client for the token endpoint's checks (on a mock, an app the suite added). */
  oauthClient?: { clientId: string; clientSecret: string | undefined; redirectUri: string | undefined } | undefined;
  /** On a deployment given `hub_member`: consent requests are decided in a browser on the hub (conformance/kits/hub-browser.ts). */
  hubBrowser?: HubBrowser | undefined;
  /** Where the webhook checks' receiver listens, and the public URL that forwards to it; none: 127.0.0.1, any port. */
  webhookReceiver?: { publicUrl: string | undefined; port: number };
  waitForRetries?: boolean;
  readOnly: boolean;
  /** The target is a crmkit mock: its control API can shape state and move its clock. */
  mock: MockTarget | undefined;
};

export type MockTarget = {
  workspaceId: string;
  controlUrl: string;
  controlToken: string | undefined;
  /** The workspaces made for this target (its own and the other workspace): releaseTarget deletes them. */
  provisioned: string[];
};

export type RefusedKeys = { revoked: string | undefined; expired: string | undefined; ipRestricted: string | undefined };

export async function resolveTarget(options: TargetOptions): Promise<Target> {
  const shared = await resolveSharedTarget(options);
  const { baseUrl, hubUrl, workspaceUrl, keys, webhookReceiver } = shared;
  const common = {
    baseUrl,
    hubUrl,
    workspaceUrl,
    webhookReceiver,
    readOnly: options.readOnly ?? false,
    waitForRetries: options.waitForRetries ?? false,
  };
  if (shared.kind === 'deployment') {
    const refusedKeys = { revoked: keys.revoked, expired: keys.expired, ipRestricted: keys.ip_restricted };
    const given = {
      formId: shared.formId,
      openFormId: shared.openFormId,
      formLanguages: shared.formLanguages,
      conversation: shared.conversation,
      oauthClient: shared.oauthClient,
      hubBrowser: shared.hubBrowser,
    };
    const keyed = {
      apiKey: shared.apiKey!,
      limitedKey: keys.limited,
      limitedKeys: shared.limitedKeys,
      refusedKeys,
      otherKey: keys.other_workspace,
    };
    return { ...common, ...given, ...keyed, mock: undefined };
  }
  const control = { baseUrl, token: shared.controlToken };
  const created = await controlPost(control, '/_mock/workspaces', {});
  if (!created) throw new TargetError(`${baseUrl} has a crmkit control API, but it makes no workspace`);
  const workspaceId: string = created.workspace.id;
  const limited = await controlPost(control, `/_mock/workspaces/${workspaceId}/api-keys`, {
    scopes: ['leads:read'],
    role: 'manager',
    name: 'conformance limited',
  });
  const refusedKeys = await refusedKeysOfMock(control, workspaceId);
  const other = await controlPost(control, '/_mock/workspaces', {});
  // A confidential client of the suite's own; its redirect URI is never called (consent goes
  // through the control API), so any loopback address does.
  const app = shared.oauthClient
    ? undefined
    : await controlPost(control, `/_mock/workspaces/${workspaceId}/apps`, {
        name: 'conformance',
        redirect_uri: 'http://127.0.0.1/conformance/callback',
        scopes: ['leads:read'],
      });
  return {
    ...common,
    hubUrl: options.hubUrl ? hubUrl : created.urls.hub_url,
    workspaceUrl: options.workspaceUrl ? workspaceUrl : created.urls.workspace_url,
    apiKey: created.api_key,
    limitedKey: limited?.key,
    limitedKeys: limited?.key ? [limited.key] : [],
    refusedKeys,
    otherKey: other?.api_key,
    formId: created.forms?.[0]?.id,
    oauthClient:
      shared.oauthClient ??
      (app && { clientId: app.client_id, clientSecret: app.client_secret ?? undefined, redirectUri: app.redirect_uri }),
    mock: {
      workspaceId,
      controlUrl: baseUrl,
      controlToken: shared.controlToken,
      provisioned: [workspaceId, ...(other ? [other.workspace.id as string] : [])],
    },
  };
}

/**
 * On a mock, deletes the workspaces made for the target, so that a mock serving run after run
 * does not grow (`crmkit explore` ends with it); a deployment's workspace is its person's and stays.
 */
export async function releaseTarget(target: Target): Promise<void> {
  for (const id of target.mock?.provisioned ?? []) {
    const response = await request(`${target.mock!.controlUrl}/_mock/workspaces/${id}`, {
      method: 'DELETE',
      headers: controlHeaders(target.mock!.controlToken),
    }).catch(() => undefined);
    await response?.body.dump();
  }
}

/** A revoked key, one that expired a year before the workspace clock's now, and one for a documentation-only address (RFC 5737). */
async function refusedKeysOfMock(control: ControlApi, workspaceId: string): Promise<RefusedKeys> {
  const keys = `/_mock/workspaces/${workspaceId}/api-keys`;
  const scopes = ['leads:read'];
  const revoked = await controlPost(control, keys, { scopes, name: 'conformance revoked' });
  if (revoked) await controlPost(control, `${keys}/${revoked.id}/revoke`, {});
  const clock = (await (
    await request(`${control.baseUrl}/_mock/workspaces/${workspaceId}/clock`, { headers: controlHeaders(control.token) })
  ).body.json()) as { now: string };
  const yearAgo = new Date(Date.parse(clock.now) - 365 * 86_400_000).toISOString();
  const expired = await controlPost(control, keys, { scopes, name: 'conformance expired', expires_at: yearAgo });
  const ipRestricted = await controlPost(control, keys, { scopes, name: 'conformance IP-restricted', allowed_ips: ['203.0.113.7'] });
  return { revoked: revoked?.key, expired: expired?.key, ipRestricted: ipRestricted?.key };
}

/** A mock's control API: its origin and the token it asks for (`--control-token`), if any. */
type ControlApi = { baseUrl: string; token: string | undefined };

/** POSTs to the control API; undefined when the target has none. */
export async function controlPost(control: ControlApi, path: string, body: unknown): Promise<any | undefined> {
  try {
    const response = await request(`${control.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...controlHeaders(control.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.body.text();
    return response.statusCode < 300 ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
