// The options several commands take, defined once: the target of a run (`crmkit conformance`,
// `crmkit scenario run`), the report (those two and `crmkit proxy`), where to listen (`crmkit
// mock`, `crmkit proxy`). `targetOptionsFrom` turns what was given into the shared target's
// options (harness/target.ts), `--inputs FILE` first and the options given over it.
import { InputsError, readInputs, targetOptionsOf } from '../../harness/inputs.ts';
import type { TargetOptions } from '../../harness/target.ts';
import { httpUrl, oneOf, port, type OptionSpecs, type OptionValues } from './options.ts';
import { UsageError } from './usage-error.ts';

export const TARGET_OPTIONS = {
  inputs: {
    type: 'string',
    value: 'FILE',
    help: 'the options below from a JSON file (README: "Checking a deployment"); options given win',
  },
  'base-url': { type: 'string', value: 'URL', help: 'the API origin of the deployment or mock', check: httpUrl },
  'hub-url': { type: 'string', value: 'URL', help: 'the sign-in and consent origin (default: --base-url)', check: httpUrl },
  'workspace-url': {
    type: 'string',
    value: 'URL',
    help: 'the public address of the workspace: forms (default: --base-url)',
    check: httpUrl,
  },
  'api-key': { type: 'string', value: 'KEY', help: "an owner's or admin's key of the deployment's workspace" },
  'limited-key': { type: 'string', value: 'KEY', help: 'a key without some scopes' },
  'limited-keys': {
    type: 'string',
    value: 'KEY,KEY',
    help: 'further keys without some scopes: a check takes the first whose scopes fit',
  },
  'other-workspace-key': { type: 'string', value: 'KEY', help: 'a key of another workspace' },
  'revoked-key': { type: 'string', value: 'KEY', help: 'a revoked key, which the deployment must refuse' },
  'expired-key': { type: 'string', value: 'KEY', help: 'an expired key, which the deployment must refuse' },
  'ip-restricted-key': { type: 'string', value: 'KEY', help: "a key restricted to IP addresses that are not this machine's" },
  'form-id': { type: 'string', value: 'ID', help: 'a public form of the workspace' },
  'open-form-id': { type: 'string', value: 'ID', help: 'a public form without consent text and without allowed websites' },
  'conversation-id': {
    type: 'string',
    value: 'ID',
    help: 'a conversation of a test client the suite may send to, assign, resolve, reopen and snooze',
  },
  'edited-message-id': { type: 'string', value: 'ID', help: 'a message of that conversation the client edited in the messenger' },
  'deleted-message-id': { type: 'string', value: 'ID', help: 'a message of that conversation deleted in the messenger' },
  'client-id': { type: 'string', value: 'ID', help: 'an OAuth client of the deployment' },
  'client-secret': { type: 'string', value: 'SECRET', help: "that client's secret" },
  'redirect-uri': { type: 'string', value: 'URI', help: "that client's redirect URI" },
  'webhook-receiver-url': {
    type: 'string',
    value: 'URL',
    help: 'a public HTTPS address forwarding to the webhook receiver',
    check: httpUrl,
    aliases: ['receiver-url'],
  },
  'webhook-receiver-port': {
    type: 'string',
    value: 'N',
    help: 'the local port that address forwards to (default 8787)',
    check: port,
    aliases: ['receiver-port'],
  },
  'control-token': controlTokenOption(
    "the control token of a crmkit mock started with --control-token: its control API (/_mock) is called with it; wins over the inputs file's control_token",
  ),
} as const satisfies OptionSpecs;

/**
 * `--control-token SECRET` (or CRMKIT_CONTROL_TOKEN): the one secret of a mock's control API
 * (http/control-guard.ts), given the same way to `crmkit mock` and to the commands that call it.
 */
export function controlTokenOption<const H extends string>(help: H) {
  return { type: 'string', value: 'SECRET', env: 'CRMKIT_CONTROL_TOKEN', help } as const satisfies OptionSpecs[string];
}

/** `--reporter` with the reporters a command has, and `--out FILE`. */
export function reportOptions<const R extends readonly string[]>(reporters: R) {
  return {
    reporter: {
      type: 'string',
      value: reporters.join('|'),
      default: 'pretty',
      help: 'how the report is written',
      check: oneOf('reporter', reporters),
    },
    out: { type: 'string', value: 'FILE', help: 'write the report to FILE (a one-line summary goes to stderr)' },
  } as const satisfies OptionSpecs;
}

/** `--port N` and `--host ADDRESS` of a server a command starts. */
export function listenOptions(defaultPort: number) {
  return {
    port: { type: 'string', value: 'N', default: String(defaultPort), help: 'port to listen on; 0 picks a free one', check: port },
    host: { type: 'string', value: 'ADDRESS', default: '127.0.0.1', help: 'address to listen on' },
  } as const satisfies OptionSpecs;
}

/** The target's options: those of `--inputs FILE`, with the options given over them. */
export function targetOptionsFrom(values: OptionValues<typeof TARGET_OPTIONS>): TargetOptions {
  const fromFile: TargetOptions = values.inputs ? inputsOf(values.inputs) : {};
  const given: TargetOptions = {
    baseUrl: values['base-url'],
    hubUrl: values['hub-url'],
    workspaceUrl: values['workspace-url'],
    apiKey: values['api-key'],
    limitedKey: values['limited-key'],
    limitedKeys: values['limited-keys']?.split(',').filter(Boolean),
    otherWorkspaceKey: values['other-workspace-key'],
    revokedKey: values['revoked-key'],
    expiredKey: values['expired-key'],
    ipRestrictedKey: values['ip-restricted-key'],
    formId: values['form-id'],
    openFormId: values['open-form-id'],
    conversationId: values['conversation-id'],
    editedMessageId: values['edited-message-id'],
    deletedMessageId: values['deleted-message-id'],
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    redirectUri: values['redirect-uri'],
    webhookReceiverUrl: values['webhook-receiver-url'],
    webhookReceiverPort: values['webhook-receiver-port'] === undefined ? undefined : Number(values['webhook-receiver-port']),
    controlToken: values['control-token'],
  };
  const merged = { ...fromFile, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) } as TargetOptions;
  // The file's form_languages are those of its form_id, not of another form given by --form-id.
  if (merged.formId !== fromFile.formId) delete merged.formLanguages;
  // So are its conversation_client and messages those of its conversation_id.
  if (merged.conversationId !== fromFile.conversationId) {
    delete merged.conversationClient;
    if (merged.editedMessageId === fromFile.editedMessageId) delete merged.editedMessageId;
    if (merged.deletedMessageId === fromFile.deletedMessageId) delete merged.deletedMessageId;
  }
  // The file's addresses are held to what the options take.
  for (const [name, url] of [
    ['base-url', merged.baseUrl],
    ['hub-url', merged.hubUrl],
    ['workspace-url', merged.workspaceUrl],
    ['webhook-receiver-url', merged.webhookReceiverUrl],
  ] as const)
    if (url !== undefined) httpUrl(url, name);
  return merged;
}

function inputsOf(file: string): TargetOptions {
  try {
    return targetOptionsOf(readInputs(file));
  } catch (error) {
    throw error instanceof InputsError ? new UsageError(error.message) : error;
  }
}
