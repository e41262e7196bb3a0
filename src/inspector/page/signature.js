// The signature check of spec 6.2, done by the page with WebCrypto: HMAC-SHA256 keyed with the
// whole secret (the `whsec_` prefix included) over `t`, a dot and the raw body, in lowercase hex,
// compared with `v1` of `Svc-Signature`. Also checks that `t` is the attempt's `Svc-Timestamp`.

const encoder = new TextEncoder();

async function hmacHex(secret, text) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `t` and `v1` of a `Svc-Signature` header, or null when it is not of that form. */
export function parseSignature(header) {
  if (typeof header !== 'string') return null;
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2)));
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return null;
  return { t: parts.t, v1: parts.v1 };
}

/** Header lookup without regard to case (the queue writes `Svc-Signature`). */
export function headerOf(headers, name) {
  const found = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : headers[found];
}

/**
 * `{valid, reason, expected}` for an attempt's request checked against the secret:
 * valid only when the header parses, `t` equals `Svc-Timestamp`, and `v1` is the HMAC.
 */
export async function checkSignature(request, secret) {
  const header = headerOf(request.headers, 'Svc-Signature');
  const parsed = parseSignature(header);
  if (!parsed) return { valid: false, reason: header ? `Svc-Signature is not t=<seconds>,v1=<64 hex>: ${header}` : 'no Svc-Signature header' };
  const expected = await hmacHex(secret, `${parsed.t}.${request.body}`);
  const timestamp = headerOf(request.headers, 'Svc-Timestamp');
  if (expected !== parsed.v1) return { valid: false, expected, reason: 'v1 is not HMAC-SHA256(secret, t + "." + body) with the current secret' };
  if (timestamp !== parsed.t) return { valid: false, expected, reason: `t=${parsed.t} differs from Svc-Timestamp ${timestamp ?? '(missing)'}` };
  return { valid: true, expected, reason: 'v1 matches HMAC-SHA256 of t, a dot and the body, keyed with the webhook\'s secret' };
}
