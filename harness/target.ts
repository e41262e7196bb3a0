// What a run talks to, for the conformance suite and the scenario runner alike: a crmkit mock the
// runner starts itself (no base URL, where the caller allows it), a crmkit mock at a URL
// (recognised by its control API; the caller makes its own workspaces there), or a deployment
// (an owner's key, and what only a person of the workspace can hand over: keys in each state, a
// form, an OAuth client, the public address of the webhook receiver).
import { request } from 'undici';
import { startServer } from '../src/adapters/node-server.ts';
import { createMock } from '../src/mock.ts';
import { hubSelectorsOf, type HubMember, type HubSelectors } from './hub-inputs.ts';
import { TargetError } from './target-error.ts';

export type TargetOptions = {
  /** Without it, a mock of the run's own on 127.0.0.1, port 0 (where `resolveTarget` is allowed to start one). */
  baseUrl?: string;
  hubUrl?: string;
  workspaceUrl?: string;
  /** An owner's or admin's key of the deployment's workspace. */
  apiKey?: string;
  /** A key without some scopes, for the scope checks. */
  limitedKey?: string;
  /** Further keys without some scopes (inputs' `limited_keys`): a check takes the first whose scopes fit. */
  limitedKeys?: string[];
  /** A key of another workspace: what it sees never includes this one's records. */
  otherWorkspaceKey?: string;
  /** Keys spec 5.1 refuses: revoked, expired, restricted to an IP address that is not the runner's. */
  revokedKey?: string;
  expiredKey?: string;
  ipRestrictedKey?: string;
  formId?: string;
  /** A public form without consent text and without allowed websites (inputs' `open_form_id`). */
  openFormId?: string;
  /** The languages the form has texts in (inputs' `form_languages`). */
  formLanguages?: string[];
  /** A test client's conversation the suite may write to (inputs' `conversation_id`). */
  conversationId?: string;
  /** Messages of that conversation the client edited, and one deleted, in the messenger (inputs' `edited_message_id`, `deleted_message_id`). */
  editedMessageId?: string;
  deletedMessageId?: string;
  /** That conversation's client as the messenger shows them (inputs' `conversation_client`). */
  conversationClient?: ConversationClient;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  /**
   * A public HTTPS address that forwards to the runner's webhook receiver (a tunnel such as
   * `cloudflared` or `ngrok` pointed at 127.0.0.1:`webhookReceiverPort`), keeping the path.
   * Without it a deployment cannot reach the receiver; a mock on this machine reaches it directly.
   */
  webhookReceiverUrl?: string;
  /** The local port the receiver listens on when `webhookReceiverUrl` forwards to it (default 8787). */
  webhookReceiverPort?: number;
  /** Further keys by the names stories give them (`--key NAME=KEY`). */
  keys?: Record<string, string>;
  /** An owner or admin who signs in to a deployment's hub, and its pages' selectors: consent is given in a browser. */
  hubMember?: HubMember;
  hubSelectors?: Partial<HubSelectors>;
  /** The token of a mock started with `crmkit mock --control-token` (http/control-guard.ts), sent as `Authorization: Bearer` on each control call. */
  controlToken?: string;
};

/** A client as the messenger shows them: name, handle and phone (spec 2.9). */
export type ConversationClient = { name?: string; handle?: string; phone?: string };

/**
 * A conversation of a test client the suite may write to (send, assign, resolve, reopen, snooze),
 * with the messages of it the client edited and deleted in the messenger, and the client's own fields.
 */
export type TestConversation = {
  id: string;
  editedMessageId: string | undefined;
  deletedMessageId: string | undefined;
  client: ConversationClient | undefined;
};

export type HubBrowser = { member: HubMember; selectors: HubSelectors };

export type TargetKind = 'own mock' | 'mock' | 'deployment';

/** Keys a deployment's person handed over, by name: `limited`, `other_workspace`, `revoked`, `expired`, `ip_restricted`, and any named with `--key`. */
export type GivenKeys = Record<string, string>;

export type Target = {
  kind: TargetKind;
  baseUrl: string;
  hubUrl: string;
  workspaceUrl: string;
  /** The deployment's owner key; none on a mock, where the runner makes its own workspaces. */
  apiKey: string | undefined;
  keys: GivenKeys;
  /** The keys without some scopes a person handed over: `limited` first, then `limitedKeys`. */
  limitedKeys: string[];
  formId: string | undefined;
  openFormId?: string | undefined;
  formLanguages?: string[] | undefined;
  conversation?: TestConversation | undefined;
  oauthClient: { clientId: string; clientSecret: string | undefined; redirectUri: string | undefined } | undefined;
  /** Who approves consent requests in a browser on the hub, and the selectors of its pages (defaults: crmkit's). */
  hubBrowser?: HubBrowser | undefined;
  /** Where the webhook receiver listens (127.0.0.1:`port`), and the public URL that forwards to it. */
  webhookReceiver: { publicUrl: string | undefined; port: number };
  /** What control calls send as `Authorization: Bearer` (`--control-token`); none for a mock that asks for none. */
  controlToken: string | undefined;
  /** Stops the mock the runner started; nothing otherwise. */
  close(): Promise<void>;
};

export { TargetError };

/** A receiver behind a tunnel listens on a port the tunnel knows before the run starts. */
const TUNNEL_PORT = 8787;

export async function resolveTarget(options: TargetOptions, { ownMock = false } = {}): Promise<Target> {
  const common = givenParts(options);
  if (!options.baseUrl) {
    if (!ownMock) throw new TargetError('--base-url is required (the API origin of the deployment or mock), or --inputs FILE');
    return { ...common, ...(await startOwnMock()), apiKey: undefined };
  }
  const baseUrl = trimmed(options.baseUrl);
  const origins = {
    baseUrl,
    hubUrl: options.hubUrl ? trimmed(options.hubUrl) : baseUrl,
    workspaceUrl: options.workspaceUrl ? trimmed(options.workspaceUrl) : baseUrl,
  };
  await mustAnswer(baseUrl);
  const close = async () => {};
  if (options.apiKey) return { ...common, ...origins, kind: 'deployment', apiKey: options.apiKey, close };
  const control = await controlApiOf(baseUrl, options.controlToken);
  if (control === 'needs token')
    throw new TargetError(
      `the control API of ${baseUrl} needs a token (the mock was started with --control-token): give --control-token SECRET or set CRMKIT_CONTROL_TOKEN`,
    );
  if (control === 'token refused')
    throw new TargetError(
      `the control API of ${baseUrl} refuses the control token given (--control-token or CRMKIT_CONTROL_TOKEN): give the one the mock was started with`,
    );
  if (control === 'none')
    throw new TargetError(`${baseUrl} answers, but has no crmkit control API: give --api-key (and the other inputs of a deployment)`);
  return { ...common, ...origins, kind: 'mock', apiKey: undefined, close };
}

function givenParts(options: TargetOptions) {
  const named: Record<string, string | undefined> = {
    limited: options.limitedKey,
    other_workspace: options.otherWorkspaceKey,
    revoked: options.revokedKey,
    expired: options.expiredKey,
    ip_restricted: options.ipRestrictedKey,
  };
  const keys = Object.fromEntries(
    Object.entries({ ...named, ...options.keys }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const publicUrl = options.webhookReceiverUrl ? trimmed(options.webhookReceiverUrl) : undefined;
  const limitedKeys = [options.limitedKey, ...(options.limitedKeys ?? [])].filter((key): key is string => Boolean(key));
  return {
    keys,
    limitedKeys: [...new Set(limitedKeys)],
    formId: options.formId,
    openFormId: options.openFormId,
    formLanguages: options.formLanguages,
    conversation: options.conversationId
      ? {
          id: options.conversationId,
          editedMessageId: options.editedMessageId,
          deletedMessageId: options.deletedMessageId,
          client: options.conversationClient,
        }
      : undefined,
    oauthClient: options.clientId
      ? { clientId: options.clientId, clientSecret: options.clientSecret, redirectUri: options.redirectUri }
      : undefined,
    hubBrowser: options.hubMember ? { member: options.hubMember, selectors: hubSelectorsOf(options.hubSelectors) } : undefined,
    webhookReceiver: { publicUrl, port: options.webhookReceiverPort ?? (publicUrl ? TUNNEL_PORT : 0) },
    controlToken: options.controlToken,
  };
}

/**
 * The runner's own mock may deliver webhooks to 127.0.0.1, where the runner's receiver listens:
 * a developer's mock allows that, a deployment never does.
 */
async function startOwnMock() {
  const mock = createMock({ allowPrivateWebhooks: true });
  const running = await startServer(mock, { port: 0, host: '127.0.0.1' });
  return {
    kind: 'own mock' as const,
    baseUrl: running.url,
    hubUrl: running.url,
    workspaceUrl: running.url,
    controlToken: undefined,
    close: () => running.close(),
  };
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

/** Whether a crmkit mock answers its control API (`GET /_mock/faults`, which changes nothing) with this token, or wants one (401 invalid_token). */
async function controlApiOf(baseUrl: string, token: string | undefined): Promise<'yes' | 'none' | 'needs token' | 'token refused'> {
  try {
    const response = await request(`${baseUrl}/_mock/faults`, { headers: controlHeaders(token) });
    const text = await response.body.text();
    if (response.statusCode === 200) return 'yes';
    const refused =
      response.statusCode === 401 &&
      /Bearer realm="crmkit-control"/.test(String(response.headers['www-authenticate'] ?? '')) &&
      text.includes('invalid_token');
    if (refused) return token === undefined ? 'needs token' : 'token refused';
    return 'none';
  } catch {
    return 'none';
  }
}

/** The headers of a control call: the control token, when there is one. */
export function controlHeaders(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

function trimmed(url: string): string {
  return url.replace(/\/+$/, '');
}
