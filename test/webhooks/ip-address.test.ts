// The address classification behind the URL rules (spec 4.11), written without node:net so the
// core runs in a browser: compared here with node:net's own parser and BlockList.
import { BlockList, isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ipBytes, isLoopbackAddress, isPublicAddress } from '../../src/resources/webhooks/ip-address.ts';
import { addressAllowed } from '../../src/resources/webhooks/webhook-url.ts';

const SAMPLES = [
  '0.0.0.0',
  '8.8.8.8',
  '10.1.2.3',
  '100.64.0.1',
  '100.128.0.1',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.15.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '172.32.0.1',
  '192.0.2.1',
  '192.168.1.1',
  '198.18.0.1',
  '203.0.113.9',
  '224.0.0.1',
  '255.255.255.255',
  '93.184.215.14',
  '::',
  '::1',
  '::2',
  'fe80::1',
  'febf::1',
  'fec0::1',
  'fc00::1',
  'fdff::1',
  'ff02::1',
  '2001:db8::1',
  '2606:4700::6810:84e5',
  '::ffff:127.0.0.1',
  '::ffff:8.8.8.8',
  '::ffff:7f00:1',
  '64:ff9b::808:808',
  '2a00:1450:4001:80b::200e',
  '1:2:3:4:5:6:7:8',
];

// The same ranges as ip-address.ts, through node:net, as an independent reference.
const reference = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  reference.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  reference.addSubnet(network, prefix, 'ipv6');
}

describe('public addresses', () => {
  it.each(SAMPLES)('%s is judged as node:net BlockList judges it', (address) => {
    expect(isPublicAddress(address)).toBe(!reference.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6'));
  });

  it('parses what node:net parses, and nothing else', () => {
    for (const text of [...SAMPLES, '1.2.3', '256.1.1.1', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1', 'example.com', '', '::ffff:1.2.3.4.5']) {
      expect(ipBytes(text) !== null, text).toBe(isIP(text) !== 0);
    }
  });

  it('loopback is 127/8, ::1 and their mapped forms', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['128.0.0.1', '::2', '10.0.0.1'].some(isLoopbackAddress)).toBe(false);
  });
});

describe('where a delivery may connect (checked on the addresses a name resolves to)', () => {
  it('only to public addresses', () => {
    expect(addressAllowed('hooks.shop.example', '93.184.215.14', false)).toBe(true);
    expect(addressAllowed('hooks.shop.example', '10.0.0.1', false)).toBe(false);
    expect(addressAllowed('localhost', '127.0.0.1', false)).toBe(false);
  });

  it('with --allow-private-webhooks, localhost may reach loopback, and no other name may', () => {
    expect(addressAllowed('localhost', '127.0.0.1', true)).toBe(true);
    expect(addressAllowed('localhost', '::1', true)).toBe(true);
    expect(addressAllowed('localhost', '10.0.0.1', true)).toBe(false);
    expect(addressAllowed('rebind.shop.example', '127.0.0.1', true)).toBe(false);
  });
});
