// Verifies a webhook delivery of the CRM (Node 18 or later, no dependencies).
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/**
 * True when `Svc-Signature` is a valid signature of this exact body by `secret`, made less than
 * 5 minutes from now. `rawBody` is the body exactly as received (a Buffer or string), before any
 * JSON parsing; `secret` is the whole signing secret, `whsec_` included.
 */
export function verifyWebhook(rawBody, signatureHeader, secret, nowSeconds = Date.now() / 1000) {
  const parts = {};
  for (const part of String(signatureHeader ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  const { t, v1 } = parts;
  if (!/^\d+$/.test(t ?? '') || !/^[0-9a-f]{64}$/.test(v1 ?? '')) return false;
  if (Math.abs(nowSeconds - Number(t)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
