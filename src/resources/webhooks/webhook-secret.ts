// The signing secret (spec 4.11): `whsec_` followed by 43 characters, the base64url form of 32
// random bytes (256 bits, the size of the HMAC-SHA256 key). Web Crypto, not node:crypto: the
// mock's core also runs in a browser.
export function newWebhookSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `whsec_${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
