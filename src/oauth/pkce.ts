// PKCE with S256 only (spec 5.2 step 1; RFC 7636 4.6): the challenge is base64url(SHA-256(verifier))
// without padding. Web Crypto, so that the mock's core also runs in a browser (the MSW face).
import { sameSecret } from './secret-values.ts';

export async function s256Challenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
  return sameSecret(await s256Challenge(verifier), challenge);
}
