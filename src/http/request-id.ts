// X-Request-Id of spec 7.1: the caller's own when valid (up to 64 letters, digits, `-`, `_`, `.`),
// otherwise a new one.
import { randomBytes } from 'node:crypto';

const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(request: Request): string {
  const supplied = request.headers.get('x-request-id');
  return supplied && VALID_REQUEST_ID.test(supplied) ? supplied : `req_${randomBytes(12).toString('hex')}`;
}
