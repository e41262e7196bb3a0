// Spec 6.2, written from the spec for the suite (not from the mock's signing code): `t` and `v1`
// from Svc-Signature, HMAC-SHA256 keyed with the whole secret (`whsec_` included) over `t`, a dot
// and the raw body as received, lowercase hex, compared in constant time. The 5-minute window is
// a check of its own (webhooks.timestamp), so this says only whether the signature is right, and
// when it is not, which common mistake it matches, so that a failure says what to fix.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureParts = { t: string; v1: string };

/** `t` and `v1` of a `t=<unix seconds>,v1=<64 lowercase hex>` header, or undefined when it is not that. */
export function signatureParts(header: string | undefined): SignatureParts | undefined {
  const match = /^t=([0-9]+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  return match ? { t: match[1]!, v1: match[2]! } : undefined;
}

function hmacHex(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function signatureValid(header: string | undefined, rawBody: string, secret: string): boolean {
  const parts = signatureParts(header);
  return parts !== undefined && sameHex(hmacHex(secret, `${parts.t}.${rawBody}`), parts.v1);
}

/** Why a signature does not verify with `secret`, naming the usual mistakes; undefined when it verifies. */
export function signatureProblem(header: string | undefined, rawBody: string, secret: string): string | undefined {
  const parts = signatureParts(header);
  if (!parts) return `Svc-Signature is ${JSON.stringify(header ?? null)}, not t=<unix seconds>,v1=<64 lowercase hex>`;
  if (sameHex(hmacHex(secret, `${parts.t}.${rawBody}`), parts.v1)) return undefined;
  const bare = secret.replace(/^whsec_/, '');
  if (sameHex(hmacHex(secret, rawBody), parts.v1))
    return 'v1 is the HMAC of the body alone: the signed text must be `t`, a dot and the body';
  if (sameHex(hmacHex(bare, `${parts.t}.${rawBody}`), parts.v1))
    return 'v1 is keyed with the secret without its whsec_ prefix: the key is the whole secret';
  if (sameHex(hmacHex(bare, rawBody), parts.v1)) return 'v1 is the HMAC of the body alone, keyed with the secret without its whsec_ prefix';
  return 'v1 is not HMAC-SHA256(whole secret, `t.body`) of the body as received';
}

/** 5 minutes (spec 6.2): how far a receiver lets `t` stand from its own clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** What a receiver written from spec 6.2 accepts: the signature verifies and `t` is within 5 minutes of its clock `nowMs`. */
export function signatureAccepted(header: string | undefined, rawBody: string, secret: string, nowMs: number): boolean {
  const parts = signatureParts(header);
  return (
    parts !== undefined &&
    signatureValid(header, rawBody, secret) &&
    Math.abs(nowMs / 1000 - Number(parts.t)) <= TIMESTAMP_TOLERANCE_SECONDS
  );
}
