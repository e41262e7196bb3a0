// An independent verifier of spec 6.2, written from the spec and not from the mock's code: read
// `t` and `v1` from Svc-Signature, HMAC-SHA256 keyed with the whole secret over `t.body` (the
// raw body as received), lowercase hex, constant-time compare, `t` within 5 minutes of `nowMs`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifySignature(header: string | undefined, rawBody: string, secret: string, nowMs: number): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = parts.t;
  const v1 = parts.v1;
  if (!t || !v1 || !/^[0-9]+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  if (!timingSafeEqual(Buffer.from(expected, 'utf8'), Buffer.from(v1, 'utf8'))) return false;
  return Math.abs(nowMs / 1000 - Number(t)) <= 5 * 60;
}
