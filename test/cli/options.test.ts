// The one definition of the options several commands share (src/cli/options.ts, shared-options.ts), read in process.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionHelp, parseOptions } from '../../src/cli/options.ts';
import { reportOptions, TARGET_OPTIONS, targetOptionsFrom } from '../../src/cli/shared-options.ts';
import { UsageError } from '../../src/cli/usage-error.ts';
import { DEFAULT_HUB_SELECTORS, hubSelectorsOf } from '../../harness/hub-inputs.ts';

const OPTIONS = { ...TARGET_OPTIONS, ...reportOptions(['pretty', 'json'] as const) };

function inputsFile(inputs: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'crmkit-options-')), 'inputs.json');
  writeFileSync(file, JSON.stringify(inputs));
  return file;
}

describe('reading the shared options', () => {
  it('reads the older --receiver-url and --receiver-port as --webhook-receiver-url and --webhook-receiver-port', () => {
    const { values } = parseOptions(['--receiver-url', 'https://hooks.example', '--receiver-port', '8788'], OPTIONS);
    expect(values).toMatchObject({ 'webhook-receiver-url': 'https://hooks.example', 'webhook-receiver-port': '8788' });
    expect(targetOptionsFrom(values)).toMatchObject({ webhookReceiverUrl: 'https://hooks.example', webhookReceiverPort: 8788 });
  });

  it('defaults the reporter and refuses one the command does not have', () => {
    expect(parseOptions([], OPTIONS).values.reporter).toBe('pretty');
    expect(() => parseOptions(['--reporter', 'junit'], OPTIONS)).toThrow(new UsageError('unknown reporter junit: pretty, json'));
  });

  it('takes the target from --inputs, with the options given over it', () => {
    const file = inputsFile({
      base_url: 'https://api.crm.example',
      api_key: 'svc_file',
      other_workspace_key: 'svc_other',
      webhook_receiver_port: 9000,
    });
    const { values } = parseOptions(['--inputs', file, '--api-key', 'svc_given'], OPTIONS);
    expect(targetOptionsFrom(values)).toMatchObject({
      baseUrl: 'https://api.crm.example',
      apiKey: 'svc_given',
      otherWorkspaceKey: 'svc_other',
      webhookReceiverPort: 9000,
    });
  });

  it("takes hub_member and hub_selectors from --inputs, over the selectors that fit crmkit's pages; refuses them malformed", async () => {
    const hubMember = { email: 'qa.owner@acme.example', password: 'pass word' };
    const hubSelectors = { consent_approve: 'button.allow' };
    const deployment = { base_url: 'https://api.crm.example', api_key: 'svc_file' };
    const file = inputsFile({ ...deployment, hub_member: hubMember, hub_selectors: hubSelectors });
    const options = targetOptionsFrom(parseOptions(['--inputs', file], OPTIONS).values);
    expect(options).toMatchObject({ hubMember, hubSelectors: { consent_approve: 'button.allow' } });
    expect(hubSelectorsOf(options.hubSelectors)).toEqual({ ...DEFAULT_HUB_SELECTORS, consent_approve: 'button.allow' });
    const wrongs: [object, RegExp][] = [
      [{ hub_member: { email: 'qa.owner@acme.example' } }, /hub_member is \{email, password\}/],
      [{ hub_selectors: { approve: '#ok' } }, /hub_selectors is an object of CSS selectors/],
      [{ hub_selectors: { consent_deny: 7 } }, /hub_selectors is an object of CSS selectors/],
    ];
    for (const [wrong, message] of wrongs) {
      const wrongFile = inputsFile({ base_url: 'https://api.crm.example', api_key: 'svc_file', ...wrong });
      expect(() => targetOptionsFrom(parseOptions(['--inputs', wrongFile], OPTIONS).values)).toThrow(message);
    }
  });

  it("takes form_languages from --inputs for the file's form_id only; refuses them malformed", () => {
    const deployment = { base_url: 'https://api.crm.example', api_key: 'svc_file', form_id: 'fm_file' };
    const file = inputsFile({ ...deployment, form_languages: ['ru', 'uz'] });
    expect(targetOptionsFrom(parseOptions(['--inputs', file], OPTIONS).values).formLanguages).toEqual(['ru', 'uz']);
    expect(targetOptionsFrom(parseOptions(['--inputs', file, '--form-id', 'fm_other'], OPTIONS).values).formLanguages).toBeUndefined();
    const wrong = inputsFile({ ...deployment, form_languages: 'ru uz' });
    expect(() => targetOptionsFrom(parseOptions(['--inputs', wrong], OPTIONS).values)).toThrow(/form_languages is a list of language tags/);
  });

  it('takes the test conversation from --inputs, its client and messages for its conversation_id only; refuses a malformed client', () => {
    const client = { name: 'QA test client', handle: '@qa_test_client', phone: '+998 90 123 45 67' };
    const conversation = { conversation_id: 'cv_file', edited_message_id: 'msg_edited', deleted_message_id: 'msg_deleted' };
    const file = inputsFile({ base_url: 'https://api.crm.example', api_key: 'svc_file', ...conversation, conversation_client: client });
    expect(targetOptionsFrom(parseOptions(['--inputs', file], OPTIONS).values)).toMatchObject({
      conversationId: 'cv_file',
      editedMessageId: 'msg_edited',
      deletedMessageId: 'msg_deleted',
      conversationClient: client,
    });
    const other = targetOptionsFrom(
      parseOptions(['--inputs', file, '--conversation-id', 'cv_other', '--edited-message-id', 'msg_other'], OPTIONS).values,
    );
    expect(other).toMatchObject({ conversationId: 'cv_other', editedMessageId: 'msg_other' });
    expect(other.deletedMessageId).toBeUndefined();
    expect(other.conversationClient).toBeUndefined();
    for (const wrong of [{ name: 7 }, { email: 'qa@acme.example' }, 'QA test client']) {
      const wrongFile = inputsFile({ base_url: 'https://api.crm.example', api_key: 'svc_file', conversation_client: wrong });
      expect(() => targetOptionsFrom(parseOptions(['--inputs', wrongFile], OPTIONS).values)).toThrow(
        /conversation_client is \{name, handle, phone\}/,
      );
    }
  });

  it('takes control_token from --inputs as --control-token; --control-token or CRMKIT_CONTROL_TOKEN wins over the file', () => {
    const saved = process.env.CRMKIT_CONTROL_TOKEN;
    delete process.env.CRMKIT_CONTROL_TOKEN;
    try {
      const file = inputsFile({ base_url: 'http://127.0.0.1:4010', api_key: 'svc_file', control_token: 'file-token-0123456789' });
      expect(targetOptionsFrom(parseOptions(['--inputs', file], OPTIONS).values).controlToken).toBe('file-token-0123456789');
      expect(
        targetOptionsFrom(parseOptions(['--inputs', file, '--control-token', 'given-token-0123456789'], OPTIONS).values).controlToken,
      ).toBe('given-token-0123456789');
      process.env.CRMKIT_CONTROL_TOKEN = 'env-token-0123456789';
      expect(targetOptionsFrom(parseOptions(['--inputs', file], OPTIONS).values).controlToken).toBe('env-token-0123456789');
      const wrong = inputsFile({ base_url: 'http://127.0.0.1:4010', api_key: 'svc_file', control_token: 42 });
      expect(() => targetOptionsFrom(parseOptions(['--inputs', wrong], OPTIONS).values)).toThrow(/control_token is a string/);
    } finally {
      if (saved === undefined) delete process.env.CRMKIT_CONTROL_TOKEN;
      else process.env.CRMKIT_CONTROL_TOKEN = saved;
    }
  });

  it("holds the inputs file's addresses to what --base-url takes", () => {
    const file = inputsFile({ base_url: 'api.crm.example', api_key: 'svc_file' });
    expect(() => targetOptionsFrom(parseOptions(['--inputs', file], OPTIONS).values)).toThrow(
      /--base-url is an http\(s\) address, not "api.crm.example"/,
    );
  });

  it('prints one help line per option, wrapped, with its placeholder and default', () => {
    const help = optionHelp({
      port: { type: 'string', value: 'N', default: '4010', help: 'port to listen on' },
      long: { type: 'string', help: 'word '.repeat(30).trim() },
    });
    expect(help.split('\n')[0]).toBe(`${'  --port N'.padEnd(36)} port to listen on (default 4010)`);
    expect(help.split('\n').every((line) => line.length <= 100)).toBe(true);
    expect(help.split('\n').length).toBeGreaterThan(2);
  });
});
