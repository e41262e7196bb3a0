// X-Request-Id of spec 7.1: the caller's own when valid (up to 64 letters, digits, `-`, `_`, `.`),
// otherwise a new one.
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(request: Request): string {
  const supplied = request.headers.get('x-request-id');
  return supplied && VALID_REQUEST_ID.test(supplied) ? supplied : `req_${randomHex(12)}`;
}

function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
