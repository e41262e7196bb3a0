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
  formId?: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  webhookReceiverUrl?: string;
  /** Send no write at all. */
  readOnly?: boolean;
};

export type Target = {
  baseUrl: string;
  hubUrl: string;
  workspaceUrl: string;
  apiKey: string;
  limitedKey: string | undefined;
  /** A key of a second workspace, for checks that one workspace never sees another's records. */
  otherKey: string | undefined;
  formId: string | undefined;
  readOnly: boolean;
  /** The target is a crmkit mock: its control API can shape state and move its clock. */
  mock: { workspaceId: string; controlUrl: string } | undefined;
};

export async function resolveTarget(options: TargetOptions): Promise<Target> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const common = { baseUrl, hubUrl: options.hubUrl ?? baseUrl, workspaceUrl: options.workspaceUrl ?? baseUrl, readOnly: options.readOnly ?? false };
  if (options.apiKey) {
    return { ...common, apiKey: options.apiKey, limitedKey: options.limitedKey, otherKey: undefined, formId: options.formId, mock: undefined };
  }
  const created = await controlPost(baseUrl, '/_mock/workspaces', {});
  if (!created) throw new Error(`${baseUrl} is not a crmkit mock with its control API: give --api-key`);
  const workspaceId: string = created.workspace.id;
  const limited = await controlPost(baseUrl, `/_mock/workspaces/${workspaceId}/api-keys`, { scopes: ['leads:read'], role: 'manager', name: 'conformance limited' });
  const other = await controlPost(baseUrl, '/_mock/workspaces', {});
  return {
    ...common,
    hubUrl: options.hubUrl ?? created.urls.hub_url,
    workspaceUrl: options.workspaceUrl ?? created.urls.workspace_url,
    apiKey: created.api_key,
    limitedKey: limited?.key,
    otherKey: other?.api_key,
    formId: created.forms?.[0]?.id,
    mock: { workspaceId, controlUrl: baseUrl },
  };
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
