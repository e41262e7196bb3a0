// The URL rules of spec 4.11 and 8, on a mock without `--allow-private-webhooks` (the service's
// rules) and on one with it (a developer's receiver at 127.0.0.1 or localhost, nothing else).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

async function create(setup: Setup, url: string) {
  return call(setup.mock, 'POST', '/v1/webhooks', { key: setup.key, body: { name: 'rules', url, events: ['*'] } });
}

const REFUSED_EVERYWHERE: [string, string][] = [
  ['plain http to a public host', 'http://hooks.shop.example/crm'],
  ['a port other than 443 or 8443', 'https://hooks.shop.example:8080/crm'],
  ['a user name and password', 'https://user:secret@hooks.shop.example/crm'],
  ['a user name only', 'https://user@hooks.shop.example/crm'],
  ['a private 10/8 address', 'https://10.0.0.5/crm'],
  ['a private 172.16/12 address', 'https://172.20.1.1/crm'],
  ['a private 192.168/16 address', 'https://192.168.1.20/crm'],
  ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest'],
  ['the IPv6 loopback', 'https://[::1]/crm'],
  ['an IPv6 unique-local address', 'https://[fd00::1]/crm'],
  ['an IPv6 link-local address', 'https://[fe80::1]/crm'],
  ['an IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/crm'],
  ['an unspecified address', 'https://0.0.0.0/crm'],
  ['another loopback address', 'https://127.0.0.2/crm'],
  ['a .localhost name', 'https://app.localhost/crm'],
  ['more than 2048 characters', `https://hooks.shop.example/${'a'.repeat(2030)}`],
];

describe('without --allow-private-webhooks', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUpMock();
  });

  it.each<[string, string]>([
    ...REFUSED_EVERYWHERE,
    ['the loopback address', 'https://127.0.0.1/crm'],
    ['the loopback address written as a number', 'https://2130706433/crm'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/crm'],
    ['http to the loopback address', 'http://127.0.0.1:4000/crm'],
    ['localhost', 'https://localhost/crm'],
  ])('refuses %s with validation_failed under url', async (_, url) => {
    const { status, body } = await create(setup, url);
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'validation_failed' });
    expect(body.error.fields).toHaveProperty('url');
  });

  it('says how a developer reaches a receiver on their own machine when they name one', async () => {
    for (const url of ['http://127.0.0.1:4000/crm', 'https://localhost/crm']) {
      expect((await create(setup, url)).body.error.fields.url).toContain('--allow-private-webhooks');
    }
    expect((await create(setup, 'https://10.0.0.1/crm')).body.error.fields.url).not.toContain('--allow-private-webhooks');
  });

  it.each([
    ['HTTPS on the default port', 'https://hooks.shop.example/crm/events'],
    ['HTTPS on 443 written out', 'https://hooks.shop.example:443/crm'],
    ['HTTPS on 8443', 'https://hooks.shop.example:8443/crm'],
    ['a public IPv4 address', 'https://93.184.215.14/crm'],
    ['a public IPv6 address', 'https://[2606:4700::6810:84e5]/crm'],
    ['exactly 2048 characters', `https://hooks.shop.example/${'a'.repeat(2048 - 'https://hooks.shop.example/'.length)}`],
  ])('accepts %s', async (_, url) => {
    expect((await create(setup, url)).status).toBe(201);
  });
});

describe('with --allow-private-webhooks', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUpMock({ allowPrivateWebhooks: true });
  });

  it.each([
    ['http to 127.0.0.1 on any port', 'http://127.0.0.1:34567/hooks'],
    ['http to localhost', 'http://localhost:3000/hooks'],
    ['https to localhost', 'https://localhost:9443/hooks'],
  ])('accepts %s', async (_, url) => {
    expect((await create(setup, url)).status).toBe(201);
  });

  it.each(REFUSED_EVERYWHERE)('still refuses %s', async (_, url) => {
    expect((await create(setup, url)).status).toBe(422);
  });

  it('still refuses a user name and password on a local receiver', async () => {
    expect((await create(setup, 'http://user:pw@127.0.0.1:3000/hooks')).status).toBe(422);
  });
});
