// X-Request-Id of spec 7.1: the caller's own when valid (up to 64 letters, digits, `-`, `_`, `.`),
// otherwise a new one.
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(request: Request): string {
  const supplied = request.headers.get('x-request-id');
  return supplied && VALID_REQUEST_ID.test(supplied) ? supplied : newRequestId();
}

// A random prefix per process and a counter: unique, unguessable enough for tracing, and
// without a call into the random source per request.
const PREFIX = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join('');
let counter = 0;

function newRequestId(): string {
  counter = (counter + 1) % 2 ** 48;
  return `req_${PREFIX}${counter.toString(16).padStart(12, '0')}`;
}
