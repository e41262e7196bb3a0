// The signature of spec 6.2: `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>`, keyed with the
// whole secret (the `whsec_` prefix included) over `t`, a dot and the raw body. Node-only
// (node:crypto, synchronous): used by the senders, which run only in Node.
import { createHmac } from 'node:crypto';

export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
