// The secret values of the flow (spec README, reading 4): `svc_ac_` codes, `svc_at_` access tokens,
// `svc_rt_` refresh tokens, each with 256 random bits; and the comparison of secrets in constant time.
import { randomBase64url } from '../store/random-text.ts';

export const CODE_PREFIX = 'svc_ac_';
export const ACCESS_TOKEN_PREFIX = 'svc_at_';
export const REFRESH_TOKEN_PREFIX = 'svc_rt_';
/** The consent page's hidden field: whoever holds it can decide, so it is as unguessable as a token. */
export const CONSENT_REQUEST_PREFIX = 'cr_';

export function newSecret(prefix: string): string {
  return `${prefix}${randomBase64url(32)}`;
}

/** Compares two secrets without leaking through timing where they first differ. */
export function sameSecret(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i % Math.max(b.length, 1));
  return difference === 0;
}
