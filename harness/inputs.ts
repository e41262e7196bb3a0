// The inputs of a run against a deployment, as a QA engineer writes them in a JSON file
// (`crmkit conformance --inputs FILE`, `crmkit scenario run --inputs FILE`): the three origins and
// what the spec lets only a person of the workspace hand over (keys in each state, a form, an
// OAuth client, a member who signs in to the hub and the hub's page selectors). `crmkit mock
// --stand-in FILE` writes the same file for a mock standing in for a deployment. Options given on
// the command line win over the file (so does CRMKIT_CONTROL_TOKEN, which stands for --control-token).
import { readFileSync } from 'node:fs';
import { hubInputsProblem, type HubMember, type HubSelectors } from './hub-inputs.ts';
import type { ConversationClient, TargetOptions } from './target.ts';

export type DeploymentInputs = {
  base_url: string;
  hub_url?: string;
  workspace_url?: string;
  /** An owner's or admin's key with every scope. */
  api_key: string;
  /** A key without some scopes (the stand-in's has only leads:read). */
  limited_key?: string;
  /**
   * Further keys without some scopes: a check that needs a key holding some scopes and lacking
   * others takes the first of limited_key and these whose whoami scopes fit
   * (conformance/kits/limited-keys.ts). The stand-in's: contacts:read only; leads:read and leads:write.
   */
  limited_keys?: string[];
  /** A key of another workspace: what it sees never includes this one's records. */
  other_workspace_key?: string;
  revoked_key?: string;
  expired_key?: string;
  /** A key restricted to IP addresses that are not the suite's. */
  ip_restricted_key?: string;
  form_id?: string;
  /** A public form without consent text and without allowed websites: its configuration shows `consent: ""` (spec 2.14). */
  open_form_id?: string;
  /** The languages the form has texts in (`ru`, `uz`, `en`), as its web app settings show: `?lang=` must choose between them (spec 4.12). */
  form_languages?: string[];
  /**
   * A conversation of a test client the suite may write to: send messages to, assign, resolve,
   * reopen and snooze (each check puts its status, snooze and assignee back as they were).
   */
  conversation_id?: string;
  /** A message of that conversation the client edited in the messenger (4.8 has no route to edit one): it shows `edited_at` (spec 2.10). */
  edited_message_id?: string;
  /** A message of that conversation deleted in the messenger (a `telegram_business` chat): it stays in history with `deleted_at` (spec 2.10). */
  deleted_message_id?: string;
  /** That conversation's client as the messenger shows them: its `name`, `handle` and `phone` are theirs (spec 2.9). */
  conversation_client?: ConversationClient;
  oauth_client?: { client_id: string; client_secret?: string | null; redirect_uri?: string };
  /** An owner or admin who signs in to the hub: the suite approves consent requests in a browser as this member. */
  hub_member?: HubMember;
  /** CSS selectors of the hub's sign-in and consent pages, over the defaults that fit crmkit's (harness/hub-inputs.ts). */
  hub_selectors?: Partial<HubSelectors>;
  /** A public address forwarding to the suite's webhook receiver, and the local port it forwards to. */
  webhook_receiver_url?: string;
  webhook_receiver_port?: number;
  /**
   * The control token of a crmkit mock started with `--control-token` (as `--control-token` or
   * CRMKIT_CONTROL_TOKEN, which win over it): its control API (/_mock) is called with it.
   */
  control_token?: string;
};

const STRINGS = [
  'base_url',
  'hub_url',
  'workspace_url',
  'api_key',
  'limited_key',
  'other_workspace_key',
  'revoked_key',
  'expired_key',
  'ip_restricted_key',
  'form_id',
  'open_form_id',
  'conversation_id',
  'edited_message_id',
  'deleted_message_id',
  'webhook_receiver_url',
  'control_token',
] as const;
const KEYS = new Set<string>([
  ...STRINGS,
  'limited_keys',
  'form_languages',
  'conversation_client',
  'oauth_client',
  'webhook_receiver_port',
  'hub_member',
  'hub_selectors',
]);

/** A file that is not inputs: its name and what is wrong, never its contents (it holds secrets). */
export class InputsError extends Error {}

export function readInputs(file: string): DeploymentInputs {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'not JSON';
    throw new InputsError(`the inputs file ${file} cannot be read: ${reason}`);
  }
  const problem = problemOf(parsed);
  if (problem) throw new InputsError(`the inputs file ${file}: ${problem}`);
  return parsed as DeploymentInputs;
}

function problemOf(value: any): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a JSON object is expected';
  const unknown = Object.keys(value).find((key) => !KEYS.has(key));
  if (unknown) return `unknown key ${unknown} (known: ${[...KEYS].join(', ')})`;
  const notString = STRINGS.find((key) => value[key] !== undefined && typeof value[key] !== 'string');
  if (notString) return `${notString} is a string`;
  if (!value.base_url) return 'base_url is required';
  if (!value.api_key) return 'api_key is required';
  const limitedKeys = value.limited_keys;
  if (limitedKeys !== undefined && !(Array.isArray(limitedKeys) && limitedKeys.every((key: unknown) => typeof key === 'string')))
    return 'limited_keys is a list of keys';
  const languages = value.form_languages;
  if (languages !== undefined && !(Array.isArray(languages) && languages.every((lang: unknown) => typeof lang === 'string')))
    return 'form_languages is a list of language tags';
  if (value.webhook_receiver_port !== undefined && !Number.isInteger(value.webhook_receiver_port))
    return 'webhook_receiver_port is an integer';
  if (!isConversationClient(value.conversation_client)) return 'conversation_client is {name, handle, phone}, each a string';
  const client = value.oauth_client;
  if (client !== undefined && (typeof client !== 'object' || typeof client?.client_id !== 'string'))
    return 'oauth_client is {client_id, client_secret, redirect_uri}';
  return hubInputsProblem(value.hub_member, value.hub_selectors);
}

function isConversationClient(value: any): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => ['name', 'handle', 'phone'].includes(key) && typeof field === 'string');
}

/** The target options the inputs give (undefined where the file says nothing). */
export function targetOptionsOf(inputs: DeploymentInputs): TargetOptions {
  return {
    baseUrl: inputs.base_url,
    hubUrl: inputs.hub_url,
    workspaceUrl: inputs.workspace_url,
    apiKey: inputs.api_key,
    limitedKey: inputs.limited_key,
    limitedKeys: inputs.limited_keys,
    otherWorkspaceKey: inputs.other_workspace_key,
    revokedKey: inputs.revoked_key,
    expiredKey: inputs.expired_key,
    ipRestrictedKey: inputs.ip_restricted_key,
    formId: inputs.form_id,
    openFormId: inputs.open_form_id,
    formLanguages: inputs.form_languages,
    conversationId: inputs.conversation_id,
    editedMessageId: inputs.edited_message_id,
    deletedMessageId: inputs.deleted_message_id,
    conversationClient: inputs.conversation_client,
    clientId: inputs.oauth_client?.client_id,
    clientSecret: inputs.oauth_client?.client_secret ?? undefined,
    redirectUri: inputs.oauth_client?.redirect_uri,
    webhookReceiverUrl: inputs.webhook_receiver_url,
    webhookReceiverPort: inputs.webhook_receiver_port,
    controlToken: inputs.control_token,
    hubMember: inputs.hub_member,
    hubSelectors: inputs.hub_selectors,
  };
}
