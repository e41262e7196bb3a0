// The one receiver-side verifier of spec 6.2 (conformance/kits/webhook-signature.ts) that the suite and the tests use.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureAccepted } from '../../conformance/kits/webhook-signature.ts';

const secret = `whsec_${'k'.repeat(43)}`;
const body = '{"id":"evt_1","type":"ping"}';
const signedAt = 1_795_000_000;
const header = `t=${signedAt},v1=${createHmac('sha256', secret).update(`${signedAt}.${body}`).digest('hex')}`;

describe('a receiver written from spec 6.2', () => {
  it('accepts the body as signed, within 5 minutes of its own clock either way', () => {
    expect(signatureAccepted(header, body, secret, signedAt * 1000)).toBe(true);
    expect(signatureAccepted(header, body, secret, (signedAt + 300) * 1000)).toBe(true);
    expect(signatureAccepted(header, body, secret, (signedAt - 300) * 1000)).toBe(true);
  });

  it('refuses a timestamp more than 5 minutes from its clock, a changed body, another secret, or another header shape', () => {
    expect(signatureAccepted(header, body, secret, (signedAt + 301) * 1000)).toBe(false);
    expect(signatureAccepted(header, `${body} `, secret, signedAt * 1000)).toBe(false);
    expect(signatureAccepted(header, body, secret.replace(/^whsec_/, ''), signedAt * 1000)).toBe(false);
    expect(signatureAccepted(header.toUpperCase(), body, secret, signedAt * 1000)).toBe(false);
    expect(signatureAccepted(undefined, body, secret, signedAt * 1000)).toBe(false);
  });
});
