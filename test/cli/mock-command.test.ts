// `crmkit mock --public-url` and a wildcard --host: the URLs the mock hands out and prints are
// ones another machine can call, never http://0.0.0.0:PORT; the server still listens on --host.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from '../../src/cli/public-url.ts';
import { withCrmkitMock } from '../support/crmkit-process.ts';

const LAN = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [
    {
      address: 'fe80::1',
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6',
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: 'fe80::1/64',
      scopeid: 2,
    },
    {
      address: '192.168.1.20',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: '192.168.1.20/24',
    },
  ],
} as const;

describe('the origin crmkit mock hands out', () => {
  it('is the first non-internal IPv4 address for a wildcard --host, the port kept', () => {
    expect(publicOrigin('http://0.0.0.0:4010', '0.0.0.0', undefined, LAN as never)).toBe('http://192.168.1.20:4010');
    expect(publicOrigin('http://[::]:4010', '::', undefined, LAN as never)).toBe('http://192.168.1.20:4010');
    // A machine with loopback only: 127.0.0.1 at least answers on it.
    expect(publicOrigin('http://0.0.0.0:4010', '0.0.0.0', undefined, { lo: LAN.lo } as never)).toBe('http://127.0.0.1:4010');
  });

  it("is the server's own for any other --host, and --public-url as given (without a trailing slash) when given", () => {
    expect(publicOrigin('http://127.0.0.1:4010', '127.0.0.1', undefined, LAN as never)).toBe('http://127.0.0.1:4010');
    expect(publicOrigin('http://0.0.0.0:4010', '0.0.0.0', 'https://crm.example.test/', LAN as never)).toBe('https://crm.example.test');
  });

  it("--public-url: the banner and the mock's URLs use it; the server listens on --host", async () => {
    await withCrmkitMock(['--host', '127.0.0.1', '--public-url', 'http://crm.example.test:8080'], async (url, key, banner) => {
      const listening = /listening on\s+(\S+)/.exec(banner)?.[1];
      expect(url).toBe('http://crm.example.test:8080');
      expect(listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      for (const name of ['base_url', 'hub_url', 'workspace_url'])
        expect(banner).toMatch(new RegExp(`${name}\\s+http://crm\\.example\\.test:8080\\n`));
      expect(banner).toContain(`try: curl -H "Authorization: Bearer ${key}" http://crm.example.test:8080/v1/api-keys/whoami`);
      expect(banner).toContain('inspector      http://crm.example.test:8080/_mock/ui');
      const created = await (await fetch(`${listening}/_mock/workspaces`, { method: 'POST' })).json();
      expect(created.urls).toEqual({
        base_url: 'http://crm.example.test:8080',
        hub_url: 'http://crm.example.test:8080',
        workspace_url: 'http://crm.example.test:8080',
      });
    });
  });

  it("--public-url with --scenario: the story's records read the public URL, though its setup goes through the listening address", async () => {
    const story = join(mkdtempSync(join(tmpdir(), 'crmkit-story-')), 'story.yaml');
    writeFileSync(
      story,
      [
        "title: A form allowed on the CRM's own site",
        "description: Its setup names the CRM's own URLs.",
        "spec: ['4.12']",
        'setup:',
        '  forms:',
        "    - {name: 'Own site ${target.workspace_url}', allowed_origins: ['${target.workspace_url}', '${target.base_url}'], min_ms: 0}",
        'steps:',
        '  - {name: Who am I, request: {method: GET, path: /v1/api-keys/whoami}, expect: {status: 200}}',
        '',
      ].join('\n'),
    );
    await withCrmkitMock(['--public-url', 'http://crm.example.test:8080', '--scenario', story], async (_url, _key, banner) => {
      const listening = /listening on\s+(\S+)/.exec(banner)![1]!;
      const workspace = /workspace\s+(ws_\S+)/.exec(banner)![1]!;
      const snapshot = JSON.stringify(await (await fetch(`${listening}/_mock/workspaces/${workspace}/snapshot`)).json());
      expect(snapshot).toContain('"allowed_origins":["http://crm.example.test:8080","http://crm.example.test:8080"]');
      expect(snapshot).toContain('Own site http://crm.example.test:8080');
      expect(snapshot).not.toContain(listening);
    });
  });

  it('without --public-url on loopback, the banner is as before (no listening line)', async () => {
    await withCrmkitMock([], async (_url, _key, banner) => {
      expect(banner).not.toContain('listening on');
      expect(banner).toMatch(/base_url\s+http:\/\/127\.0\.0\.1:\d+\n/);
    });
  });
});

describe('crmkit mock --stand-in FILE --other-readings', () => {
  it('says which readings it takes, and answers their way (a contact delete: {id, deleted: true})', async () => {
    const inputs = join(mkdtempSync(join(tmpdir(), 'crmkit-other-')), 'deployment.json');
    await withCrmkitMock(['--stand-in', inputs, '--other-readings'], async (url, key, banner) => {
      expect(banner).toMatch(/other readings\s+key-order, time-form, extra-fields, list-orders, deleted-confirmation/);
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const body = JSON.stringify({ name: 'Aziza' });
      const contact = await (await fetch(`${url}/v1/contacts`, { method: 'POST', headers, body })).json();
      const deleted = await (await fetch(`${url}/v1/contacts/${contact.id}`, { method: 'DELETE', headers })).json();
      expect(deleted).toMatchObject({ id: contact.id, deleted: true });
      expect(contact.created_at).toMatch(/\+05:00$/);
    });
  });
});
